import { expect, test, type Page } from '@playwright/test';
import { DEMO, apiSignIn, signIn, typedDay } from './helpers';

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;
const centreToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

/** Confirms a status move in the generic confirm dialog. */
async function confirmMove(page: Page, label: string) {
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: label, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

// The administrator walks a student along the status chart on the student page, as the model does:
// active → freeze → frozen → unfreeze → active → archive → archived → unarchive → active; then a comment.
test('the administrator freezes, unfreezes, archives and brings back a student, and comments on them', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, DEMO.administrator);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor');
  expect(chilonzor, 'the demo branch Chilonzor').toBeDefined();

  // A student of our own (other specs count demo rosters), made active through the API.
  const suffix = Math.random().toString(36).slice(2, 8);
  const phone = `+99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await request.post('/api/students/', {
    headers,
    data: { filial: chilonzor!.id, full_name: `Status Sinov ${suffix}`, phone, status: 'new' },
  });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number; full_name: string; status: string };
  const activated = await request.post(`/api/api/v2/students/${student.id}/activate`, { headers, data: {} });
  expect(activated.status()).toBe(200);
  expect(((await activated.json()) as { status: string }).status).toBe('active');

  await page.goto('/login');
  await signIn(page, DEMO.administrator);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/students/info?id=${student.id}`);
  await expect(page.getByRole('heading', { level: 1, name: student.full_name })).toBeVisible();
  const status = page.getByTestId('student-status');
  await expect(status).toHaveAttribute('data-status', 'active');
  const actions = page.getByTestId('student-actions');
  // Only the moves the chart allows from active.
  await expect(actions.getByRole('button', { name: 'Muzlatish', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Arxivlash', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Faollashtirish', exact: true })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: 'Arxivdan qaytarish', exact: true })).toHaveCount(0);

  // Freeze from today for two weeks; the dialog refuses a period without a reason first.
  const today = centreToday();
  await actions.getByRole('button', { name: 'Muzlatish', exact: true }).click();
  const freeze = page.getByTestId('freeze-form');
  await expect(freeze.getByLabel('Boshlanish sanasi')).toHaveValue(typedDay(today));
  // The shared contract's period rules, before anything is sent: an end before the start, then too long a freeze.
  await freeze.getByLabel('Tugash sanasi').fill(typedDay(addDays(today, -1)));
  await expect(freeze.getByText('Tugash sanasi boshlanish sanasidan oldin bo‘lishi mumkin emas')).toBeVisible();
  await freeze.getByLabel('Tugash sanasi').fill(typedDay(addDays(today, 200)));
  await expect(freeze.getByText('Muzlatish ko‘pi bilan 180 kun davom etishi mumkin')).toBeVisible();
  await freeze.getByLabel('Tugash sanasi').fill(typedDay(addDays(today, 14)));
  await freeze.getByRole('button', { name: 'Muzlatish', exact: true }).click();
  await expect(freeze.getByText('Majburiy maydon')).toBeVisible();
  await freeze.getByLabel('Sabab').fill('Oilaviy safar');
  await freeze.getByRole('button', { name: 'Muzlatish', exact: true }).click();
  await expect(freeze).toHaveCount(0);
  await expect(status).toHaveAttribute('data-status', 'frozen');
  await expect(status).toContainText(`${shown(addDays(today, 14))} gacha`);
  await expect(actions.getByRole('button', { name: 'Muzlatish', exact: true })).toHaveCount(0);

  // Unfreeze: active again.
  await actions.getByRole('button', { name: 'Muzlatishni bekor qilish', exact: true }).click();
  await confirmMove(page, 'Muzlatishni bekor qilish');
  await expect(status).toHaveAttribute('data-status', 'active');

  // Archive with a reason: archived, the reason shown, only "bring back" left.
  await actions.getByRole('button', { name: 'Arxivlash', exact: true }).click();
  const archive = page.getByTestId('archive-form');
  await archive.getByLabel('Sabab').fill('Boshqa shaharga ko‘chdi');
  await archive.getByRole('button', { name: 'Arxivlash', exact: true }).click();
  await expect(status).toHaveAttribute('data-status', 'archived');
  await expect(page.getByTestId('archived-reason')).toContainText('Boshqa shaharga ko‘chdi');
  await expect(actions.getByRole('button')).toHaveCount(1);

  // The history tab lists the moves, newest first.
  await page.getByRole('tab', { name: 'Tarix' }).click();
  await expect(page).toHaveURL(/tab=history/);
  const history = page.getByTestId('history-list').getByRole('listitem');
  await expect(history.first()).toContainText('Arxivlandi. Sabab: Boshqa shaharga ko‘chdi.');
  await expect(history.nth(1)).toContainText('Muzlatishdan chiqarildi.');
  await expect(history.nth(2)).toContainText(`${shown(today)} dan ${shown(addDays(today, 14))} gacha muzlatildi. Sabab: Oilaviy safar.`);

  // Bring back: active again (the status they were archived from); the history grows.
  await actions.getByRole('button', { name: 'Arxivdan qaytarish', exact: true }).click();
  await confirmMove(page, 'Arxivdan qaytarish');
  await expect(status).toHaveAttribute('data-status', 'active');
  await expect(history.first()).toContainText('Arxivdan qaytarildi: Faol.');

  // A reload keeps the tab (it is in the URL) and the status (it is on the server).
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Tarix' })).toHaveAttribute('aria-selected', 'true');
  await expect(status).toHaveAttribute('data-status', 'active');

  // A comment.
  await page.getByRole('tab', { name: 'Izohlar' }).click();
  const text = `Ota-onasi bilan gaplashildi ${suffix}`;
  await page.getByTestId('comment-form').getByLabel('Yangi izoh').fill(text);
  await page.getByTestId('comment-form').getByRole('button', { name: 'Izoh qo‘shish', exact: true }).click();
  await expect(page.getByTestId('comments-list').getByText(text)).toBeVisible();
  await expect(page.getByTestId('comment-form').getByLabel('Yangi izoh')).toHaveValue('');
});

