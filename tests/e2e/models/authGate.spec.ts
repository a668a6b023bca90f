// The auth gate model (src/machines/authGate.model.ts) walked in the browser against the real server: each path has
// a session of its own (a token pair from the API, seeded in storage, or none). The current-user call and the
// refresh are held until the walk lets them go on, so "blank while it runs" and the progress bar are seen; the
// server's answers are real (a 401 after the session is revoked, a refused refresh after its token was reused),
// except the 500, which the real server cannot be made to give: that one answer is fulfilled by the test.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { authGateModel } from '../../../src/machines/authGate.model';
import { DEMO, apiSignIn, expiredAccessToken, seedTokens, sidebar, signIn } from '../helpers';
import { hold, type Hold } from './hold';
import { walkInBrowser } from './walkInBrowser';
import { QUICK } from './poll';

type Pair = { access_token: string; refresh_token: string };
type C = { page: Page; request: APIRequestContext; me: Hold; refresh: Hold; path: string; pair: Pair | null };

const loginHeading = (c: C) => c.page.getByRole('heading', { name: 'Tizimga kirish' });
const storage = (c: C) => c.page.evaluate(() => Object.fromEntries(Object.entries(localStorage)));

/** Nothing rendered: neither the signed-in shell nor the sign-in form. */
async function blankPage(c: C) {
  await expect(sidebar(c.page)).toHaveCount(0);
  await expect(loginHeading(c)).toHaveCount(0);
}

/** Sent to /login with only the page left kept in storage. */
async function sentToLogin(c: C) {
  await expect(c.page).toHaveURL(/\/login$/);
  await expect.poll(() => storage(c), QUICK).toEqual({ lastVisitedPath: c.path });
}

async function visit(c: C, path: string, pair: Pair | null) {
  c.path = path;
  c.pair = pair;
  if (pair) await seedTokens(c.page, pair);
  await c.page.goto(path);
}

walkInBrowser<C>('auth gate', authGateModel, {
  // Each step plays one answer to the page as first opened (held requests, a session never refreshed): a path each.
  paths: 'shortest',
  setup: async ({ page, request }) => ({
    page,
    request,
    me: await hold(page, /\/api\/auth\/me\/?$/),
    refresh: await hold(page, /\/api\/auth\/refresh\/?$/),
    path: '/',
    pair: null,
  }),
  states: (c) => ({
    start: () => expect(c.page).toHaveURL('about:blank'),
    loginPage: async () => {
      await expect(c.page).toHaveURL(/\/login$/);
      await expect(loginHeading(c)).toBeVisible();
      await expect(sidebar(c.page)).toHaveCount(0);
    },
    checking: async () => {
      await expect.poll(() => c.me.pending, QUICK).toBe(1);
      await blankPage(c);
      await expect(c.page).toHaveURL(c.path);
      expect((await storage(c)).lastVisitedPath).toBe(c.path);
    },
    refreshing: async () => {
      await c.refresh.arrived(1);
      expect([c.refresh.pending, c.me.total]).toEqual([1, 0]); // the user is checked after the one refresh
      await blankPage(c);
    },
    authorized: async () => {
      await expect(sidebar(c.page)).toBeVisible();
      await expect(c.page.getByTestId('route-progress')).toHaveCount(0);
      await expect(c.page).toHaveURL(c.path);
      expect(c.me.pending).toBe(0);
    },
    rechecking: async () => {
      await expect.poll(() => c.me.pending, QUICK).toBe(1);
      await expect(c.page.getByTestId('route-progress')).toBeVisible();
      await expect(sidebar(c.page)).toBeVisible(); // the page stays
    },
    unauthorized: () => sentToLogin(c),
    signedOut: async () => {
      await sentToLogin(c);
      // The server ended the session: its refresh token no longer works.
      const again = await c.request.post('/api/auth/refresh/', { data: { refresh_token: c.pair!.refresh_token } });
      expect(again.status()).toBe(401);
    },
    blank: async () => {
      await blankPage(c);
      await expect(c.page).toHaveURL(c.path); // not sent to /login
      expect(await storage(c)).toMatchObject({ accessToken: c.pair!.access_token, refreshToken: c.pair!.refresh_token });
    },
  }),
  events: (c) => ({
    'visit.login': () => c.page.goto('/login'),
    'visit.page': async () => visit(c, '/students/active?page=2', await apiSignIn(c.request, DEMO.administrator)),
    'session.expired': async () => {
      const pair = await apiSignIn(c.request, DEMO.administrator);
      await visit(c, '/leads', { ...pair, access_token: await expiredAccessToken(pair.access_token) });
    },
    'session.missing': () => visit(c, '/tasks', null),
    'refresh.ok': async () => {
      await c.refresh.release();
      const stored = await storage(c);
      c.pair = { access_token: stored.accessToken, refresh_token: stored.refreshToken };
    },
    'refresh.fail': async () => {
      // Another tab used the refresh token first: presenting it again is reuse, which revokes the session.
      expect((await c.request.post('/api/auth/refresh/', { data: { refresh_token: c.pair!.refresh_token } })).status()).toBe(200);
      await c.refresh.release();
    },
    'verify.ok': () => c.me.release(),
    'verify.401': async () => {
      // The session is ended elsewhere (signed out on another device) while the check runs.
      expect((await c.request.post('/api/auth/logout/', { headers: { Authorization: `Bearer ${c.pair!.access_token}` } })).status()).toBeLessThan(300);
      await c.me.release();
    },
    'verify.500': () => c.me.release({ status: 500, body: JSON.stringify({ detail: 'Internal Server Error' }) }),
    'route.change': async () => {
      c.path = '/tasks';
      await sidebar(c.page).getByTestId('nav-section-tasks').click();
    },
    'session.logout': async () => {
      await c.page.getByTestId('user-menu').click();
      await c.page.getByRole('menuitem', { name: 'Chiqish' }).click();
      await c.page.getByRole('alertdialog').getByRole('button', { name: 'Chiqish' }).click();
    },
    'session.lost': async () => {
      // The access token runs out and the refresh token was used elsewhere meanwhile: the next request's refresh
      // is refused and the session is lost.
      const expired = await expiredAccessToken(c.pair!.access_token);
      await c.page.evaluate((t) => localStorage.setItem('accessToken', t), expired);
      expect((await c.request.post('/api/auth/refresh/', { data: { refresh_token: c.pair!.refresh_token } })).status()).toBe(200);
      await c.refresh.releaseAll();
      await c.page.unroute(/\/api\/auth\/refresh\/?$/);
      c.path = '/tasks';
      await sidebar(c.page).getByTestId('nav-section-tasks').click();
    },
    'redirect.followed': async () => {
      await expect(c.page).toHaveURL(/\/login$/);
      await expect(loginHeading(c)).toBeVisible();
    },
    'login.succeeded': async () => {
      c.path = (await storage(c)).lastVisitedPath ?? '/';
      await signIn(c.page, DEMO.administrator);
    },
  }),
});
