// The administrator's (front desk's) day (issue 15, section 7): an order whose first lesson is today becomes a
// student, who pays at the desk from the student's card, is frozen for two weeks and brought back, and finally
// leaves, the money on the balance refunded from a cash desk. The lead, the group seat and the desk are this run's
// own (the desk gets its money from this very payment), so nothing another spec does changes what is checked.
import { expect, test } from '@playwright/test';
import { formatMoney } from '../../../src/lib/money';
import { sumAmounts } from '../../../contract/money';
import { DEMO, addDays, centreToday, signIn, standAt, tashkent, typedDay } from '../helpers';
import { CALL_OPERATOR, chilonzor, dotted, getJson, groupMeetingToday, headersOf, ownDesk, randomLocalPhone, suffix } from './records';

type Balances = { total: string };
type Card = { status: string; balance: string; is_archived?: boolean };
type Desk = { balance: string };

test('administrator: an order becomes a student who pays on the card, is frozen and leaves with a refund', async ({ page, request }) => {
  test.setTimeout(120_000);
  const run = suffix();
  const name = `Jurnal O‘quvchi ${run}`;
  const localPhone = randomLocalPhone();
  const today = centreToday();
  const operator = await headersOf(request, CALL_OPERATOR);
  const admin = await headersOf(request, DEMO.administrator);
  const filial = await chilonzor(request, admin);
  const group = await groupMeetingToday(request, filial);
  const desk = await ownDesk(request, filial, `Qabul kassasi ${run}`);
  // The call operator's order for the group's lesson today.
  const lead = await (await request.post('/api/lid/', { headers: operator, data: { filial, full_name: name, phone: `+998${localPhone}` } })).json();
  const ordered = await request.patch(`/api/lid/${lead.id}/create_order`, { headers: operator, data: { group: group.id, first_lesson_date: today } });
  expect(ordered.status(), await ordered.text()).toBe(200);

  // The administrator finds the order on the orders board and opens it.
  await page.goto('/login');
  await signIn(page, DEMO.administrator);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/leads/orders');
  await expect(page.getByTestId('orders-board').getByRole('link', { name })).toBeVisible();
  // She types the phone and, the order being on the board already, opens it before the search's pause is over (the
  // page's timers held still so that this is so on any machine). The search left waiting must not bring her back.
  await page.clock.install();
  await page.clock.pauseAt(new Date(Date.now() + 5_000));
  await page.getByRole('searchbox', { name: /Qidirish/ }).fill(localPhone);
  await page.getByTestId('orders-board').getByRole('link', { name }).click();
  await page.clock.runFor(2_000);
  await page.clock.resume();
  await expect(page).toHaveURL(new RegExp(`/leads/orders/info\\?id=${lead.id}$`));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('order-group-name')).toContainText(group.name);
  await expect(page.getByTestId('order-first-lesson')).toContainText(dotted(today));

  // The lead came to the lesson: a student.
  await page.getByTestId('lead-move-join').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'O‘quvchi qilish' }).click();
  await expect(page.getByTestId('lead-joined')).toBeVisible();
  await expect(page.getByTestId('lead-stage')).toHaveAttribute('data-stage', 'JOINED');
  await expect(page.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'join');
  await page.getByTestId('lead-student-link').click();
  await expect(page).toHaveURL(/\/students\/info\?id=\d+/);
  const studentId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const members = await getJson<{ student: { id: number } }[]>(request, admin, `/add-group/group/${group.id}/`);
  expect(members.map((m) => m.student.id)).toContain(studentId);

  // A payment of 300 000 from the card's payments tab into this run's desk.
  await page.getByRole('tab', { name: 'To‘lovlar' }).click();
  await expect(page).toHaveURL(/tab=payments/);
  const before = (await getJson<Balances>(request, admin, `/students/${studentId}/balances/`)).total;
  const total = page.getByTestId('billing-total');
  await expect(total).toHaveText(formatMoney(before));
  await page.getByTestId('take-payment').click();
  const pay = page.getByTestId('take-payment-form');
  await expect(page.getByRole('dialog')).toContainText(name);
  await expect(pay.getByTestId('entry-group')).toHaveValue(String(group.id));
  await pay.getByTestId('take-desk').selectOption(String(desk.id));
  await pay.getByTestId('entry-amount').fill('300 000');
  // Left to the automatic split, the form shows where the money goes before saving; then the group again.
  await pay.getByTestId('entry-group').selectOption('');
  await expect(pay.getByTestId(`allocation-part-${group.id}`)).toContainText(formatMoney('300000.00'));
  await pay.getByTestId('entry-group').selectOption(String(group.id));
  await pay.getByTestId('write-submit').click();
  await expect(pay).toHaveCount(0);
  await expect(page.getByTestId('toasts').getByText('To‘lov qabul qilindi')).toBeVisible();
  const paid = sumAmounts([before, '300000.00']);
  await expect(total).toHaveText(formatMoney(paid));
  await expect(page.getByTestId('billing-payments')).toContainText(formatMoney('300000.00'));
  expect((await getJson<Balances>(request, admin, `/students/${studentId}/balances/`)).total).toBe(paid);
  expect((await getJson<Desk>(request, admin, `/finance/casher/${desk.id}/`)).balance).toBe('300000.00');

  // The receipt of that payment opens in a new tab: printable, amount in words, and the PDF.
  const [receiptTab] = await Promise.all([page.context().waitForEvent('page'), page.getByTestId('payment-receipt').first().click()]);
  await expect(receiptTab.getByTestId('receipt')).toBeVisible();
  await expect(receiptTab.getByTestId('receipt-amount')).toContainText(formatMoney('300000.00'));
  await expect(receiptTab.getByTestId('receipt-words')).toHaveText('uch yuz ming so‘m');
  await expect(receiptTab.getByTestId('receipt')).toContainText(name);
  const [pdf] = await Promise.all([receiptTab.waitForEvent('download'), receiptTab.getByTestId('receipt-pdf').click()]);
  expect(pdf.suggestedFilename()).toMatch(/^kvitansiya-\d+\.pdf$/);
  await receiptTab.close();
  // Back on the student card, as the browser shows it once the receipt tab is closed (a hidden page runs no CSS
  // animation, so a closing dialog would keep its backdrop).
  await page.bringToFront();

  // A joined lead is a new student until the front desk activates them.
  const status = page.getByTestId('student-status');
  const actions = page.getByTestId('student-actions');
  await expect(status).toHaveAttribute('data-status', 'new');
  await actions.getByRole('button', { name: 'Faollashtirish', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Faollashtirish', exact: true }).click();
  await expect(status).toHaveAttribute('data-status', 'active');

  // A family trip: frozen from today for two weeks, then back before it ends. The desk stands at 07:00 from here:
  // after a lesson of the group has begun today, a freeze from today begins tomorrow.
  await standAt(page, tashkent(today, '07:00'));
  await actions.getByRole('button', { name: 'Muzlatish', exact: true }).click();
  const freeze = page.getByTestId('freeze-form');
  await expect(freeze.getByLabel('Boshlanish sanasi')).toHaveValue(typedDay(today));
  await freeze.getByLabel('Tugash sanasi').fill(typedDay(addDays(today, 14)));
  await freeze.getByLabel('Sabab').fill('Oilaviy safar');
  await freeze.getByRole('button', { name: 'Muzlatish', exact: true }).click();
  await expect(freeze).toHaveCount(0);
  await expect(status).toHaveAttribute('data-status', 'frozen');
  await expect(status).toContainText(`${dotted(addDays(today, 14))} gacha`);
  expect((await getJson<Card>(request, admin, `/students/${studentId}/`)).status).toBe('frozen');
  await actions.getByRole('button', { name: 'Muzlatishni bekor qilish', exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Muzlatishni bekor qilish', exact: true }).click();
  await expect(status).toHaveAttribute('data-status', 'active');
  expect((await getJson<Card>(request, admin, `/students/${studentId}/`)).status).toBe('active');

  // The student leaves: the archive dialog asks what happens to the money on the balance.
  const credit = (await getJson<Balances>(request, admin, `/students/${studentId}/balances/`)).total;
  expect(Number(credit)).toBeGreaterThan(0);
  await page.getByTestId('action-archive').click();
  const archive = page.getByTestId('archive-form');
  await expect(archive.getByTestId('archive-money')).toContainText(formatMoney(credit));
  await archive.getByLabel('Sabab').fill('Boshqa shaharga ko‘chdi');
  await archive.getByTestId('write-submit').click();
  // Nothing chosen yet: the dialog says so and stays.
  await expect(archive.getByTestId('archive-money').getByRole('alert')).toBeVisible();
  await archive.getByTestId('archive-money-refund').check();
  await archive.getByTestId('archive-desk').selectOption(String(desk.id));
  await expect(archive).toContainText(`Kassada shu usulda: ${formatMoney('300000.00')}`);
  await archive.getByTestId('write-submit').click();
  await expect(archive).toHaveCount(0);
  await expect(status).toHaveAttribute('data-status', 'archived');
  await expect(total).toHaveText(formatMoney('0.00'));
  await expect(page.getByTestId('billing-payments')).toContainText('Qaytarilgan pul');
  await page.getByRole('tab', { name: 'Tarix' }).click();
  await expect(page.getByText(`Balansdagi ${formatMoney(credit)} o‘quvchiga qaytarildi`)).toBeVisible();

  // The server agrees: the card archived at zero, the desk short by exactly the refund.
  const card = await getJson<Card>(request, admin, `/students/${studentId}/`);
  expect(card).toMatchObject({ status: 'archived', balance: '0.00' });
  expect((await getJson<Desk>(request, admin, `/finance/casher/${desk.id}/`)).balance).toBe(sumAmounts(['300000.00', `-${credit}`]));
});
