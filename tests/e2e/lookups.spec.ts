// A staff member's first day: the selects their pages need are filled. The call operator's new-lead form offers
// subjects (and a subject's levels); the accountant's student filters offer groups, subjects and courses.
import { expect, test, type Locator } from '@playwright/test';
import { DEMO, signIn } from './helpers';

const CALL_OPERATOR = { phone: '+998900000002', password: 'call_operator' };

/** The real options of a select (not its placeholder), once they have arrived. */
async function expectOptions(select: Locator) {
  await expect(select.locator('option:not([value=""])').first()).toBeAttached();
  return select.locator('option:not([value=""])').count();
}

test('the call operator’s new-lead form offers subjects and their levels', async ({ page }) => {
  await page.goto('/leads');
  await signIn(page, CALL_OPERATOR);
  await expect(page).toHaveURL(/\/leads$/);
  await page.getByTestId('lead-add').click();
  const form = page.getByTestId('lead-form');
  const subject = form.locator('select[name=subject]');
  expect(await expectOptions(subject)).toBeGreaterThan(0);
  const first = await subject.locator('option:not([value=""])').first().getAttribute('value');
  await subject.selectOption(first!);
  expect(await expectOptions(form.locator('select[name=level]'))).toBeGreaterThan(0);
  expect(await expectOptions(form.locator('select[name=source]'))).toBeGreaterThan(0);
  // The list's own filters too.
  expect(await expectOptions(page.getByTestId('lead-filters').locator('select[name=subject]'))).toBeGreaterThan(0);
});

test('the accountant’s student filters offer groups, subjects and courses', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/students');
  await signIn(page, DEMO.accounting);
  await expect(page).toHaveURL(/\/students$/);
  const filters = page.getByTestId('student-filters');
  for (const name of ['group', 'subject', 'course', 'teacher']) {
    expect(await expectOptions(filters.locator(`select[name=${name}]`).first()), name).toBeGreaterThan(0);
  }
  // A chosen group filters the list (the URL keeps it).
  const group = await filters.locator('select[name=group]').first().locator('option:not([value=""])').first().getAttribute('value');
  await filters.locator('select[name=group]').first().selectOption(group!);
  await expect(page).toHaveURL(new RegExp(`[?&]group=${group}`));
});
