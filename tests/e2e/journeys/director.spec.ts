// The director's day (issue 15, section 7): the interface in English, a look at the Yunusobod branch, and a task
// for a colleague there, who finds it in the bell (in the centre's language, Uzbek) and starts it. The task is this
// run's own (a unique title); the server is asked what it holds.
import { expect, test } from '@playwright/test';
import { DEMO, addDays, centreToday, signIn, typedDay } from '../helpers';
import { getJson, headersOf, meOf, ownStudent, suffix } from './records';

type Task = { id: number; title: string; status: string; filial: number; performer: { id: number }; due_at?: string };

test('director: English, the Yunusobod branch, and a task to a colleague who sees it in the bell', async ({ page, browser, request }) => {
  test.setTimeout(90_000);
  const run = suffix();
  const title = `Check the monthly report ${run}`;
  const director = await headersOf(request, DEMO.director);
  const yunusobod = (await getJson<{ id: number; name: string }[]>(request, director, '/filial/no-pg/')).find((f) => f.name === 'Yunusobod')!;
  const colleague = await meOf(request, DEMO.assistant);
  expect(colleague.filial).toEqual([yunusobod.id]);
  // The student the task is about: one of this run in Yunusobod.
  const student = await ownStudent(request, director, yunusobod.id, `Hisobot O‘quvchi ${run}`);

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: /Xush kelibsiz/ })).toBeVisible();
  await expect(page.getByTestId('role-label')).toHaveText('Direktor');

  // English, kept across a reload.
  await page.getByRole('button', { name: 'EN' }).first().click();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  await expect(page.getByTestId('role-label')).toHaveText('Director');
  await page.reload();
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();

  // The branch: Yunusobod from the switcher (the app reloads itself into it).
  const branch = page.getByTestId('branch-input');
  await branch.click();
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('branch-option').filter({ hasText: 'Yunusobod' }).click();
  await reloaded;
  await expect(branch).toHaveValue('Yunusobod');
  await expect(page.getByRole('heading', { name: /Welcome/ })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('savedFilial'))).toBe(String(yunusobod.id));

  // A task for the assistant of Yunusobod, due tomorrow at 15:30, then put off by half an hour.
  await page.getByTestId('nav-section-tasks').click();
  await expect(page).toHaveURL(/\/tasks$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Tasks' })).toBeVisible();
  await page.getByTestId('task-create').click();
  const form = page.getByTestId('task-form');
  await form.getByLabel('Task title').fill(title);
  await form.getByLabel('Description').fill('Send the report to the director by the evening');
  const performer = form.getByLabel('Performer');
  const option = performer.locator('option', { hasText: colleague.full_name });
  await expect(option).toHaveCount(1);
  await performer.selectOption({ label: (await option.textContent())! });
  const tomorrow = addDays(centreToday(), 1);
  await form.getByLabel('Date').fill(typedDay(tomorrow, 'en'));
  await form.getByLabel('Time').selectOption('15:30');
  await form.getByLabel('Student (optional)').fill(student.full_name);
  const found = form.getByLabel('Students found');
  const match = found.locator('option', { hasText: student.full_name });
  await expect(match).toHaveCount(1);
  await found.selectOption({ label: (await match.textContent())! });
  await form.getByTestId('task-submit').click();
  await expect(form).toHaveCount(0);
  await page.getByTestId('tasks-created').getByRole('row', { name: new RegExp(title) }).click();
  const drawer = page.getByTestId('task-drawer');
  await expect(drawer).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const [y, m, d] = tomorrow.split('-');
  // "Nov 27, 2026" in English.
  const shown = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${tomorrow}T00:00:00Z`));
  await expect(drawer.getByTestId('task-due')).toHaveText(`${shown} 15:30`);
  await expect(drawer.getByRole('link', { name: student.full_name })).toBeVisible();
  await drawer.getByTestId('task-edit').click();
  await drawer.getByTestId('task-reschedule').getByLabel('Time').selectOption('16:00');
  await drawer.getByTestId('task-reschedule-save').click();
  await expect(drawer.getByTestId('task-due')).toHaveText(`${shown} 16:00`);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  expect(id).toBeGreaterThan(0);
  const held = await getJson<Task>(request, director, `/tasks/${id}/`);
  expect(held).toMatchObject({ title, status: 'new', filial: yunusobod.id, performer: { id: colleague.id } });

  // The colleague, in a browser of their own: the bell names the task and opens it; they start it.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await signIn(other, DEMO.assistant);
  await expect(other).not.toHaveURL(/\/login$/);
  await other.goto('/tasks');
  const mine = other.getByTestId('tasks-mine').getByRole('row', { name: new RegExp(title) });
  // A fresh browser's first page: on the shared, loaded CI machine it may take longer than one expect's 7 s.
  await expect(mine).toContainText('Akmal Karimov', { timeout: 20_000 });
  await expect(mine).toContainText('Yangi');
  await other.goto('/');
  await expect(other.getByTestId('bell-count')).toBeVisible();
  await other.getByTestId('bell').click();
  // Two lines in the bell: the task as given, and its new time (the director moved it).
  const notes = other.getByTestId('notification-link').filter({ hasText: title });
  await expect(notes.filter({ hasText: `Sizga yangi vazifa: ${title} (muddat: ${d}.${m}.${y} 15:30)` })).toHaveCount(1);
  const note = notes.filter({ hasText: `Vazifa muddati o‘zgardi: ${title} (yangi muddat: ${d}.${m}.${y} 16:00)` });
  await expect(note).toBeVisible();
  await note.click();
  await expect(other).toHaveURL(new RegExp(`/tasks\\?id=${id}$`));
  const opened = other.getByTestId('task-drawer');
  await expect(opened).toBeVisible();
  await expect(other.getByRole('heading', { name: title })).toBeVisible();
  await expect(opened.getByTestId('task-due')).toHaveText(`${d}.${m}.${y} 16:00`);
  await opened.getByTestId('task-move-in_progress').click();
  await expect(opened.getByTestId('task-status')).toHaveText('Jarayonda');
  await context.close();
  expect((await getJson<Task>(request, director, `/tasks/${id}/`)).status).toBe('in_progress');

  // Back at the director's list the task shows as in progress.
  await page.reload();
  await expect(page.getByTestId('task-drawer').getByTestId('task-status')).toHaveText('In progress', { timeout: 20_000 });
});
