// The teacher's day (issue 15, section 7) on the server's test clock (X-Test-Now): before a lesson begins its
// register is read-only and says when it opens (the API refuses a mark too); once it has begun she marks it from
// her home page; the afternoon lesson the same way on a phone-sized window. The day is the first one ahead on which
// two of her lessons are still unmarked, so runs on one database never find a register already taken.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, TEST_NOW, addDays, centreToday, signIn, standAt, tashkent } from '../helpers';
import { dotted, getJson, headersOf, type Headers } from './records';

type Group = { id: number; name: string; start_time: string };
type Lesson = { id: number; date: string; start_time: string; status: string; group: { id: number; name: string } | null };
type Detail = { can_mark: boolean; locked: string | null; roster: { student: { id: number }; attendance: { status: string } | null }[] };

/** HH:MM `minutes` after (or before) `time`. */
const shift = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number);
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

/** The first day from tomorrow with two of her group lessons, both still planned (unmarked), earliest first. */
async function dayOfTwoLessons(request: APIRequestContext, headers: Headers) {
  const groups = await getJson<Group[]>(request, headers, '/groups/no-pg/');
  const from = addDays(centreToday(), 1);
  const to = addDays(from, 60);
  const lessons: Lesson[] = [];
  for (const g of groups) lessons.push(...(await getJson<Lesson[]>(request, headers, '/lessons/no-pg/', { group: g.id, start_date: from, end_date: to })));
  const planned = lessons.filter((l) => l.status === 'planned' && l.group).sort((a, b) => (a.date + a.start_time).localeCompare(b.date + b.start_time));
  const day = planned.map((l) => l.date).find((d) => planned.filter((l) => l.date === d).length >= 2);
  expect(day, 'a day ahead with two unmarked lessons of hers').toBeDefined();
  const [early, late] = planned.filter((l) => l.date === day);
  return { day: day!, early, late };
}

async function detail(request: APIRequestContext, headers: Headers, lesson: Lesson, at: string) {
  const res = await request.get(`/api/lessons/${lesson.id}/`, { headers: { ...headers, [TEST_NOW]: at } });
  expect(res.status()).toBe(200);
  return (await res.json()) as Detail;
}

