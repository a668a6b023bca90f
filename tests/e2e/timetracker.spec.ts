import { expect, test } from '@playwright/test';
import { apiSignIn, signIn } from './helpers';

const ATTENDANCE_MANAGER = { phone: '+998900000007', password: 'attendance_manager' };

/** A random Monday..Friday of 2023, so parallel runs do not share a day. */
function randomWeekday(): string {
  for (;;) {
    const day = new Date(Date.UTC(2023, 0, 1) + Math.floor(Math.random() * 360) * 86_400_000);
    if (day.getUTCDay() >= 1 && day.getUTCDay() <= 5) return day.toISOString().slice(0, 10);
  }
}

const plus = (clock: string, minutes: number) => {
  const [h, m] = clock.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

// The attendance manager corrects a late arrival with a reason; the late minutes drop and the row is marked.
test('the attendance manager corrects a late arrival with a reason and the late minutes drop', async ({ page, request }) => {
  const { access_token } = await apiSignIn(request, ATTENDANCE_MANAGER);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor')!;
  const day = randomWeekday();
  const grid = (await (await request.get(`/api/timetracker/all/fixed/?filial=${chilonzor.id}&day=${day}`, { headers })).json()) as {
    employee: { id: number; full_name: string; work_start: string | null };
  }[];
  const person = grid.find((r) => r.employee.work_start && r.employee.full_name === 'Jasur Toshmatov') ?? grid.find((r) => r.employee.work_start)!;
  const start = person.employee.work_start!.slice(0, 5);
  const saved = await request.post('/api/timetracker/timeline/bulk', {
    headers,
    data: { filial: chilonzor.id, records: [{ employee: person.employee.id, day, arrived_at: `${day}T${plus(start, 25)}:00+05:00`, left_at: `${day}T18:10:00+05:00` }] },
  });
  expect(saved.status()).toBe(201);

  await page.goto('/login');
  await signIn(page, ATTENDANCE_MANAGER);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/employees?tab=attendance&day=${day}`);
  const table = page.getByTestId('attendance-day-table');
  const row = table.getByRole('row', { name: new RegExp(person.employee.full_name) });
  await expect(row.getByTestId('late-minutes')).toHaveText('25 daq');
  await expect(row.getByTestId('arrived')).toHaveText(plus(start, 25));

  await row.getByTestId('record-edit').click();
  const form = page.getByTestId('record-form');
  await form.getByLabel('Kelgan vaqti').fill(plus(start, 3));
  // No reason: refused in the form.
  await form.getByTestId('record-submit').click();
  await expect(form.getByText('Majburiy maydon')).toBeVisible();
  await form.getByLabel('Sabab').fill('Turniket kechikib yozdi');
  await form.getByTestId('record-submit').click();
  await expect(form).toHaveCount(0);
  await expect(row.getByTestId('late-minutes')).toHaveText('3 daq');
  await expect(row.getByTestId('arrived')).toHaveText(plus(start, 3));
  await expect(row).toContainText('Tuzatilgan');

  // The correction is logged with its reason.
  const records = (await (await request.get(`/api/timetracker/timeline/?filial=${chilonzor.id}&employee=${person.employee.id}&start_date=${day}&end_date=${day}`, { headers })).json()) as { id: number; late_minutes: number }[];
  expect(records[0].late_minutes).toBe(3);
  const edits = (await (await request.get(`/api/timetracker/timeline/${records[0].id}/edits`, { headers })).json()) as { reason: string }[];
  expect(edits[0].reason).toBe('Turniket kechikib yozdi');
});
