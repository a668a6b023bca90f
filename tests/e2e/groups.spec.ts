import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiSignIn, signIn, typedDay } from './helpers';

const CHILONZOR = 1;

type GroupRow = {
  id: number;
  name: string;
  room: { id: number; name: string };
  teacher: { id: number };
  days: number[];
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
};
type Availability = {
  rooms: { id: number; name: string; free: boolean }[];
  teachers: { id: number; full_name: string; role: string; free: boolean }[];
};

async function getJson<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const res = await request.get(url, { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

test('a group whose room clashes with a demo group is refused with the clash named; a free room from the assistant saves it', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, DEMO.director);
  // A running demo group in Chilonzor: its room, days and times are what the new group will collide with.
  const list = await getJson<{ results: GroupRow[] }>(request, access_token, `/api/groups/?filial=${CHILONZOR}&status=active&page_size=100`);
  const existing = list.results[0];
  expect(existing, 'the demo centre has a running group in Chilonzor').toBeTruthy();
  const slot = {
    days: existing.days,
    start_time: existing.start_time.slice(0, 5),
    end_time: existing.end_time.slice(0, 5),
    start_date: existing.start_date,
    end_date: existing.end_date,
  };
  const who = await getJson<Availability>(
    request,
    access_token,
    `/api/groups/availability?filial=${CHILONZOR}&days=${slot.days.join(',')}&start_time=${slot.start_time}&end_time=${slot.end_time}&start_date=${slot.start_date}&end_date=${slot.end_date}`,
  );
  // A teacher free in that slot, so only the room clashes.
  const teacher = who.teachers.find((p) => p.free && (p.role === 'TEACHER' || p.role === 'HEAD_TEACHER'));
  expect(teacher, 'a teacher is free in the demo group’s slot').toBeTruthy();
  expect(who.rooms.some((r) => r.free), 'a room is free in the demo group’s slot').toBe(true);

  const name = `E2E to‘qnashuv ${Date.now().toString(36)}`;
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/groups');
  await page.getByTestId('group-add').click();

  const form = page.getByTestId('group-form');
  await form.getByLabel('Guruh nomi').fill(name);
  await form.getByRole('combobox', { name: 'Kurs', exact: true }).selectOption({ index: 1 });
  for (const day of slot.days) await form.getByTestId('day-chips').getByRole('button').nth(day - 1).click();
  await form.getByLabel('Boshlanishi').selectOption(slot.start_time);
  await form.getByLabel('Tugashi').selectOption(slot.end_time);
  await form.getByLabel('Boshlanish sanasi').fill(typedDay(slot.start_date));
  await form.getByLabel('Tugash sanasi').fill(typedDay(slot.end_date));
  await form.getByRole('combobox', { name: 'Xona', exact: true }).selectOption(String(existing.room.id));
  await form.getByRole('combobox', { name: 'O‘qituvchi', exact: true }).selectOption(String(teacher!.id));

  // Before saving, the assistant already names the group holding the room, and the teacher is free.
  await expect(form.getByTestId('room-verdict')).toContainText(`Xona band: «${existing.name}» guruhi`);
  await expect(form.getByTestId('person-verdict').first()).toContainText('O‘qituvchi bo‘sh');

  await form.getByRole('button', { name: 'Saqlash' }).click();
  const conflict = form.getByTestId('group-conflict');
  await expect(conflict).toBeVisible();
  await expect(conflict.getByTestId('group-conflict-text')).toHaveText(new RegExp(`^Xona band: «${escapeRegex(existing.name)}» guruhi `));

  // One click on a free room offered with the clash puts it into the form and clears the clash. A demo room is
  // picked (specs running alongside may add rooms of their own).
  const freeRoom = who.rooms.find((r) => r.free)!;
  const freeRoomName = freeRoom.name;
  await conflict.getByTestId('conflict-choices').getByRole('button', { name: new RegExp(`^${escapeRegex(freeRoomName)} · `) }).click();
  await expect(conflict).toHaveCount(0);
  await expect(form.getByRole('combobox', { name: 'Xona', exact: true })).toHaveValue(String(freeRoom.id));
  await expect(form.getByTestId('room-verdict')).toContainText('Xona bo‘sh');

  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(page.getByText('Guruh saqlandi')).toBeVisible();
  await expect(form).toHaveCount(0);

  // The list (refetched) finds it by name, in its new room.
  await page.getByTestId('group-filters').getByLabel('Qidirish').fill(name);
  const row = page.getByTestId('groups-table').getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(freeRoomName);
  await expect(page).toHaveURL(/[?&]q=/);

  // A click on the row opens the group's page.
  await row.click();
  await expect(page).toHaveURL(/\/edu\/groups\?id=\d+$/);
});

test('the teacher sees the groups list without a create button', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, DEMO.teacher);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/edu/groups');
  await expect(page.getByRole('heading', { name: 'Guruhlar' })).toBeVisible();
  await expect(page.getByTestId('groups-table')).toBeVisible();
  await expect(page.getByTestId('group-add')).toHaveCount(0);
  await expect(page.getByTestId('group-filters').getByLabel('O‘qituvchi')).toHaveCount(0);
});

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