/** The page has no sideways scroll: everything fits the window's width. */
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('teacher: a register is refused before its lesson starts and taken after it, at a desk and on a phone', async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await headersOf(request, DEMO.teacher);
  const { day, early, late } = await dayOfTwoLessons(request, headers);
  const items = page.getByTestId('today-lesson');
  const sheet = page.getByTestId('attendance-sheet');
  const rows = sheet.getByTestId('sheet-row');

  // Ten minutes before the first lesson she signs in: both of the day's lessons are listed, neither open yet.
  const beforeEarly = tashkent(day, shift(early.start_time, -10));
  await standAt(page, beforeEarly);
  await page.goto('/login');
  await signIn(page, DEMO.teacher);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/');
  const list = page.getByTestId('today-lessons');
  await expect(list.getByRole('heading', { level: 2 })).toHaveText(`Bugungi darslarim · ${dotted(day)}`);
  await expect(items).toHaveCount(2);
  const first = page.locator(`[data-testid=today-lesson][data-lesson-id="${early.id}"]`);
  const second = page.locator(`[data-testid=today-lesson][data-lesson-id="${late.id}"]`);
  await expect(first).toHaveAttribute('data-state', 'not_started');
  await expect(first).toContainText(early.group!.name);
  await expect(first).toContainText(`Boshlanmagan · ${early.start_time.slice(0, 5)} da ochiladi`);
  await expect(second).toHaveAttribute('data-state', 'not_started');

  // Its register: read-only, saying when it opens; the server refuses a mark as well.
  await first.click();
  await expect(sheet).toHaveAttribute('data-state', 'read-only');
  await expect(sheet.getByTestId('sheet-locked')).toHaveText(`Dars hali boshlanmagan. Davomat ${dotted(day)}, ${early.start_time.slice(0, 5)} da ochiladi.`);
  await expect(rows.first()).toBeVisible();
  const count = await rows.count();
  await expect(rows.first().getByRole('radio', { name: 'Keldi' })).toBeDisabled();
  await expect(sheet.getByRole('button', { name: 'Hammasi keldi' })).toHaveCount(0);
  await expect(sheet.getByRole('button', { name: 'Saqlash' })).toHaveCount(0);
  const student = Number(await rows.first().getAttribute('data-student'));
  const early409 = await request.put(`/api/lessons/${early.id}/attendance/`, {
    headers: { ...headers, [TEST_NOW]: beforeEarly },
    data: { items: [{ student, status: 'present' }] },
  });
  expect(early409.status()).toBe(409);
  expect(((await early409.json()) as { detail: string }).detail).toContain(`${early.start_time.slice(0, 5)} da ochiladi`);
  expect((await detail(request, headers, early, beforeEarly)).roster.every((r) => r.attendance === null)).toBe(true);

  // Five minutes into the lesson the same register opens: all present but the first, who is absent. Another
  // device of hers had already saved it ten times (all present): the sheet shows the latest ten saves.
  const inEarly = tashkent(day, shift(early.start_time, 5));
  const roster = (await detail(request, headers, early, inEarly)).roster;
  for (let i = 0; i < 10; i++) {
    const res = await request.put(`/api/lessons/${early.id}/attendance/`, {
      headers: { ...headers, [TEST_NOW]: inEarly },
      data: { items: roster.map((r) => ({ student: r.student.id, status: 'present' })) },
    });
    expect(res.status()).toBe(200);
  }
  await standAt(page, inEarly);
  await page.reload();
  await expect(sheet).toHaveAttribute('data-state', 'editing');
  await expect(sheet.getByTestId('sheet-history').getByRole('listitem')).toHaveCount(10);
  await expect(sheet.getByTestId('sheet-history-earlier')).toHaveCount(0);
  await expect(sheet.getByTestId('sheet-locked')).toHaveCount(0);
  await sheet.getByRole('button', { name: 'Hammasi keldi' }).click();
  await rows.first().getByRole('radio', { name: 'Kelmadi' }).click();
  await expect(rows.first()).toHaveAttribute('data-status', 'absent');
  await sheet.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Davomat saqlandi')).toBeVisible();
  await expect(sheet).toHaveAttribute('data-state', 'saved');
  // Her save is the eleventh: the latest ten are listed, the first one counted above them.
  await expect(sheet.getByTestId('sheet-history-earlier')).toHaveText('Ko‘rsatilmagan oldingi saqlashlar: 1');
  await expect(sheet.getByTestId('sheet-history').getByRole('listitem')).toHaveCount(11);
  await sheet.getByRole('button', { name: 'Yopish' }).last().click();
  await expect(sheet).toHaveCount(0);
  await expect(first).toHaveAttribute('data-state', 'marked');
  await expect(first).toContainText('Belgilangan');
  const kept = await detail(request, headers, early, inEarly);
  expect(kept.roster).toHaveLength(count);
  expect(kept.roster.find((r) => r.student.id === student)?.attendance?.status).toBe('absent');
  expect(kept.roster.filter((r) => r.student.id !== student).every((r) => r.attendance?.status === 'present')).toBe(true);

  // The afternoon lesson on her phone: first read-only, then marked once it has begun.
  await page.setViewportSize({ width: 390, height: 844 });
  const beforeLate = tashkent(day, shift(late.start_time, -5));
  await standAt(page, beforeLate);
  await page.reload();
  await expect(second).toHaveAttribute('data-state', 'not_started');
  await expect(first).toHaveAttribute('data-state', 'marked');
  expect(await fitsWidth(page)).toBe(true);
  await second.click();
  await expect(sheet).toHaveAttribute('data-state', 'read-only');
  await expect(sheet.getByTestId('sheet-locked')).toContainText(`${late.start_time.slice(0, 5)} da ochiladi`);
  await expect(sheet.getByTestId('sheet-locked')).toBeInViewport();
  expect(await fitsWidth(page)).toBe(true);

  const inLate = tashkent(day, shift(late.start_time, 1));
  await standAt(page, inLate);
  await page.reload();
  await expect(sheet).toHaveAttribute('data-state', 'editing');
  const lateRows = await rows.count();
  await sheet.getByRole('button', { name: 'Hammasi keldi' }).click();
  await rows.last().getByRole('radio', { name: 'Kelmadi' }).click();
  await expect(rows.last()).toHaveAttribute('data-status', 'absent');
  const away = Number(await rows.last().getAttribute('data-student'));
  expect(await fitsWidth(page)).toBe(true);
  const save = sheet.getByRole('button', { name: 'Saqlash' });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport();
  await save.click();
  await expect(sheet).toHaveAttribute('data-state', 'saved');
  await sheet.getByRole('button', { name: 'Yopish' }).last().click();
  await expect(sheet).toHaveCount(0);
  await expect(second).toHaveAttribute('data-state', 'marked');
  const afternoon = await detail(request, headers, late, inLate);
  expect(afternoon.roster).toHaveLength(lateRows);
  expect(afternoon.roster.find((r) => r.student.id === away)?.attendance?.status).toBe('absent');
  expect(afternoon.roster.filter((r) => r.student.id !== away).every((r) => r.attendance?.status === 'present')).toBe(true);
});
