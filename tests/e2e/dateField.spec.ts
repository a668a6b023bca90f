import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './helpers';

// The date field as staff meet it in the leads filters: typed day first in the interface language whatever the
// browser's own locale (here an American one, whose native date input would want MM/DD/YYYY), picked from a
// calendar named in that language, and a clear error, never a guessed day, for text that is no date.
const CALL_OPERATOR = { phone: '+998900000002', password: 'call_operator' };

test.use({ locale: 'en-US' });

/** The start_date and end_date of the next leads request the page makes. */
function nextLeadsQuery(page: Page) {
  return page
    .waitForRequest((r) => new URL(r.url()).pathname.replace(/\/$/, '') === '/api/lid' && r.method() === 'GET')
    .then((r) => {
      const url = new URL(r.url());
      return { start: url.searchParams.get('start_date'), end: url.searchParams.get('end_date') };
    });
}

test('dates in the leads filters: typed and picked in Uzbek as dd.mm.yyyy, refused when impossible, dd/mm/yyyy in English', async ({ page }) => {
  await page.goto('/leads?stage=ALL_LEADS');
  await signIn(page, CALL_OPERATOR);
  const filters = page.getByTestId('lead-filters');
  await expect(filters).toBeVisible();
  const from = filters.getByLabel('Boshlanish');
  const to = filters.getByLabel('Tugash');
  await expect(from).toHaveAttribute('placeholder', 'kk.oo.yyyy');

  // Typing a whole day commits it: the request and the address carry the ISO day.
  let query = nextLeadsQuery(page);
  await from.fill('26.11.2026');
  expect(await query).toMatchObject({ start: '2026-11-26' });
  await expect(page).toHaveURL(/start_date=2026-11-26/);
  await expect(from).toHaveValue('26.11.2026');

  // The calendar: Uzbek names, Monday first, opened on the field's month; picking a day fills the field.
  await filters.getByRole('button', { name: 'Taqvimni ochish' }).first().click();
  const calendar = page.getByRole('application', { name: 'Taqvim' });
  await expect(calendar).toBeVisible();
  await expect(calendar.getByRole('button', { name: 'Oy yoki yilni tanlash' })).toHaveText('Noyabr 2026');
  await expect(calendar.locator('thead th')).toHaveText(['Du', 'Se', 'Cho', 'Pa', 'Ju', 'Sha', 'Ya']);
  await calendar.getByRole('button', { name: 'Keyingi oy' }).click();
  await expect(calendar.getByRole('button', { name: 'Oy yoki yilni tanlash' })).toHaveText('Dekabr 2026');
  query = nextLeadsQuery(page);
  await calendar.getByRole('button', { name: /^5 dekabr 2026/i }).click();
  await expect(calendar).toBeHidden();
  await expect(from).toHaveValue('05.12.2026');
  expect(await query).toMatchObject({ start: '2026-12-05' });
  // Focus goes back to the calendar button that opened it.
  await expect(filters.getByRole('button', { name: 'Taqvimni ochish' }).first()).toBeFocused();

  // A day that does not exist is refused with a message; no end date is sent.
  await to.fill('31.02.2027');
  await to.press('Tab');
  await expect(filters.getByRole('alert')).toHaveText('Bunday sana yo‘q');
  await expect(to).toHaveAttribute('aria-invalid', 'true');
  await expect(page).not.toHaveURL(/end_date=/);
  // Half a date is called incomplete, not guessed.
  await to.fill('26.12');
  await to.press('Enter');
  await expect(filters.getByRole('alert')).toHaveText('Sana to‘liq emas: kk.oo.yyyy');
  // A day before the start is outside the range.
  await to.fill('01.12.2026');
  await to.press('Tab');
  await expect(filters.getByRole('alert')).toHaveText('Sana 05.12.2026 dan oldin bo‘lmasin');
  // Eight digits without dots are read as dd mm yyyy.
  query = nextLeadsQuery(page);
  await to.fill('31122026');
  expect(await query).toMatchObject({ start: '2026-12-05', end: '2026-12-31' });
  await to.press('Tab');
  await expect(to).toHaveValue('31.12.2026');
  await expect(filters.getByRole('alert')).toHaveCount(0);

  // English: the same days in its own day-first convention, typed with slashes.
  await page.getByRole('button', { name: 'EN' }).first().click();
  const fromEn = filters.getByLabel('From');
  const toEn = filters.getByLabel('To', { exact: true });
  await expect(fromEn).toHaveValue('05/12/2026');
  await expect(toEn).toHaveValue('31/12/2026');
  await expect(fromEn).toHaveAttribute('placeholder', 'dd/mm/yyyy');
  query = nextLeadsQuery(page);
  await fromEn.fill('01/12/2026');
  expect(await query).toMatchObject({ start: '2026-12-01', end: '2026-12-31' });
  await filters.getByRole('button', { name: 'Open the calendar' }).first().click();
  const calendarEn = page.getByRole('application', { name: 'Calendar' });
  await expect(calendarEn.getByRole('button', { name: 'Choose the month or year' })).toHaveText('December 2026');
  await expect(calendarEn.locator('thead th')).toHaveText(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  await page.keyboard.press('Escape');
  await expect(calendarEn).toBeHidden();
  // An American habit (month first) gives an error, not a wrong day.
  await toEn.fill('12/31/2026');
  await toEn.press('Tab');
  await expect(filters.getByRole('alert')).toHaveText('No such date');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, locale: 'en-US' });
  test('the calendar fits the screen and picks a day', async ({ page }) => {
    await page.goto('/leads?stage=ALL_LEADS&start_date=2026-11-26');
    await signIn(page, CALL_OPERATOR);
    await page.getByRole('button', { name: 'Filtrlar' }).click();
    const filters = page.getByTestId('lead-filters');
    const from = filters.getByLabel('Boshlanish');
    await expect(from).toHaveValue('26.11.2026');
    await filters.getByRole('button', { name: 'Taqvimni ochish' }).first().click();
    const calendar = page.getByRole('application', { name: 'Taqvim' });
    await expect(calendar).toBeVisible();
    const box = await calendar.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    await calendar.getByRole('button', { name: /^3 noyabr 2026/i }).click();
    await expect(from).toHaveValue('03.11.2026');
    await expect(page).toHaveURL(/start_date=2026-11-03/);
  });
});

test('the salary month: typed as mm.yyyy or picked from Uzbek month names; a bad month keeps the one in use', async ({ page }) => {
  await page.goto('/control/salary?month=2026-11');
  await signIn(page, DEMO.director);
  const month = page.getByLabel('Oy', { exact: true });
  await expect(month).toHaveValue('11.2026');
  await expect(month).toHaveAttribute('placeholder', 'oo.yyyy');
  await month.fill('10.2026');
  await expect(page).toHaveURL(/month=2026-10/);
  await page.getByRole('button', { name: 'Taqvimni ochish' }).click();
  const calendar = page.getByRole('application', { name: 'Taqvim' });
  await expect(calendar.getByRole('button', { name: 'Oy yoki yilni tanlash' })).toHaveText('2026');
  await calendar.getByText('Sentabr', { exact: true }).click();
  await expect(month).toHaveValue('09.2026');
  await expect(page).toHaveURL(/month=2026-09/);
  await month.fill('13.2026');
  await month.press('Tab');
  await expect(page.getByRole('alert').filter({ hasText: 'Bunday sana yo‘q' })).toBeVisible();
  await expect(page).toHaveURL(/month=2026-09/);
});