// new → activate in the page, then a freeze from a later day: scheduled, so the student stays active.
test('the administrator activates a new student and schedules a freeze that starts later', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, DEMO.administrator);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const filial = filials.find((f) => f.name === 'Chilonzor')!.id;
  const suffix = Math.random().toString(36).slice(2, 8);
  const phone = `+99894${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await request.post('/api/students/', { headers, data: { filial, full_name: `Yangi Sinov ${suffix}`, phone, status: 'new' } });
  expect(created.status()).toBe(201);
  const student = (await created.json()) as { id: number; full_name: string };

  await page.goto('/login');
  await signIn(page, DEMO.administrator);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/students/info?id=${student.id}`);
  const status = page.getByTestId('student-status');
  await expect(status).toHaveAttribute('data-status', 'new');
  const actions = page.getByTestId('student-actions');
  await expect(actions.getByRole('button', { name: 'Muzlatish', exact: true })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Faollashtirish', exact: true }).click();
  await confirmMove(page, 'Faollashtirish');
  await expect(status).toHaveAttribute('data-status', 'active');

  const today = centreToday();
  const from = addDays(today, 3);
  const to = addDays(today, 10);
  await actions.getByRole('button', { name: 'Muzlatish', exact: true }).click();
  const freeze = page.getByTestId('freeze-form');
  await freeze.getByLabel('Boshlanish sanasi').fill(typedDay(from));
  await freeze.getByLabel('Tugash sanasi').fill(typedDay(to));
  await expect(freeze.getByTestId('freeze-hint')).toContainText(shown(from));
  await freeze.getByLabel('Sabab').fill('Imtihonlar');
  await freeze.getByRole('button', { name: 'Muzlatish', exact: true }).click();
  await expect(freeze).toHaveCount(0);
  await expect(status).toContainText(`Muzlatish rejalashtirilgan: ${shown(from)} – ${shown(to)}`);
  await expect(status).toHaveAttribute('data-status', 'active');
  await page.getByRole('tab', { name: 'Tarix' }).click();
  await expect(page.getByTestId('history-list').getByRole('listitem').first()).toContainText(
    `${shown(from)} dan ${shown(to)} gacha muzlatish rejalashtirildi. Sabab: Imtihonlar.`,
  );
  await expect(page.getByTestId('status-records')).toContainText(`${shown(from)} – ${shown(to)}`);

  // The freeze has not begun: cancelling it keeps the student active and takes the scheduled period away.
  await actions.getByTestId('action-cancel-freeze').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Rejalashtirilgan muzlatishni bekor qilish' }).click();
  await expect(page.getByTestId('toasts').getByText('Rejalashtirilgan muzlatish bekor qilindi')).toBeVisible();
  await expect(status).not.toContainText('Muzlatish rejalashtirilgan');
  await expect(status).toHaveAttribute('data-status', 'active');
  await expect(actions.getByTestId('action-cancel-freeze')).toHaveCount(0);
  const card = (await (await request.get(`/api/students/${student.id}/`, { headers })).json()) as { status: string; frozen_from: string | null };
  expect(card).toMatchObject({ status: 'active' });

  // Edit: the parents' phone through the mask; the header and the history show it.
  await actions.getByRole('button', { name: 'Tahrirlash', exact: true }).click();
  const edit = page.getByTestId('edit-student-form');
  await edit.getByLabel('Ota-onasining telefoni').pressSequentially('901234567');
  await edit.getByRole('button', { name: 'Saqlash', exact: true }).click();
  await expect(edit).toHaveCount(0);
  await expect(page.getByText('+998 90 123 45 67')).toBeVisible();
  await expect(page.getByTestId('history-list').getByRole('listitem').first()).toContainText('O‘zgartirildi: Ota-onasining telefoni.');
});
