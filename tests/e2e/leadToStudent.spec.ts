import { inflateRawSync } from 'node:zlib';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiSignIn, signIn } from './helpers';

const CALL_OPERATOR = { phone: '+998900000002', password: 'call_operator' };

type Group = {
  id: number;
  name: string;
  filial: number;
  days: number[];
  start_date: string;
  end_date: string;
  status: string;
  is_secondary: boolean;
  students_count: number;
  room: { id: number };
  teacher: { id: number };
  assistant: { id: number } | null;
  course: { id: number };
};

const suffix = () => Math.random().toString(36).slice(2, 8);
/** Nine local digits no demo record uses: 95 and seven random digits. */
const randomLocalPhone = () => `95${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
/** Today in the centre (Asia/Tashkent), the day the server counts first lessons in. */
const centreToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const uzDate = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

/** The text of one file of a zip (a .docx), read through the central directory with Node's zlib. */
function unzipText(zip: Buffer, name: string): string {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(eocd, 'a zip end record').toBeGreaterThanOrEqual(0);
  const entries = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < entries; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    if (zip.toString('utf8', at + 46, at + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString('utf8');
    }
    at += 46 + nameLength + extra + comment;
  }
  throw new Error(`${name} is not in the zip`);
}

/**
 * A running main group of the operator's branch that meets on the centre's today, with a free seat, away from the
 * demo teacher's groups (the attendance spec counts their rosters). On a day no such group meets (Sunday), the
 * director opens one for today's weekday.
 */
async function groupMeetingToday(request: APIRequestContext, filial: number): Promise<Group> {
  const director = { Authorization: `Bearer ${(await apiSignIn(request, DEMO.director)).access_token}` };
  const today = centreToday();
  const teacherTokens = await apiSignIn(request, DEMO.teacher);
  const teacher = (await (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${teacherTokens.access_token}` } })).json()) as { id: number };
  const rooms = (await (await request.get('/api/groups/room/no-pg/', { headers: director, params: { filial } })).json()) as { id: number; capacity: number }[];
  const seats = new Map(rooms.map((r) => [r.id, r.capacity]));
  const groups = (await (await request.get('/api/groups/no-pg/', { headers: director, params: { filial } })).json()) as Group[];
  const found = groups.find(
    (g) =>
      !g.is_secondary &&
      g.status === 'active' &&
      g.days.includes(isoWeekday(today)) &&
      g.start_date <= today &&
      g.end_date >= today &&
      g.teacher.id !== teacher.id &&
      g.assistant?.id !== teacher.id &&
      g.students_count + 2 <= (seats.get(g.room.id) ?? 0),
  );
  if (found) return found;
  const model = groups.find((g) => !g.is_secondary && g.teacher.id !== teacher.id)!;
  const res = await request.post('/api/groups/', {
    headers: director,
    data: {
      filial,
      name: `E2E ${suffix()}`,
      course: model.course.id,
      teacher: model.teacher.id,
      room: model.room.id,
      days: [isoWeekday(today)],
      start_time: '21:00',
      end_time: '22:30',
      start_date: today,
      end_date: addDays(today, 60),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Group;
}

test('a call operator takes a lead to an order; the administrator makes it a student at the first lesson', async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `E2E Lid ${suffix()}`;
  const localPhone = randomLocalPhone();
  const operatorTokens = await apiSignIn(request, CALL_OPERATOR);
  const operator = { Authorization: `Bearer ${operatorTokens.access_token}` };
  const me = (await (await request.get('/api/auth/me', { headers: operator })).json()) as { filial: number[] };
  const group = await groupMeetingToday(request, me.filial[0]);
  const today = centreToday();

  // The operator creates the lead in the list's quick form and opens its page from the list.
  await page.goto('/leads?tab=YANGI_LEAD');
  await signIn(page, CALL_OPERATOR);
  await expect(page).toHaveURL(/\/leads\?tab=YANGI_LEAD$/);
  await page.getByTestId('lead-add').click();
  const create = page.getByTestId('lead-form');
  await create.locator('input[name=full_name]').fill(name);
  const phone = create.locator('input[name=phone]');
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially(localPhone);
  await page.getByTestId('lead-save').click();
  await expect(create).toBeHidden();
  await page.getByRole('searchbox', { name: /Qidirish/ }).fill(name);
  // The search reaches the address first (debounced); then the list holds only this lead.
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByTestId('leads-table').locator('tbody tr')).toHaveCount(1);
  await page.getByTestId('leads-table').getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/leads\/lead_info\?id=\d+$/);
  const leadId = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const stage = page.getByTestId('lead-stage');
  await expect(stage).toHaveAttribute('data-stage', 'YANGI_LEAD');
  // Only the moves the pipeline allows from a new lead.
  await expect(page.getByTestId('lead-move-join')).toHaveCount(0);
  await expect(page.getByTestId('lead-move-restore')).toHaveCount(0);

  // To waiting.
  await page.getByTestId('lead-move-wait').click();
  await expect(stage).toHaveAttribute('data-stage', 'KUTULMOQDA');
  await expect(stage).toContainText('Kutilmoqda');
  await expect(page.getByTestId('lead-move-wait')).toHaveCount(0);
  const history = page.getByTestId('lead-history');
  await expect(history.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'stage');

  // A comment.
  const note = `Kechki guruh so‘radi ${suffix()}`;
  await page.getByTestId('lead-comments').getByLabel('Yangi izoh').fill(note);
  await page.getByTestId('lead-comments').getByRole('button', { name: 'Qo‘shish' }).click();
  await expect(page.getByTestId('lead-comment').filter({ hasText: note })).toBeVisible();

  // The order: the group, then the first lesson today (only the group's days are offered).
  await page.getByTestId('lead-move-order').click();
  const order = page.getByTestId('lead-order-form');
  await order.locator('select[name=group]').selectOption(String(group.id));
  const days = order.locator('select[name=first_lesson_date] option:not([value=""])');
  await expect(days.first()).toHaveAttribute('value', today);
  for (const value of await days.evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) {
    expect(group.days).toContain(isoWeekday(value));
  }
  await order.locator('select[name=first_lesson_date]').selectOption(today);
  await order.getByRole('button', { name: 'Buyurtma yaratish' }).click();
  await expect(order).toHaveCount(0);
  await expect(stage).toHaveAttribute('data-stage', 'ORDER_CREATED');
  const orderPanel = page.getByTestId('lead-order');
  await expect(orderPanel).toContainText(group.name);
  await expect(orderPanel).toContainText(uzDate(today));
  await expect(history.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'order');

  // The contract as .docx, with the lead's name inside.
  const downloading = page.waitForEvent('download');
  await page.getByTestId('lead-document-contract').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^shartnoma-${leadId}-\\d{4}-\\d{2}-\\d{2}\\.docx$`));
  const { readFile } = await import('node:fs/promises');
  const docx = await readFile((await download.path())!);
  expect(docx.subarray(0, 2).toString()).toBe('PK');
  expect(unzipText(docx, 'word/document.xml')).toContain(name);

  // The operator signs out.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Chiqish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Chiqish' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The administrator opens the order and marks that the lead came to the first lesson.
  await signIn(page, DEMO.administrator);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto(`/leads/orders/info?id=${leadId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTestId('order-group-name')).toContainText(group.name);
  await expect(page.getByTestId('order-first-lesson')).toContainText(uzDate(today));
  await page.getByTestId('lead-move-join').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'O‘quvchi qilish' }).click();
  const joined = page.getByTestId('lead-joined');
  await expect(joined).toBeVisible();
  await expect(page.getByTestId('lead-stage')).toHaveAttribute('data-stage', 'JOINED');
  const studentLink = page.getByTestId('lead-student-link');
  await expect(studentLink).toHaveAttribute('href', /\/students\/info\?id=\d+$/);
  const studentId = Number(new URL((await studentLink.getAttribute('href'))!, 'http://x').searchParams.get('id'));
  // The order's history stays with the lead.
  await expect(page.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'join');
  await expect(page.getByTestId('lead-comment').filter({ hasText: note })).toBeVisible();

  // The student is in the group from today and in the new students' list.
  const admin = { Authorization: `Bearer ${(await apiSignIn(request, DEMO.administrator)).access_token}` };
  const members = (await (await request.get(`/api/add-group/group/${group.id}/`, { headers: admin })).json()) as { student: { id: number } }[];
  expect(members.map((m) => m.student.id)).toContain(studentId);
  const fresh = await request.get('/api/students/', { headers: admin, params: { list: 'new', q: localPhone } });
  expect(fresh.status()).toBe(200);
  expect(((await fresh.json()) as { results: { id: number }[] }).results.map((s) => s.id)).toContain(studentId);
  await page.goto('/students/new');
  await page.getByRole('searchbox', { name: 'Qidirish' }).fill(localPhone);
  await expect(page.getByTestId('students-table').locator('tbody tr', { hasText: name })).toHaveCount(1);

  // The lead's page: joined, with the whole history.
  await page.goto(`/leads/lead_info?id=${leadId}`);
  await expect(page.getByTestId('lead-stage')).toHaveAttribute('data-stage', 'JOINED');
  await expect(page.getByTestId('lead-stage')).toContainText('Qo‘shildi');
  const historyRows = page.getByTestId('lead-history-row');
  await expect.poll(() => historyRows.evaluateAll((rows) => rows.map((r) => r.getAttribute('data-action')))).toEqual(['join', 'order', 'stage', 'create']);
  await expect(page.getByTestId('lead-moves').getByRole('button', { name: /Buyurtma|Arxivlash|Kutilmoqda/ })).toHaveCount(0);
});

