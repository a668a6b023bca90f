// The session model (src/machines/session.model.ts) walked in the browser against the real server: each path has a
// token pair of its own and a lead of its own on the leads list, whose search box makes the requests (a search
// changes only the query, so the auth gate does not re-check and the requests meet the session alone). What the
// requests meet is real: an access token past its time, one the server refuses (signed with another key, as after a
// key rotation), a refresh token another tab used first. The refresh, and for a stale token the list request, are
// held until the walk lets them go on to the server, so the page waiting for the one refresh can be asserted.
import { expect, type APIRequestContext, type Page, type Response } from '@playwright/test';
import { SignJWT, decodeJwt } from 'jose';
import { sessionModel } from '../../../src/machines/session.model';
import { DEMO, expiredAccessToken, sidebar, signIn } from '../helpers';
import { FIRST_LOAD, apiSession, openSignedIn, randomPhone, suffix } from './fixtures';
import { hold, type Hold } from './hold';
import { walkInBrowser } from './walkInBrowser';
import { QUICK } from './poll';

type C = {
  page: Page;
  request: APIRequestContext;
  refresh: Hold;
  name: string;
  key: string;
  /** The search typed last (null once the list was left), and how many times the list was searched. */
  search: string | null;
  searches: number;
  /** Refreshes the page should have asked for so far. */
  refreshes: number;
  refreshCalls: number;
  /** Answers to the list request of each search. */
  answers: Map<string, number[]>;
  rejected: number;
};

const LIST = /\/api\/lid\/\?/;
const rows = (c: C) => c.page.getByTestId('leads-table').locator('tbody tr');
const stored = (c: C) => c.page.evaluate(() => ({ access: localStorage.getItem('accessToken')!, refresh: localStorage.getItem('refreshToken')! }));
const setAccess = (c: C, token: string) => c.page.evaluate((t) => localStorage.setItem('accessToken', t), token);

/** An access token of this session the server refuses although it has not expired: signed with another key. */
async function refusedToken(access: string) {
  return new SignJWT(decodeJwt(access)).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('a-key-the-server-no-longer-uses-0123456789'));
}

/** The search `search` types next for the path's lead: a new query each time, so the list is asked for again. */
const nextSearch = (c: C) => [`Sessiya ${c.key}`, c.key, `E2E Sessiya ${c.key}`][c.searches % 3];

async function search(c: C) {
  c.search = nextSearch(c);
  c.searches += 1;
  await c.page.getByRole('searchbox', { name: /Qidirish/ }).fill(c.search);
}

/** The list request of one search (its `q`), not any list request: a refetch of the previous one may be in flight. */
const listOf = (search: string) => new RegExp(`/api/lid/\\?(.*&)?q=${encodeURIComponent(search).replace(/%20/g, '(\\+|%20)')}(&|$)`);

const answered = (c: C) => (c.search ? (c.answers.get(c.search) ?? []) : []);

async function showsData(c: C) {
  await expect(sidebar(c.page)).toBeVisible();
  if (c.search !== null) {
    await expect(c.page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(c.search).replace(/%20/g, '(\\+|%20)')}`));
    await expect(rows(c)).toHaveCount(1);
    await expect(rows(c)).toContainText(c.name);
    await expect.poll(() => answered(c).at(-1), QUICK).toBe(200);
  }
  expect(c.refreshCalls).toBe(c.refreshes);
  expect(c.refresh.pending).toBe(0);
}

walkInBrowser<C>('session', sessionModel, {
  // Each step plays one answer to the page as first opened (held requests, a session never refreshed): a path each.
  paths: 'shortest',
  setup: async ({ page, request }) => {
    const admin = await apiSession(request, DEMO.administrator);
    const key = suffix();
    const name = `E2E Sessiya ${key}`;
    const created = await request.post('/api/lid/', { headers: admin.headers, data: { filial: admin.filial, full_name: name, phone: randomPhone() } });
    expect(created.status(), await created.text()).toBe(201);
    const c: C = {
      page,
      request,
      refresh: await hold(page, /\/api\/auth\/refresh\/?$/),
      name,
      key,
      search: null,
      searches: 0,
      refreshes: 0,
      refreshCalls: 0,
      answers: new Map(),
      rejected: 0,
    };
    page.on('request', (r) => void (r.url().includes('/api/auth/refresh') && (c.refreshCalls += 1)));
    page.on('response', (r: Response) => {
      if (!LIST.test(r.url())) return;
      const q = new URL(r.url()).searchParams.get('q');
      if (q !== null) c.answers.set(q, [...(c.answers.get(q) ?? []), r.status()]);
      if (r.status() === 401) c.rejected += 1;
    });
    await openSignedIn(page, admin.tokens, '/leads');
    await expect(page.getByTestId('leads-table')).toBeVisible(FIRST_LOAD);
    return c;
  },
  states: (c) => ({
    ready: () => showsData(c),
    retried: async () => {
      await showsData(c);
      await expect.poll(() => answered(c), QUICK).toEqual([401, 200]); // refused for the older token, then answered with the current one
    },
    refreshing: async () => {
      await expect.poll(() => c.refresh.pending, QUICK).toBe(1);
      expect(c.refreshCalls).toBe(c.refreshes); // one refresh for all the waiting requests
      expect(answered(c)).not.toContain(200);
      await expect(sidebar(c.page)).toBeVisible(); // the page stays while the requests wait
    },
    lost: async () => {
      await expect(c.page).toHaveURL(/\/login$/);
      await expect(c.page.getByRole('heading', { name: 'Tizimga kirish' })).toBeVisible();
      const left = await c.page.evaluate(() => Object.keys(localStorage));
      expect(left).toEqual(['lastVisitedPath']);
      expect(c.refreshCalls).toBe(c.refreshes);
    },
  }),
  events: (c) => ({
    'requests.expired': async () => {
      await setAccess(c, await expiredAccessToken((await stored(c)).access));
      c.refreshes += 1;
      await search(c);
    },
    'requests.rejected': async () => {
      await setAccess(c, await refusedToken((await stored(c)).access));
      c.refreshes += 1;
      await search(c);
      await expect.poll(() => answered(c), QUICK).toContain(401);
    },
    'request.staleToken': async () => {
      // The list request leaves with an older token; a newer one is stored before the server answers it.
      const { access } = await stored(c);
      const pattern = listOf(nextSearch(c));
      const list = await hold(c.page, pattern);
      await setAccess(c, await refusedToken(access));
      await search(c);
      await list.arrived(1);
      await setAccess(c, access);
      await list.releaseAll();
      await c.page.unroute(pattern);
    },
    'request.noRefreshToken': async () => {
      // Both tokens gone stale while the page was open: the next page cannot be opened without signing in again.
      await setAccess(c, await expiredAccessToken((await stored(c)).access));
      await c.page.evaluate(() => localStorage.removeItem('refreshToken'));
      c.search = null;
      await sidebar(c.page).getByTestId('nav-section-tasks').click();
    },
    'refresh.ok': () => c.refresh.release(),
    'refresh.fail': async () => {
      // Another tab used the refresh token first: presenting it again is reuse, which the server refuses.
      const { refresh } = await stored(c);
      expect((await c.request.post('/api/auth/refresh/', { data: { refresh_token: refresh } })).status()).toBe(200);
      await c.refresh.release();
    },
    signIn: async () => {
      const back = await c.page.evaluate(() => localStorage.getItem('lastVisitedPath'));
      await signIn(c.page, DEMO.administrator);
      await expect(c.page).toHaveURL(back!);
      if (c.search !== null) await expect(rows(c)).toHaveCount(1);
    },
  }),
});
