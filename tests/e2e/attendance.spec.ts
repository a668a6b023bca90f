import { expect, test } from '@playwright/test';
import { DEMO, apiSignIn, signIn, standAt, tashkent } from './helpers';

type Lesson = { id: number; date: string; start_time: string; status: string };
type Group = { id: number; name: string };

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

// A teacher changes a lesson's register on its own day, once it has begun: the page stands ten minutes after the
// start of a recent lesson of hers (X-Test-Now), whatever the hour the suite runs at.
test('the teacher marks a lesson of her group on its day (one absent, the rest present) and finds it kept', async ({ page, request }) => {
  // Her own groups and their recent lessons, as the server shows them to her.
  const { access_token } = await apiSignIn(request, DEMO.teacher);
  const headers = { Authorization: `Bearer ${access_token}` };
  const groups = (await (await request.get('/api/groups/no-pg/', { headers })).json()) as Group[];
  expect(groups.length).toBeGreaterThan(0);
  const today = new Date();
  const from = isoDay(new Date(today.getTime() - 28 * 86_400_000));
  let chosen: { group: Group; lesson: Lesson } | null = null;
  for (const group of groups) {
    const res = await request.get('/api/lessons/no-pg/', { headers, params: { group: group.id, start_date: from, end_date: isoDay(today) } });
    const past = ((await res.json()) as Lesson[]).filter((l) => l.status !== 'cancelled' && l.date < isoDay(today));
    if (past.length) {
      chosen = { group, lesson: past[past.length - 1] };
      break;
    }
  }
  expect(chosen, 'a teacher group with a past lesson in the last four weeks').not.toBeNull();
  const { group, lesson } = chosen as { group: Group; lesson: Lesson };
  const [h, m] = lesson.start_time.split(':').map(Number);
  await standAt(page, tashkent(lesson.date, `${String(h).padStart(2, '0')}:${String(m + 10).padStart(2, '0')}`));

  await page.goto('/login');
  await signIn(page, DEMO.teacher);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/edu/groups?id=${group.id}`);
  await expect(page.getByRole('heading', { level: 1, name: group.name })).toBeVisible();

  await page.getByRole('tab', { name: 'Darslar' }).click();
  // The tab opens on this month; the lesson may be in the one before.
  const row = page.locator(`[data-testid=lesson-row][data-lesson-id="${lesson.id}"]`);
  if (lesson.date.slice(0, 7) !== (await page.getByTestId('lessons-month').getAttribute('data-month'))) {
    await page.getByRole('button', { name: 'Oldingi oy' }).click();
  }
  await row.click();

  const sheet = page.getByTestId('attendance-sheet');
  await expect(sheet).toHaveAttribute('data-state', 'editing');
  const rows = sheet.getByTestId('sheet-row');
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  await sheet.getByRole('button', { name: 'Hammasi keldi' }).click();
  await rows.first().getByRole('radio', { name: 'Kelmadi' }).click();
  await expect(rows.first()).toHaveAttribute('data-status', 'absent');
  await sheet.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Davomat saqlandi')).toBeVisible();
  await expect(sheet).toHaveAttribute('data-state', 'saved');
  await sheet.getByRole('button', { name: 'Yopish' }).click();
  await expect(sheet).toHaveCount(0);
  await expect(row).toHaveAttribute('data-status', 'held');

  // Opened again after a reload: what the server kept.
  await row.click();
  await expect(sheet).toHaveAttribute('data-state', 'editing');
  await page.reload();
  await expect(sheet).toHaveAttribute('data-state', 'editing');
  await expect(rows).toHaveCount(count);
  await expect(rows.first()).toHaveAttribute('data-status', 'absent');
  for (let i = 1; i < count; i++) await expect(rows.nth(i)).toHaveAttribute('data-status', 'present');
});
