import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, addDays, apiSignIn, centreToday, signIn, standAt, tashkent } from './helpers';

// The teacher's day on the clock (issue 15): a register is read-only until its lesson begins and says when it
// opens; the teacher's home page lists her lessons of today, each with where it stands, and opens its sheet. The
// server's time comes from X-Test-Now (the e2e server honours it), so nothing depends on the hour the suite runs.

type Lesson = { id: number; date: string; start_time: string; status: string; group: { id: number; name: string } | null };
type Group = { id: number; name: string; days: number[]; start_time: string };

const dotted = (date: string) => date.split('-').reverse().join('.');
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

async function teacherGroups(request: APIRequestContext) {
  const { access_token } = await apiSignIn(request, DEMO.teacher);
  const headers = { Authorization: `Bearer ${access_token}` };
  const groups = (await (await request.get('/api/groups/no-pg/', { headers })).json()) as Group[];
  return { headers, groups };
}

/** The first day from tomorrow on that `group` meets, and that day's lesson. */
async function laterLesson(request: APIRequestContext, headers: Record<string, string>, group: Group): Promise<Lesson> {
  const from = addDays(centreToday(), 1);
  const res = await request.get('/api/lessons/no-pg/', { headers, params: { group: group.id, start_date: from, end_date: addDays(from, 7) } });
  const lessons = ((await res.json()) as Lesson[]).filter((l) => l.status === 'planned');
  expect(lessons.length, `a lesson of ${group.name} in the coming week`).toBeGreaterThan(0);
  return lessons[0];
}

test('a lesson of a later day opens read-only and says when it opens; at its start the sheet can be marked', async ({ page, request }) => {
  const { headers, groups } = await teacherGroups(request);
  const group = groups[0];
  const lesson = await laterLesson(request, headers, group);

  await page.goto('/login');
  await signIn(page, DEMO.teacher);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/edu/groups?id=${group.id}&tab=lessons&month=${lesson.date.slice(0, 7)}&lesson=${lesson.id}`);
  const sheet = page.getByTestId('attendance-sheet');
  await expect(sheet).toHaveAttribute('data-state', 'read-only');
  await expect(sheet.getByTestId('sheet-locked')).toHaveAttribute('data-reason', 'not_started');
  await expect(sheet.getByTestId('sheet-locked')).toHaveText(`Dars hali boshlanmagan. Davomat ${dotted(lesson.date)}, ${lesson.start_time} da ochiladi.`);
  const rows = sheet.getByTestId('sheet-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole('radio', { name: 'Keldi' })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: 'Hammasi keldi' })).toHaveCount(0);
  // Through the API as well: 409 with the same news.
  const early = await request.put(`/api/lessons/${lesson.id}/attendance/`, {
    headers,
    data: { items: [{ student: Number(await rows.first().getAttribute('data-student')), status: 'present' }] },
  });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { detail: string }).detail).toContain(`${lesson.start_time} da ochiladi`);

  // One minute after its start (the page's clock says so) the same link opens the sheet for marking; an absent
  // student's mark is disabled.
  await standAt(page, tashkent(lesson.date, lesson.start_time.replace(/:00$/, ':01').replace(/:30$/, ':31')));
  await page.reload();
  await expect(sheet).toHaveAttribute('data-state', 'editing');
  await expect(sheet.getByTestId('sheet-locked')).toHaveCount(0);
  await rows.first().getByRole('radio', { name: 'Kelmadi' }).click();
  await expect(rows.first().getByRole('textbox').first()).toBeDisabled();
  await rows.nth(1).getByRole('radio', { name: 'Keldi' }).click();
  await expect(rows.nth(1).getByRole('textbox').first()).toBeEnabled();
});

test('the teacher’s home page lists her lessons of today with their state and opens each sheet', async ({ page, request }) => {
  const { groups } = await teacherGroups(request);
  // The first day from today on which two of her groups meet (the demo: Monday, Wednesday, Friday at 09:00 and 14:00).
  const today = centreToday();
  const day = [0, 1, 2, 3, 4, 5, 6].map((n) => addDays(today, n)).find((d) => groups.filter((g) => g.days.includes(weekday(d))).length >= 2)!;
  const [early, late] = groups.filter((g) => g.days.includes(weekday(day))).sort((a, b) => a.start_time.localeCompare(b.start_time));
  // Between the two: the first has begun, the second has not.
  const now = tashkent(day, '11:46');
  expect(early.start_time < '11:46' && late.start_time > '11:46', `${early.start_time} and ${late.start_time}`).toBe(true);

  await page.goto('/login');
  await standAt(page, now);
  await signIn(page, DEMO.teacher);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/');
  const list = page.getByTestId('today-lessons');
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(`Bugungi darslarim · ${dotted(day)}`);
  const items = list.getByTestId('today-lesson');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(early.name);
  await expect(items.nth(0)).toHaveAttribute('data-state', 'open');
  await expect(items.nth(0)).toContainText('Davomat ochiq');
  await expect(items.nth(1)).toContainText(late.name);
  await expect(items.nth(1)).toHaveAttribute('data-state', 'not_started');
  await expect(items.nth(1)).toContainText(`Boshlanmagan · ${late.start_time} da ochiladi`);

  // The later lesson's sheet: read-only, it says when it opens.
  await items.nth(1).click();
  const sheet = page.getByTestId('attendance-sheet');
  await expect(sheet).toHaveAttribute('data-state', 'read-only');
  await expect(sheet.getByTestId('sheet-locked')).toContainText(`${late.start_time} da ochiladi`);
  await sheet.getByRole('button', { name: 'Yopish' }).first().click();
  await expect(sheet).toHaveCount(0);

  // The lesson that has begun: marked from the home page, and the list says so.
  await items.nth(0).click();
  await expect(page).toHaveURL(new RegExp(`lesson=${await items.nth(0).getAttribute('data-lesson-id')}`));
  await expect(sheet).toHaveAttribute('data-state', 'editing');
  await sheet.getByRole('button', { name: 'Hammasi keldi' }).click();
  await sheet.getByRole('button', { name: 'Saqlash' }).click();
  await expect(sheet).toHaveAttribute('data-state', 'saved');
  await sheet.getByRole('button', { name: 'Yopish' }).last().click();
  await expect(sheet).toHaveCount(0);
  await expect(items.nth(0)).toHaveAttribute('data-state', 'marked');
  await expect(items.nth(0)).toContainText('Belgilangan');
});
