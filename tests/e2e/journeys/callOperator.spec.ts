// The call operator's day (issue 15, section 7): a caller becomes a lead in the list's quick form, waits, gets a
// comment that mentions the front desk's administrator, and leaves with an order for a group's lesson today and a
// contract to sign. Every record is this run's own; the server is asked what it holds after each step that counts.
import { inflateRawSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { DEMO, centreToday, signIn } from '../helpers';
import { CALL_OPERATOR, dotted, getJson, groupMeetingToday, headersOf, isoWeekday, meOf, randomLocalPhone, suffix } from './records';

/** The text of one file of a zip (a .docx), read through the central directory with Node's zlib. */
function unzipText(zip: Buffer, name: string): string {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd, 'a zip end record').toBeGreaterThanOrEqual(0);
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + extra + comment;
  }
  throw new Error(`${name} is not in the zip`);
}

type Lead = { id: number; stage: string; is_archived: boolean; order_group: { id: number } | null; first_lesson_date: string | null };
type Notification = { id: number; comment: string; link?: string | null };

test('call operator: a caller becomes a lead, a comment mentions the administrator, and the lead leaves with an order', async ({ page, request }) => {
  test.setTimeout(90_000);
  const run = suffix();
  const name = `Jurnal Lid ${run}`;
  const localPhone = randomLocalPhone();
  const operator = await headersOf(request, CALL_OPERATOR);
  const me = await meOf(request, CALL_OPERATOR);
  const administrator = await meOf(request, DEMO.administrator);
  const group = await groupMeetingToday(request, me.filial[0]);
  const today = centreToday();

  // Signed in, the operator lands on the new leads and adds the caller in the quick form.
  await page.goto('/leads?tab=YANGI_LEAD');
  await signIn(page, CALL_OPERATOR);
  await expect(page).toHaveURL(/\/leads\?tab=YANGI_LEAD$/);
  await page.getByTestId('lead-add').click();
  const create = page.getByTestId('lead-form');
  await create.locator('input[name=full_name]').fill(name);
  const phone = create.locator('input[name=phone]');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially(localPhone);
  await page.getByTestId('lead-save').click();
  await expect(create).toBeHidden();
  await page.getByRole('searchbox', { name: /Qidirish/ }).fill(name);
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('leads-table').locator('tbody tr')).toHaveCount(1);
  await page.getByTestId('leads-table').getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/leads\/lead_info\?id=\d+$/);
  const leadId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const stage = page.getByTestId('lead-stage');
  await expect(stage).toHaveAttribute('data-stage', 'YANGI_LEAD');
  await expect(page.getByTestId('lead-move-join')).toHaveCount(0);

  // The caller wants to think: waiting.
  await page.getByTestId('lead-move-wait').click();
  await expect(stage).toHaveAttribute('data-stage', 'KUTULMOQDA');
  await expect(stage).toContainText('Kutilmoqda');
  const history = page.getByTestId('lead-history');
  await expect(history.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'stage');

  // A comment for the front desk, mentioning the administrator with the picker.
  const note = `Kechki guruhni so‘radi, ertaga qo‘ng‘iroq qiling ${run}`;
  const comments = page.getByTestId('lead-comments');
  await comments.getByLabel('Yangi izoh').fill(note);
  const picker = comments.getByTestId('mention-picker');
  const option = picker.getByLabel('Eslatish').locator('option', { hasText: administrator.full_name });
  await expect(option).toHaveCount(1);
  await picker.getByLabel('Eslatish').selectOption({ label: (await option.textContent())! });
  await expect(picker.getByTestId('mention-chips')).toContainText(`@${administrator.full_name}`);
  await comments.getByRole('button', { name: 'Qo‘shish' }).click();
  await expect(page.getByTestId('lead-comment').filter({ hasText: note })).toBeVisible();
  await expect(picker.getByTestId('mention-chips')).toHaveCount(0);
  await expect(comments.getByLabel('Yangi izoh')).toHaveValue('');
  // The administrator is told, with a link to this lead.
  const admin = await headersOf(request, DEMO.administrator);
  const told = (await getJson<Notification[]>(request, admin, '/notifications/no-pg/', { user: administrator.id })).filter((n) => n.comment.includes(run));
  expect(told).toHaveLength(1);
  expect(told[0].link).toContain(`id=${leadId}`);

  // The order: the group, then its lesson today (only the group's days are offered).
  await page.getByTestId('lead-move-order').click();
  const order = page.getByTestId('lead-order-form');
  await order.locator('select[name=group]').selectOption(String(group.id));
  const days = order.locator('select[name=first_lesson_date] option:not([value=""])');
  await expect(days.first()).toHaveAttribute('value', today);
  for (const value of await days.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
    expect(group.days).toContain(isoWeekday(value));
  }
  await order.locator('select[name=first_lesson_date]').selectOption(today);
  await order.getByRole('button', { name: 'Buyurtma yaratish' }).click();
  await expect(order).toHaveCount(0);
  await expect(stage).toHaveAttribute('data-stage', 'ORDER_CREATED');
  const orderPanel = page.getByTestId('lead-order');
  await expect(orderPanel).toContainText(group.name);
  await expect(orderPanel).toContainText(dotted(today));
  await expect(history.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'order');

  // The contract as .docx, with the lead's name inside.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('lead-document-contract').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^shartnoma-${leadId}-\\d{4}-\\d{2}-\\d{2}\\.docx$`));
  const { readFile } = await import('node:fs/promises');
  const docx = await readFile((await download.path())!);
  expect(docx.subarray(0, 2).toString()).toBe('PK');
  expect(unzipText(docx, 'word/document.xml')).toContain(name);

  // The server holds the order and the comment; the lead is on the orders board.
  const held = await getJson<Lead>(request, operator, `/lid/${leadId}/`);
  expect(held).toMatchObject({ stage: 'ORDER_CREATED', is_archived: false, order_group: { id: group.id }, first_lesson_date: today });
  await page.goto('/leads/orders');
  await page.getByRole('searchbox', { name: /Qidirish/ }).fill(localPhone);
  await expect(page.getByTestId('orders-board').locator(`[data-row-id="${leadId}"]`)).toContainText(group.name);

  // The day ends: signed out.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Chiqish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Chiqish' }).click();
  await expect(page).toHaveURL(/\/login$/);
});
