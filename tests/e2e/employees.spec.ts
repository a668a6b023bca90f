import { expect, test } from '@playwright/test';
import { DEMO, apiSignIn, sidebar, signIn } from './helpers';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6300010000050001a5f645400000000049454e44ae426082', 'hex');

// A phone no other test (or run) uses: the server is shared by two workers.
const uniquePhone = () => `+99891${String(Date.now()).slice(-7)}`;

test('the director adds an employee with only tasks and groups; their sidebar shows only those', async ({ page, browser }) => {
  const phone = uniquePhone();
  const name = `Sinov Xodim ${phone.slice(-4)}`;
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(sidebar(page)).toBeVisible();
  await page.goto('/employees');
  await expect(page.getByTestId('employees-table')).toBeVisible();
  await page.getByTestId('employee-add').click();

  const form = page.getByTestId('employee-form');
  await form.locator('input[name=full_name]').fill(name);
  await form.locator('input[name=phone]').fill(phone);
  await form.locator('input[name=password]').fill('secret12');
  await form.locator('select[name=role]').selectOption('ADMINISTRATOR');
  // The role's defaults were ticked; keep only tasks and groups.
  const pages = form.getByTestId('employee-pages');
  await expect(pages.locator('input[value=new_leads]')).toBeChecked();
  const ticked = await pages.locator('input:checked').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value));
  for (const value of ticked) await pages.locator(`input[value=${value}]`).uncheck();
  await pages.locator('input[value=tasks]').check();
  await pages.locator('input[value=groups]').check();
  await page.getByTestId('employee-save').click();

  // The new employee's page.
  await expect(page).toHaveURL(/\/employees\/info\?id=\d+/);
  await expect(page.getByTestId('employee-name')).toHaveText(name);
  await page.getByRole('tab', { name: 'Sahifalar' }).click();
  await expect(page.getByTestId('employee-pages-list').locator('li')).toHaveCount(2);

  // A photo: uploaded from the profile tab, shown from its keyed address.
  await page.getByRole('tab', { name: 'Profil' }).click();
  await page.getByTestId('photo-input').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
  const photo = page.locator('main img[src*="/photo?key="]').first();
  await expect(photo).toBeVisible();
  // Visible is not loaded: wait for the decoded image.
  await expect.poll(() => photo.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth)).toBe(1);

  // They sign in elsewhere and see just those two links.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto('/login');
  await signIn(theirs, { phone, password: 'secret12' });
  const nav = sidebar(theirs);
  await expect(nav.getByTestId('nav-section-tasks')).toBeVisible();
  await expect(nav.getByTestId('nav-section-edu')).toBeVisible();
  for (const key of ['leads', 'students', 'monitoring', 'cashiers', 'employees', 'control']) await expect(nav.getByTestId(`nav-section-${key}`)).toHaveCount(0);
  await nav.getByTestId('nav-section-edu').click();
  await expect(nav.getByTestId('nav-link-groups')).toBeVisible();
  for (const key of ['materials', 'rooms', 'schedule', 'test']) await expect(nav.getByTestId(`nav-link-${key}`)).toHaveCount(0);
  await context.close();
});

test('archiving lists what depends on the person first, then signs them out', async ({ page, browser }) => {
  const phone = uniquePhone();
  await page.goto('/login');
  await signIn(page, DEMO.director);
  await expect(sidebar(page)).toBeVisible();
  await page.goto('/employees');
  await page.getByTestId('employee-add').click();
  const form = page.getByTestId('employee-form');
  await form.locator('input[name=full_name]').fill(`Ketuvchi ${phone.slice(-4)}`);
  await form.locator('input[name=phone]').fill(phone);
  await form.locator('input[name=password]').fill('secret12');
  await form.locator('select[name=role]').selectOption('SERVICE_MANAGER');
  await page.getByTestId('employee-save').click();
  await expect(page).toHaveURL(/\/employees\/info\?id=\d+/);

  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto('/login');
  await signIn(theirs, { phone, password: 'secret12' });
  await expect(sidebar(theirs)).toBeVisible();

  await page.getByTestId('employee-archive').click();
  const dialog = page.getByTestId('archive-employee');
  await expect(dialog).toHaveAttribute('data-state', 'confirming');
  await expect(dialog).toContainText('Bu xodimga hech narsa bog‘liq emas.');
  await dialog.locator('textarea[name=archive_reason]').fill('Ishdan ketdi');
  await page.getByTestId('archive-confirm').click();
  await expect(page.getByTestId('employee-restore')).toBeVisible();

  // Their next request is refused: the app goes back to the sign-in page.
  await theirs.reload();
  await expect(theirs).toHaveURL(/\/login/);

  // Brought back: the toast says so and the page offers archiving again.
  await page.getByTestId('employee-restore').click();
  await expect(page.getByText('Xodim qaytarildi').last()).toBeVisible();
  await expect(page.getByTestId('employee-archive')).toBeVisible();
  await context.close();
});

// Issue 15: a branch manager of Chilonzor must not take over a colleague who also works in Yunusobod.
test('a branch manager cannot set a new password for a colleague of two branches, but can for one of their own', async ({ page, request }) => {
  const director = { Authorization: `Bearer ${(await apiSignIn(request, DEMO.director)).access_token}` };
  const branches = (await (await request.get('/api/filial/no-pg/', { headers: director })).json()) as { id: number; name: string }[];
  const idOf = (name: string) => branches.find((b) => b.name === name)!.id;
  const add = async (filials: number[]) => {
    const phone = uniquePhone();
    const res = await request.post('/api/api/employees/', {
      headers: director,
      data: { full_name: `Ikki filial ${phone.slice(-4)}`, phone, password: 'teacher-own-1', role: 'TEACHER', filials },
    });
    expect(res.status()).toBe(201);
    return { id: ((await res.json()) as { id: number }).id, phone };
  };
  const shared = await add([idOf('Chilonzor'), idOf('Yunusobod')]);

  await page.goto('/login');
  await signIn(page, { phone: '+998900000008', password: 'filial_manager' });
  await expect(sidebar(page)).toBeVisible();
  const setPassword = async (id: number) => {
    await page.goto(`/employees/info?id=${id}`);
    await page.getByTestId('employee-edit').click();
    await page.getByTestId('employee-form').locator('input[name=password]').fill('taken-over-1');
    await page.getByTestId('employee-save').click();
  };
  await setPassword(shared.id);
  await expect(page.getByTestId('form-alert')).toHaveText(/filiallaringizdan tashqarida ham ishlaydi/);
  await page.screenshot({ path: '.tmp/e2e-takeover-refused.png' });
  // The colleague keeps their own password; the manager's does not sign in.
  expect((await request.post('/api/auth/token', { data: { phone: shared.phone, password: 'taken-over-1' } })).status()).toBe(401);
  expect((await request.post('/api/auth/token', { data: { phone: shared.phone, password: 'teacher-own-1' } })).status()).toBe(200);

  const local = await add([idOf('Chilonzor')]);
  await setPassword(local.id);
  await expect(page.getByTestId('employee-form')).toHaveCount(0);
  expect((await request.post('/api/auth/token', { data: { phone: local.phone, password: 'taken-over-1' } })).status()).toBe(200);
});