test('the call operator edits a lead (bad input answered under its field), archives it with a reason and restores it', async ({ page, request }) => {
  const operator = { Authorization: `Bearer ${(await apiSignIn(request, CALL_OPERATOR)).access_token}` };
  const me = (await (await request.get('/api/auth/me', { headers: operator })).json()) as { filial: number[] };
  const name = `E2E Tahrir ${suffix()}`;
  const created = await request.post('/api/lid/', { headers: operator, data: { filial: me.filial[0], full_name: name, phone: `+998${randomLocalPhone()}` } });
  expect(created.status()).toBe(201);
  const lead = (await created.json()) as { id: number };

  await page.goto(`/leads/lead_info?id=${lead.id}`);
  await signIn(page, CALL_OPERATOR);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

  // A half-typed extra phone is refused in the form, under its field, before anything is sent.
  await page.getByTestId('lead-edit').click();
  const form = page.getByTestId('lead-edit-form');
  const renamed = `${name} Karimova`;
  await form.locator('input[name=full_name]').fill(renamed);
  await form.locator('input[name=extra_phone]').pressSequentially('9012');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form.locator('input[name=extra_phone]')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Telefon raqami +998 XX XXX XX XX ko‘rinishida bo‘lsin')).toBeVisible();

  // The server's 400 lands under the field it names.
  await form.locator('input[name=extra_phone]').fill('');
  await page.route(`**/api/lid/${lead.id}/`, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ phone: ['Bu raqam boshqa lidga tegishli'] }) })
      : route.fallback(),
  );
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form.getByText('Bu raqam boshqa lidga tegishli')).toBeVisible();
  await expect(form.locator('input[name=phone]')).toHaveAttribute('aria-invalid', 'true');
  await page.unroute(`**/api/lid/${lead.id}/`);
  await form.locator('input[name=phone]').press('End');
  await form.getByRole('button', { name: 'Saqlash' }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
  await expect(page.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'update');

  // Archive with a reason, then restore to the same stage.
  await page.getByTestId('lead-move-archive').click();
  const archive = page.getByTestId('lead-archive-form');
  await expect(archive.getByRole('button', { name: 'Arxivlash' })).toBeDisabled();
  await archive.locator('select[name=reason]').selectOption('no_answer');
  await archive.getByRole('button', { name: 'Arxivlash' }).click();
  const stage = page.getByTestId('lead-stage');
  await expect(stage).toHaveAttribute('data-archived', 'true');
  await expect(page.getByTestId('lead-facts')).toContainText('Javob bermayapti');
  await expect(page.getByTestId('lead-history-row').first()).toContainText('Javob bermayapti');
  await expect(page.getByTestId('lead-move-order')).toHaveCount(0);
  await page.getByTestId('lead-move-restore').click();
  await expect(stage).toHaveAttribute('data-archived', 'false');
  await expect(stage).toHaveAttribute('data-stage', 'YANGI_LEAD');
  await expect(page.getByTestId('lead-history-row').first()).toHaveAttribute('data-action', 'restore');
  await expect(page.getByTestId('lead-move-wait')).toBeVisible();
});
