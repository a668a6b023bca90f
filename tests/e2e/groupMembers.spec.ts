import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiSignIn, signIn, typedDay } from './helpers';

type Group = { id: number; name: string; filial: number; end_date: string; room: { id: number }; teacher: { id: number }; assistant: { id: number } | null; students_count: number; is_secondary: boolean };
type Student = { id: number; full_name: string; phone: string };
type Membership = { id: number; group: { id: number }; joined_on: string; left_on: string | null; end_reason: string | null; moved_to_id: number | null };

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Two running main groups of Chilonzor with a free seat each, and a Chilonzor student in neither. */
async function pickGroupsAndStudent(request: APIRequestContext, headers: Record<string, string>) {
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor');
  expect(chilonzor, 'the demo branch Chilonzor').toBeDefined();
  const filial = chilonzor!.id;
  const rooms = (await (await request.get('/api/groups/room/no-pg/', { headers, params: { filial } })).json()) as { id: number; capacity: number }[];
  const seats = new Map(rooms.map((r) => [r.id, r.capacity]));
  const groups = (await (await request.get('/api/groups/no-pg/', { headers, params: { filial } })).json()) as Group[];
  // The teacher's journey marks the demo teacher's groups at the same time and counts their rosters: stay out of them.
  const teacherTokens = await apiSignIn(request, DEMO.teacher);
  const teacher = (await (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${teacherTokens.access_token}` } })).json()) as { id: number };
  const others = groups.filter((g) => g.teacher.id !== teacher.id && g.assistant?.id !== teacher.id);
  // Two free seats: other specs may add someone at the same time.
  const open = others.filter((g) => !g.is_secondary && g.students_count + 2 <= (seats.get(g.room.id) ?? 0));
  expect(open.length, 'two Chilonzor groups with free seats').toBeGreaterThanOrEqual(2);
  const [from, to] = open;

  const res = await request.get('/api/students/no-pg/', { headers, params: { filial, exclude_group: from.id, limit: 100 } });
  expect(res.status()).toBe(200);
  const candidates = (await res.json()) as Student[];
  const inTarget = new Set(
    ((await (await request.get(`/api/add-group/group/${to.id}/`, { headers })).json()) as { student: { id: number } }[]).map((m) => m.student.id),
  );
  const student = candidates.find((s) => !inTarget.has(s.id));
  expect(student, 'a Chilonzor demo student in neither group').toBeDefined();
  return { from, to, student: student! };
}

test('the director adds a branch student to a group from its page, then moves them to another group from a date', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { Authorization: `Bearer ${access_token}` };
  const { from, to, student } = await pickGroupsAndStudent(request, headers);

  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/edu/groups?id=${from.id}`);
  await expect(page.getByRole('heading', { level: 1, name: from.name })).toBeVisible();
  const members = page.getByTestId('members-table');
  await expect(members).toBeVisible();
  await expect(members.getByText(student.full_name)).toHaveCount(0);

  // The dialog asks the server: the last digits of the phone find exactly this student.
  await page.getByRole('button', { name: 'O‘quvchi qo‘shish' }).click();
  const form = page.getByTestId('add-member-form');
  await form.getByLabel('O‘quvchini qidirish').fill(student.phone.slice(-7));
  const choice = form.getByRole('option', { name: new RegExp(student.full_name) });
  await expect(choice).toBeVisible();
  await expect(form.getByRole('option')).toHaveCount(1);
  await choice.click();
  await expect(choice).toHaveAttribute('aria-selected', 'true');
  await expect(form.getByTestId('add-member-chosen')).toContainText(student.full_name);
  // Joined two weeks ago (the date field starts at today), so a move a few days ago closes a real stay.
  const joinDate = form.getByLabel('Qo‘shilish sanasi');
  const today = (await joinDate.inputValue()).split('.').reverse().join('-');
  const joinedOn = addDays(today, -14);
  await joinDate.fill(typedDay(joinedOn));
  await form.getByRole('button', { name: 'Qo‘shish' }).click();
  await expect(page.getByText('O‘quvchi guruhga qo‘shildi')).toBeVisible();
  await expect(form).toHaveCount(0);
  const row = members.getByRole('row').filter({ hasText: student.full_name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${joinedOn.slice(8, 10)}.${joinedOn.slice(5, 7)}.${joinedOn.slice(0, 4)}`);

  // A second look at the dialog no longer offers them: members are left out by the server.
  await page.getByRole('button', { name: 'O‘quvchi qo‘shish' }).click();
  await form.getByLabel('O‘quvchini qidirish').fill(student.phone.slice(-7));
  await expect(form.getByText('Hech narsa topilmadi')).toBeVisible();
  await expect(form.getByRole('option')).toHaveCount(0);
  await form.getByRole('button', { name: 'Bekor qilish' }).click();

  // Moved from three days ago: they left this group the day before, so it no longer lists them.
  const moveDate = addDays(today, -3);
  expect(moveDate <= to.end_date, 'the target group still runs on the move date').toBe(true);
  await row.getByRole('button', { name: 'Ko‘chirish' }).click();
  const moveForm = page.getByTestId('move-member-form');
  await moveForm.getByRole('combobox', { name: 'Yangi guruh' }).selectOption(String(to.id));
  await moveForm.getByLabel('Yangi guruhdagi birinchi kun').fill(typedDay(moveDate));
  await moveForm.getByRole('button', { name: 'Davom etish' }).click();
  const confirm = page.getByTestId('move-member-confirm');
  await expect(confirm).toContainText(student.full_name);
  await expect(confirm).toContainText(to.name);
  await confirm.getByRole('button', { name: 'Ko‘chirish' }).click();
  await expect(page.getByText('O‘quvchi ko‘chirildi')).toBeVisible();
  await expect(members.getByText(student.full_name)).toHaveCount(0);

  // The history: the row in the old group closed the day before, continued by the one in the new group.
  const history = (await (await request.get(`/api/add-group/student/${student.id}/`, { headers })).json()) as Membership[];
  const closed = history.find((m) => m.group.id === from.id);
  const opened = history.find((m) => m.group.id === to.id);
  expect(closed).toMatchObject({ joined_on: joinedOn, left_on: addDays(moveDate, -1), end_reason: 'moved', moved_to_id: opened?.id });
  expect(opened).toMatchObject({ joined_on: moveDate, left_on: null, end_reason: null });

  // The new group's page lists them.
  await page.goto(`/edu/groups?id=${to.id}`);
  await expect(page.getByRole('heading', { level: 1, name: to.name })).toBeVisible();
  await expect(page.getByTestId('members-table').getByText(student.full_name)).toBeVisible();
});
