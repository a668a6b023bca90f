// Messages to parents (issue 17): the director switches the absence message on for a branch on the settings page
// (the template editor counting length and SMS parts as she types), the teacher marks a student absent, and the
// message waits on the messages page with its text and history; without SMS keys the page says no provider is set.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, TEST_NOW, addDays, centreToday, signIn, tashkent } from './helpers';
import { getJson, headersOf, type Headers } from './journeys/records';

type Group = { id: number; name: string };
type Lesson = { id: number; date: string; start_time: string; status: string; filial: number; group: { id: number; name: string } | null };
type Detail = { roster: { student: { id: number; full_name: string } }[] };

/** The teacher's first unmarked group lesson ahead (runs on one database never take the same one twice). */
async function plannedLesson(request: APIRequestContext, headers: Headers): Promise<Lesson> {
  const groups = await getJson<Group[]>(request, headers, '/groups/no-pg/');
  const from = addDays(centreToday(), 1);
  const lessons: Lesson[] = [];
  for (const g of groups) lessons.push(...(await getJson<Lesson[]>(request, headers, '/lessons/no-pg/', { group: g.id, start_date: from, end_date: addDays(from, 60) })));
  const planned = lessons.filter((l) => l.status === 'planned' && l.group).sort((a, b) => (a.date + a.start_time).localeCompare(b.date + b.start_time));
  expect(planned.length, 'an unmarked lesson of hers ahead').toBeGreaterThan(0);
  return planned[0];
}

test('director: an absence marked by the teacher waits on the messages page with its text and history', async ({ page, request }) => {
  test.setTimeout(60_000);
  const teacher = await headersOf(request, DEMO.teacher);
  const lesson = await plannedLesson(request, teacher);

  // The director switches the absence message on for the lesson's branch; the editor counts as she types.
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/messages/settings');
  await page.locator('main select[name=filial]').selectOption(String(lesson.filial));
  const absence = page.getByTestId('message-event-absence');
  await expect(absence).toBeVisible();
  const template = page.getByTestId('message-template-absence-uz');
  await template.fill('{student} bugun {group} darsiga kelmadi ({date}, {time}).');
  await expect(page.getByTestId('message-length-absence-uz')).toContainText('1 SMS');
  await template.fill(`{student} ${'dars '.repeat(40)}`);
  await expect(page.getByTestId('message-length-absence-uz')).toContainText('2 SMS');
  await template.fill('{student} bugun {group} darsiga kelmadi ({date}, {time}).');
  await page.getByTestId('message-enabled-absence').check();
  await page.getByTestId('message-settings-save').click();
  await expect(page.getByText('Xabar sozlamalari saqlandi')).toBeVisible();
  // Opened afresh (a reload, the branches arriving after the first render), the page shows a branch's settings.
  await page.reload();
  await expect(page.getByTestId('message-event-absence')).toBeVisible();

  // The teacher marks the first student of the roster absent once the lesson has begun.
  const at = new Date(Date.parse(tashkent(lesson.date, lesson.start_time)) + 5 * 60_000).toISOString();
  const detail = (await (await request.get(`/api/lessons/${lesson.id}/`, { headers: { ...teacher, [TEST_NOW]: at } })).json()) as Detail;
  const student = detail.roster[0].student;
  const marked = await request.put(`/api/lessons/${lesson.id}/attendance/`, { headers: { ...teacher, [TEST_NOW]: at }, data: { items: [{ student: student.id, status: 'absent' }] } });
  expect(marked.status()).toBe(200);

  // The messages page: no provider configured here, and the absence waiting with its text and history.
  await page.goto(`/control/messages?event=absence&student=${student.id}`);
  await expect(page.getByTestId('no-provider')).toBeVisible();
  const table = page.getByTestId('messages-table');
  const row = table.locator('tbody tr').first();
  await expect(row).toContainText(student.full_name);
  await expect(row).toContainText(`${student.full_name} bugun ${lesson.group!.name} darsiga kelmadi`);
  await expect(row).toContainText('Kutmoqda');
  await row.getByRole('button', { name: 'Tarix' }).click();
  await expect(page.locator('[data-testid^=message-history-]').first()).toContainText('Kutmoqda');
});

test('director: the debtors page sends the debt message to a row’s parents and says what the server did', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/control/debtors');
  const first = page.locator('[data-testid^=debtor-sms-]').first();
  await expect(first).toBeVisible();
  await first.click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Yuborish' }).click();
  // The demo branch has the debt message switched off: nothing is queued, and the toast says so.
  await expect(page.getByText('Navbatga qo‘yildi: 0; o‘tkazib yuborildi: 1')).toBeVisible();
});
