import { expect, test, type Locator, type Page } from '@playwright/test';
import { signIn } from './helpers';

// The phone mask as a call operator meets it in the new-lead form: typing, pasting and deleting in the middle,
// with the caret staying where the person put it, and the number that reaches the server.
const CALL_OPERATOR = { phone: '+998900000002', password: 'call_operator' };

const suffix = () => Math.random().toString(36).slice(2, 8);
/** Nine local digits no demo record uses: 93 and seven random digits. */
const randomLocal = () => `93${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
const masked = (local: string) => `+998 ${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5, 7)} ${local.slice(7)}`;

async function openForm(page: Page): Promise<{ form: Locator; phone: Locator }> {
  await page.getByTestId('lead-add').click();
  const form = page.getByTestId('lead-form');
  await expect(form).toBeVisible();
  const phone = form.locator('input[name=phone]');
  await expect(phone).toHaveValue('+998 ');
  return { form, phone };
}

const caret = (input: Locator) => input.evaluate((el: HTMLInputElement) => [el.selectionStart, el.selectionEnd]);
const putCaret = (input: Locator, at: number) => input.evaluate((el: HTMLInputElement, i) => el.setSelectionRange(i, i), at);

/** Saves the lead and answers the phone the server stored. */
async function save(page: Page, form: Locator, name: string): Promise<string> {
  await form.locator('input[name=full_name]').fill(name);
  await form.locator('select[name=source]').selectOption({ index: 1 });
  const created = page.waitForResponse((r) => /\/api\/lid\/?$/.test(new URL(r.url()).pathname) && r.request().method() === 'POST');
  await page.getByTestId('lead-save').click();
  const response = await created;
  expect(response.status()).toBe(201);
  const lead = (await response.json()) as { phone: string };
  await expect(form).toBeHidden();
  return lead.phone;
}

test.beforeEach(async ({ page }) => {
  await page.goto('/leads?stage=YANGI_LEAD');
  await signIn(page, CALL_OPERATOR);
  await expect(page.getByTestId('leads-table').locator('tbody tr').first()).toBeVisible();
});

test('typing the whole number with +998 after the pre-filled prefix keeps the number the person typed', async ({ page }) => {
  const local = randomLocal();
  const name = `E2E Telefon ${suffix()}`;
  const { form, phone } = await openForm(page);
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially(`+998${local}`);
  await expect(phone).toHaveValue(masked(local));
  expect(await save(page, form, name)).toBe(`+998${local}`);
  const row = page.getByTestId('leads-table').locator('tbody tr', { has: page.getByRole('link', { name }) });
  await expect(row).toContainText(masked(local));
});

test('typing the nine local digits groups them as they come and the caret follows', async ({ page }) => {
  const local = randomLocal();
  const { form, phone } = await openForm(page);
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially(local.slice(0, 3));
  await expect(phone).toHaveValue(`+998 ${local.slice(0, 2)} ${local[2]}`);
  expect(await caret(phone)).toEqual([9, 9]);
  await phone.pressSequentially(local.slice(3));
  await expect(phone).toHaveValue(masked(local));
  expect(await save(page, form, `E2E Telefon ${suffix()}`)).toBe(`+998${local}`);
});

test('pasting a number in any usual shape gives the same masked number', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const { form, phone } = await openForm(page);
  for (const pasted of ['+998935551234', '998935551234', '935551234', '+998 93 555-12-34', '(93) 555 12 34']) {
    await phone.click();
    await phone.press('End');
    await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
    await phone.press('ControlOrMeta+V');
    await expect(phone, `pasted "${pasted}"`).toHaveValue('+998 93 555 12 34');
    // Select the local digits and delete them: the prefix stays.
    await phone.evaluate((el: HTMLInputElement) => el.setSelectionRange(5, el.value.length));
    await phone.press('Backspace');
    await expect(phone).toHaveValue('+998 ');
  }
  // Pasting over the whole field (select all, paste) works too.
  await phone.click();
  await phone.press('ControlOrMeta+A');
  await page.evaluate(() => navigator.clipboard.writeText('+998 93 555 12 34'));
  await phone.press('ControlOrMeta+V');
  await expect(phone).toHaveValue('+998 93 555 12 34');
  await form.getByRole('button', { name: /Bekor qilish/ }).click();
});

test('deleting a digit in the middle keeps the caret there, and backspace over a space deletes the digit before it', async ({ page }) => {
  const { form, phone } = await openForm(page);
  await phone.click();
  await phone.press('End');
  await phone.pressSequentially('935551234');
  await expect(phone).toHaveValue('+998 93 555 12 34');

  // Backspace after "+998 93 5": the 5 goes, the rest moves up, the caret stays after "+998 93 ".
  await putCaret(phone, 9);
  await phone.press('Backspace');
  await expect(phone).toHaveValue('+998 93 551 23 4');
  expect(await caret(phone)).toEqual([8, 8]);
  // Typing there puts the digit where the caret is.
  await phone.press('7');
  await expect(phone).toHaveValue('+998 93 755 12 34');
  expect(await caret(phone)).toEqual([9, 9]);

  // Backspace right after a space deletes the digit before the space.
  await putCaret(phone, 8);
  await phone.press('Backspace');
  await expect(phone).toHaveValue('+998 97 551 23 4');
  expect(await caret(phone)).toEqual([6, 6]);

  // Delete (forward) right before a space deletes the digit after it.
  await putCaret(phone, 7);
  await phone.press('Delete');
  await expect(phone).toHaveValue('+998 97 512 34');
  // Still after the same two digits (past the group's space, where the next digit goes).
  expect(await caret(phone)).toEqual([8, 8]);

  // Backspace at the start of the local part leaves the prefix alone.
  await putCaret(phone, 5);
  await phone.press('Backspace');
  await expect(phone).toHaveValue('+998 97 512 34');

  // Finish the number and save: the server gets exactly the digits on the screen.
  await phone.press('End');
  await phone.pressSequentially('56');
  await expect(phone).toHaveValue('+998 97 512 34 56');
  const local = randomLocal();
  await phone.evaluate((el: HTMLInputElement) => el.setSelectionRange(5, el.value.length));
  await phone.pressSequentially(local);
  await expect(phone).toHaveValue(masked(local));
  expect(await save(page, form, `E2E Telefon ${suffix()}`)).toBe(`+998${local}`);
});
