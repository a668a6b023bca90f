import { expect, test } from '@playwright/test';
import { DEMO, apiSignIn, signIn, typedDay } from './helpers';

// The director gives the administrator a task with a due time; the administrator (a fresh browser) finds it in
// /tasks under "Menga" and in the bell, whose notification opens the task.
test('a task with a due time appears in the performer’s /tasks and their bell, which opens it', async ({ page, browser, request }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const title = `Hisobotni tekshirish ${suffix}`;
  // A student of Chilonzor to link to the task.
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor')!;
  const phone = `+99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const created = await request.post('/api/students/', { headers, data: { filial: chilonzor.id, full_name: `Vazifa Sinov ${suffix}`, phone, status: 'new' } });
  expect(created.status()).toBe(201);

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/tasks');
  await expect(page.getByRole('heading', { level: 1, name: 'Vazifalar' })).toBeVisible();
  await page.getByTestId('task-create').click();
  const form = page.getByTestId('task-form');
  await form.getByLabel('Vazifa nomi').fill(title);
  await form.getByLabel('Izoh').fill('Oylik hisobotni direktorga yuborish');
  const performer = form.getByLabel('Bajaruvchi');
  await expect(performer.locator('option', { hasText: 'Jasur Toshmatov' })).toHaveCount(1);
  await performer.selectOption({ label: (await performer.locator('option', { hasText: 'Jasur Toshmatov' }).textContent())! });
  // Tomorrow at 15:30 (a 30-minute slot).
  const tomorrow = new Date(Date.now() + 86_400_000 + 5 * 3_600_000).toISOString().slice(0, 10);
  await form.getByLabel('Sana').fill(typedDay(tomorrow));
  await form.getByLabel('Vaqt').selectOption('15:30');
  await form.getByLabel('O‘quvchi (ixtiyoriy)').fill(`Vazifa Sinov ${suffix}`);
  const found = form.getByLabel('Topilgan o‘quvchilar');
  await expect(found.locator('option', { hasText: `Vazifa Sinov ${suffix}` })).toHaveCount(1);
  await found.selectOption({ label: (await found.locator('option', { hasText: `Vazifa Sinov ${suffix}` }).textContent())! });
  await form.getByTestId('task-submit').click();
  // The new task is listed under "Men bergan"; it opens in its drawer.
  await page.getByTestId('tasks-created').getByRole('row', { name: new RegExp(title) }).click();
  const drawer = page.getByTestId('task-drawer');
  await expect(drawer).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const [y, m, d] = tomorrow.split('-');
  await expect(drawer.getByTestId('task-due')).toHaveText(`${d}.${m}.${y} 15:30`);
  await expect(drawer.getByRole('link', { name: `Vazifa Sinov ${suffix}` })).toBeVisible();
  // Postponed by half an hour.
  await drawer.getByTestId('task-edit').click();
  await drawer.getByTestId('task-reschedule').getByLabel('Vaqt').selectOption('16:00');
  await drawer.getByTestId('task-reschedule-save').click();
  await expect(drawer.getByTestId('task-due')).toHaveText(`${d}.${m}.${y} 16:00`);
  await expect(drawer.getByTestId('task-reschedule')).toHaveCount(0);
  const id = new URL(page.url()).searchParams.get('id');
  expect(id).toMatch(/^\d+$/);

  // The administrator, in a fresh context.
  const context = await browser.newContext();
  const admin = await context.newPage();
  await admin.goto('/login');
  await signIn(admin, DEMO.administrator);
  await expect(admin).not.toHaveURL(/\/login$/);
  await admin.goto('/tasks');
  const mine = admin.getByTestId('tasks-mine');
  const row = mine.getByRole('row', { name: new RegExp(title) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Akmal Karimov');
  await expect(row).toContainText('Yangi');

  // The bell: the notification names the task and opens it.
  await admin.goto('/');
  await admin.getByTestId('bell').click();
  const note = admin.getByTestId('notification-link').filter({ hasText: title });
  await expect(note).toBeVisible();
  await expect(note).toContainText(`Sizga yangi vazifa: ${title}`);
  await note.click();
  await expect(admin).toHaveURL(new RegExp(`/tasks\\?id=${id}$`));
  const opened = admin.getByTestId('task-drawer');
  await expect(opened).toBeVisible();
  await expect(admin.getByRole('heading', { name: title })).toBeVisible();

  // The performer starts it: the status moves.
  await opened.getByTestId('task-move-in_progress').click();
  await expect(opened.getByTestId('task-status')).toHaveText('Jarayonda');
  await expect(opened.getByTestId('task-move-done')).toBeVisible();
  await context.close();
});
