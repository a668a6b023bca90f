// The branch model (src/machines/branch.model.ts) walked in the browser: the director, on a page of the path's
// own (a fresh token pair, nothing saved), switches branches in the header's switcher; the app reloads itself, going
// back one page first on a detail page. Each state is asserted on the switcher, the address and what is saved.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { branchModel } from '../../../src/machines/branch.model';
import { DEMO } from '../helpers';
import { FIRST_LOAD, apiSession, openSignedIn, randomPhone, suffix } from './fixtures';
import { walkInBrowser } from './walkInBrowser';

type Branch = { id: number; name: string };
type C = { page: Page; request: APIRequestContext; headers: Record<string, string>; first: Branch; other: Branch };

const input = (c: C) => c.page.getByTestId('branch-input');

async function shows(c: C, branch: Branch, url: RegExp) {
  await expect(c.page).toHaveURL(url);
  await expect(input(c)).toHaveValue(branch.name);
  expect(await c.page.evaluate(() => localStorage.getItem('savedFilial'))).toBe(String(branch.id));
}

/** Does `act`, then waits for the page load the app makes after a branch change. */
async function reloading(c: C, act: () => Promise<void>) {
  const loaded = c.page.waitForEvent('load');
  await act();
  await loaded;
}

walkInBrowser<C>('branch', branchModel, {
  setup: async ({ page, request }) => {
    const director = await apiSession(request, DEMO.director);
    const all = (await (await request.get('/api/filial/no-pg/', { headers: director.headers })).json()) as Branch[];
    const first = all.find((b) => director.me.filial.includes(b.id)) ?? all[0];
    const other = all.find((b) => b.id !== first.id)!;
    await openSignedIn(page, director.tokens, '/leads');
    await expect(page.getByTestId('branch-input')).toHaveValue(/.+/, FIRST_LOAD);
    return { page, request, headers: director.headers, first, other };
  },
  states: (c) => ({
    firstBranch: () => shows(c, c.first, /\/leads$/),
    chosen: () => shows(c, c.other, /\/leads$/),
    onDetail: () => shows(c, c.first, /\/leads\/lead_info\?id=\d+$/),
    leftDetail: () => shows(c, c.other, /\/leads$/), // back on the list: the lead is not in the other branch
  }),
  events: (c) => ({
    'branch.choose': () =>
      reloading(c, async () => {
        await input(c).click();
        await c.page.getByTestId('branch-option').filter({ hasText: c.other.name }).click();
      }),
    'branch.clear': () => reloading(c, () => c.page.getByRole('button', { name: 'Tanlovni tozalash' }).click({ timeout: 5000 })),
    'visit.detail': async () => {
      const name = `E2E Filial Lid ${suffix()}`;
      const created = await c.request.post('/api/lid/', { headers: c.headers, data: { filial: c.first.id, full_name: name, phone: randomPhone() } });
      expect(created.status(), await created.text()).toBe(201);
      await c.page.goto(`/leads/lead_info?id=${((await created.json()) as { id: number }).id}`);
      await expect(c.page.getByRole('heading', { level: 1, name })).toBeVisible();
    },
  }),
});
