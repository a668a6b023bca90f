// A phone the centre already knows: the new-lead and add-student forms say who has it before anything is saved,
// link the existing records (the administrator can open one instead), and save only on "save anyway".
import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, apiSignIn, signIn } from './helpers';

/** Nine local digits starting 97 and seven random ones: this run's own phone. */
const localDigits = () => `97${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const tag = () => Math.random().toString(36).slice(2, 8);

async function leadsWithPhone(request: APIRequestContext, headers: Record<string, string>, phone: string) {
  const res = await request.get('/api/lid/no-pg/', { headers, params: { q: phone } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number; full_name: string }[]).map((l) => l.full_name);
}

test('the administrator is warned about a known phone before saving, can open the existing record, and saves only on purpose', async ({ page, request }) => {
  test.setTimeout(60_000);
  const admin = { Authorization: `Bearer ${(await apiSignIn(request, DEMO.administrator)).access_token}` };
  const me = (await (await request.get('/api/auth/me', { headers: admin })).json()) as { filial: number[] };
  const digits = localDigits();
  const phone = `+998${digits}`;
  const studentName = `Sinov Aka ${tag()}`;
  const made = await request.post('/api/students/', { headers: admin, data: { filial: me.filial[0], full_name: studentName, phone, status: 'new' } });
  expect(made.status(), await made.text()).toBe(201);
  const student = (await made.json()) as { id: number };

  await page.goto('/leads');
  await signIn(page, DEMO.administrator);
  await expect(page).toHaveURL(/\/leads$/);

  // The lead form: the warning names the student as soon as the phone is whole, before any save.
  const siblingName = `Sinov Uka ${tag()}`;
  await page.getByTestId('lead-add').click();
  const form = page.getByTestId('lead-form');
  await form.locator('input[name=full_name]').fill(siblingName);
  const phoneField = form.locator('input[name=phone]');
  await phoneField.click();
  await phoneField.press('End');
  await phoneField.pressSequentially(digits);
  const warning = form.getByTestId('lead-duplicates');
  await expect(warning).toBeVisible();
  await expect(warning.getByRole('link', { name: studentName })).toHaveAttribute('href', `/students/info?id=${student.id}`);
  // A plain save does not save over it.
  await page.getByTestId('lead-save').click();
  await expect(warning).toBeVisible();
  await expect(form).toBeVisible();
  expect(await leadsWithPhone(request, admin, phone)).toEqual([]);

  // Opening the existing record instead.
  await warning.getByRole('link', { name: studentName }).click();
  await expect(page).toHaveURL(new RegExp(`/students/info\\?id=${student.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: studentName })).toBeVisible();

  // Back to the list: this time it is a sibling, saved on purpose.
  await page.goto('/leads');
  await page.getByTestId('lead-add').click();
  await form.locator('input[name=full_name]').fill(siblingName);
  await phoneField.click();
  await phoneField.press('End');
  await phoneField.pressSequentially(digits);
  await expect(warning).toBeVisible();
  await warning.getByTestId('same-phone-save-anyway').click();
  await expect(form).toHaveCount(0);
  expect(await leadsWithPhone(request, admin, phone)).toEqual([siblingName]);

  // The add-student form names both now, and adds a third record only on purpose.
  await page.goto('/students/new');
  await page.getByTestId('student-add').click();
  const add = page.getByTestId('add-student-form');
  const thirdName = `Sinov Singil ${tag()}`;
  await add.getByLabel('F.I.Sh.').fill(thirdName);
  await add.getByLabel('Telefon raqami').pressSequentially(digits);
  const studentWarning = add.getByTestId('student-duplicates');
  await expect(studentWarning.getByTestId('same-phone-link')).toHaveCount(2);
  await expect(studentWarning).toContainText(studentName);
  await expect(studentWarning).toContainText(siblingName);
  await add.getByTestId('add-student-save').click();
  await expect(studentWarning).toBeVisible();
  await expect(add).toBeVisible();
  await studentWarning.getByTestId('same-phone-save-anyway').click();
  await expect(add).toHaveCount(0);
  const found = await request.get('/api/students/', { headers: admin, params: { q: digits } });
  expect(((await found.json()) as { results: { full_name: string }[] }).results.map((s) => s.full_name).sort()).toEqual([studentName, thirdName].sort());
});
