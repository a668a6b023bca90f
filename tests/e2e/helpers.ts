import { addDays as addDaysOf, addMonths, centreToday as centreTodayOf, firstOfMonth } from '../../contract/centreDay';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';
import { E2E_SECRET } from '../../playwright.config';

/** Demo sign-ins seeded on first start (README). */
export const DEMO = {
  director: { phone: '+998900000001', password: 'director' },
  administrator: { phone: '+998900000003', password: 'administrator' },
  teacher: { phone: '+998900000012', password: 'teacher' },
  assistant: { phone: '+998900000013', password: 'assistant' },
  multiBranch: { phone: '+998900000014', password: 'multiple_filial_manager' },
  accounting: { phone: '+998900000006', password: 'accounting' },
  headTeacher: { phone: '+998900000009', password: 'head_teacher' },
} as const;

export type Account = { phone: string; password: string };

/** Signs in through the login form, typing the phone as a person would (the mask adds the spaces). */
export async function signIn(page: Page, account: Account) {
  await expect(page).toHaveURL(/\/login$/);
  const phone = page.getByLabel(/Telefon raqami|Phone number/);
  await phone.fill('');
  await phone.pressSequentially(account.phone.slice(4));
  await page.locator('input[name=password]').fill(account.password);
  await page.getByRole('button', { name: /^(Kirish|Sign in)$/ }).click();
}

export async function apiSignIn(request: APIRequestContext, account: Account) {
  const res = await request.post('/api/auth/token', { data: account });
  expect(res.status()).toBe(200);
  return (await res.json()) as { access_token: string; refresh_token: string };
}

/** An access token for a real session that the server and the app both see as expired. */
export async function expiredAccessToken(realAccess: string) {
  const claims = decodeJwt(realAccess);
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, iat: now - 1000, exp: now - 60 })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(new TextEncoder().encode(E2E_SECRET));
}

/** Puts a token pair into the app's storage before any of its scripts run. */
export async function seedTokens(page: Page, tokens: { access_token: string; refresh_token: string }) {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('__seeded')) {
      localStorage.setItem('accessToken', t.access_token);
      localStorage.setItem('refreshToken', t.refresh_token);
      sessionStorage.setItem('__seeded', '1');
    }
  }, tokens);
}

export const sidebar = (page: Page) => page.getByTestId('sidebar');

/** A YYYY-MM-DD day as staff type it into a date field: "26.11.2026" in Uzbek, "26/11/2026" in English. */
export function typedDay(iso: string, lang: 'uz' | 'en' = 'uz'): string {
  const [y, m, d] = iso.split('-');
  return [d, m, y].join(lang === 'uz' ? '.' : '/');
}

/** The header that tells the e2e server what time it is (TEST_CLOCK_HEADER, server/http/testClock.ts). */
export const TEST_NOW = 'x-test-now';

// The centre's calendar, as the app and the server read it.
export { addDays, centreToday } from '../../contract/centreDay';

/** The 1st of last month: a join date whose held lessons the demo already has. */
export const lastMonthStart = (today = centreTodayOf()) => addMonths(firstOfMonth(today), -1);

/** The instant `time` (HH:MM) on `date` in Tashkent, as the X-Test-Now header carries it. */
export { centreInstant as tashkent } from '../../contract/centreDay';

/** From now on the page's requests say it is `iso` on the server's clock. */
export async function standAt(page: Page, iso: string) {
  await page.setExtraHTTPHeaders({ [TEST_NOW]: iso });
}

export type DemoGroup = { id: number; name: string; teacher: { id: number }; is_secondary: boolean; start_date?: string };

/**
 * The director's API headers, Chilonzor's id and its main groups other than the demo teacher's (other specs count
 * that teacher's rosters, so a spec adding students stays out of those groups).
 */
export async function chilonzorGroups(request: APIRequestContext) {
  const { access_token } = await apiSignIn(request, DEMO.director);
  const headers = { Authorization: `Bearer ${access_token}` };
  const filials = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const filial = filials.find((f) => f.name === 'Chilonzor')!.id;
  const teacherTokens = await apiSignIn(request, DEMO.teacher);
  const demoTeacher = ((await (await request.get('/api/auth/me', { headers: { Authorization: `Bearer ${teacherTokens.access_token}` } })).json()) as { id: number }).id;
  const groups = ((await (await request.get('/api/groups/no-pg/', { headers, params: { filial } })).json()) as DemoGroup[]).filter(
    (g) => !g.is_secondary && g.teacher.id !== demoTeacher,
  );
  expect(groups.length, 'a demo group of another teacher').toBeGreaterThan(0);
  return { headers, filial, groups };
}

export type OrderableGroup = { id: number; name: string; filial: number; days: number[]; start_date: string; end_date: string; status: string; is_secondary: boolean };
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** The next two days from tomorrow on that a running main group of the branch meets, and the group. */
export async function orderableGroup(request: APIRequestContext, headers: Record<string, string>, filial: number) {
  const groups = (await (await request.get('/api/groups/no-pg/', { headers, params: { filial } })).json()) as OrderableGroup[];
  const start = addDaysOf(centreTodayOf(), 1);
  for (const g of groups) {
    if (g.is_secondary || !['active', 'planned'].includes(g.status) || g.days.length === 0) continue;
    const days: string[] = [];
    for (let d = start > g.start_date ? start : g.start_date; d <= g.end_date && days.length < 2; d = addDaysOf(d, 1)) {
      if (g.days.includes(isoWeekday(d))) days.push(d);
    }
    if (days.length === 2) return { group: g, days };
  }
  throw new Error('no running group with two lesson days ahead');
}
