import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, TEST_NOW, apiSignIn, signIn, standAt, tashkent } from './helpers';

// The director opens /monitoring on the demo centre (Chilonzor) and sees the day's board: two lessons this test
// makes for today (a teacher, room and student of their own, so nothing clashes) — one begun, with its attendance
// bar, one not begun, shown as "not started" — land in their columns; the late and free-room panels and the
// dropout list show; one click turns a dropout into a call task. The page stands at 12:05 today (X-Test-Now), so
// nothing depends on the hour the suite runs at.

const tashkentNow = () => {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date());
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { day: `${get('year')}-${get('month')}-${get('day')}`, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
};
const clock = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

async function todaysLesson(request: APIRequestContext, headers: Record<string, string>, filial: number, suffix: string, start: number) {
  const digits = () => String(Math.floor(Math.random() * 1e7)).padStart(7, '0');
  const teacherName = `Monitor Ustoz ${suffix}`;
  const teacher = await request.post('/api/api/employees/', {
    headers,
    data: { full_name: teacherName, phone: `+99894${digits()}`, role: 'TEACHER', filials: [filial], password: 'teacher-pass-1' },
  });
  expect(teacher.status(), await teacher.text()).toBe(201);
  const room = await request.post('/api/groups/room/', { headers, data: { filial, name: `Monitor xona ${suffix}`, capacity: 10 } });
  expect(room.status(), await room.text()).toBe(201);
  const student = await request.post('/api/students/', {
    headers,
    data: { filial, full_name: `Monitor Talaba ${suffix}`, phone: `+99893${digits()}`, status: 'new' },
  });
  expect(student.status(), await student.text()).toBe(201);
  const { day } = tashkentNow();
  const lesson = await request.post('/api/lessons/extra/', {
    headers,
    data: {
      filial,
      teacher: (await teacher.json()).id,
      room: (await room.json()).id,
      date: day,
      start_time: clock(start),
      end_time: clock(start + 30),
      students: [(await student.json()).id],
    },
  });
  expect(lesson.status(), await lesson.text()).toBe(201);
  return { id: (await lesson.json()).id as number, teacherName };
}

test('the director sees the branch’s day and makes a call task from the dropout list', async ({ page, request }) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers: Record<string, string> = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const chilonzor = filials.find((f) => f.name === 'Chilonzor')!;
  const lesson = await todaysLesson(request, headers, chilonzor.id, suffix, 12 * 60);
  const coming = await todaysLesson(request, headers, chilonzor.id, `${suffix}b`, 14 * 60);
  const noon = tashkent(tashkentNow().day, '12:05');
  headers[TEST_NOW] = noon;
  await standAt(page, noon);

  await page.addInitScript((id) => localStorage.setItem('savedFilial', String(id)), chilonzor.id);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/monitoring');
  await expect(page.getByRole('heading', { level: 1, name: 'Monitoring' })).toBeVisible();
  for (const id of ['monitoring-now', 'monitoring-next', 'monitoring-done', 'monitoring-late', 'monitoring-rooms']) await expect(page.getByTestId(id)).toBeVisible();
  await expect(page.getByTestId('monitoring-phone')).toBeHidden();

  // Every lesson of the branch's day is on the board (the demo's and ours).
  const day = (await (await request.get(`/api/monitoring/today/?filial=${chilonzor.id}`, { headers })).json()) as { lessons: Record<string, { id: number }[]> };
  const ids = Object.values(day.lessons).flatMap((list) => list.map((l) => l.id));
  expect(ids).toContain(lesson.id);
  for (const id of ids) await expect(page.locator(`[data-testid="monitoring-lesson"][data-lesson="${id}"]`)).toHaveCount(1);

  // Our lesson: one student expected, none marked, in whichever column the clock puts it.
  const card = page.locator(`[data-testid="monitoring-lesson"][data-lesson="${lesson.id}"]`);
  await expect(card).toBeVisible();
  await expect(card).toContainText(lesson.teacherName);
  await expect(card).toContainText('Individual dars');
  await expect(card).toContainText('Davomat 1 tadan 0 ta');
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');
  // It began at 12:00: attendance is missing, the marker red; its new teacher has no arrival today.
  await expect(page.getByTestId('monitoring-now').locator(`[data-lesson="${lesson.id}"]`)).toBeVisible();
  await expect(card).toHaveAttribute('data-alert', 'true');
  await expect(card).toContainText('Davomat belgilanmagan');
  await expect(card).toContainText('O‘qituvchi hali kelmagan');
  // The 14:00 lesson has not begun: "not started", never an attendance count.
  const next = page.getByTestId('monitoring-next').locator(`[data-lesson="${coming.id}"]`);
  await expect(next).toHaveAttribute('data-started', 'false');
  await expect(next).toContainText('Boshlanmagan');
  await expect(next).toContainText('Davomat 14:00 da ochiladi');
  await expect(next).not.toContainText('tadan');
  await expect(next.getByRole('progressbar')).toHaveCount(0);
  await expect(next).toHaveAttribute('data-alert', 'false');

  // The dropout list: one click makes a call task for the reader, linked to the student.
  const table = page.getByTestId('dropouts-table');
  const first = table.getByRole('row').nth(1);
  const studentLink = first.getByRole('link').first();
  const studentName = (await studentLink.textContent())!.trim();
  const studentId = Number(new URL((await studentLink.getAttribute('href'))!, 'http://x').searchParams.get('id'));
  await first.getByTestId('dropout-call-task').click();
  const link = first.getByTestId('dropout-task-link');
  await expect(link).toBeVisible();
  const taskId = Number(new URL((await link.getAttribute('href'))!, 'http://x').searchParams.get('id'));
  const task = (await (await request.get(`/api/tasks/${taskId}/`, { headers })).json()) as { title: string; performer: { id: number }; student: { id: number } | null };
  expect(task.title).toContain(studentName);
  expect(task.student?.id).toBe(studentId);
  expect(task.performer.id).toBe(1);
});

test('on a phone the page asks to open it on a computer', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/monitoring');
  await expect(page.getByTestId('monitoring-phone')).toBeVisible();
  await expect(page.getByText('Monitoring kompyuterda ochiladi')).toBeVisible();
  await expect(page.getByTestId('monitoring-now')).toBeHidden();
});
