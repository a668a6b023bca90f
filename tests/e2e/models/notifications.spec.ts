// The notifications model (src/machines/notifications.model.ts) walked in the browser: each path has an employee of
// its own, created by the director through the API and mentioned in two comments on a lead (so two unread
// notifications that no other spec reads), who marks them read in the bell's panel. A refused mark-read is that one
// PATCH answered with the server's own 404 for a notification that is not the user's; the rest is real.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { notificationsModel } from '../../../src/machines/notifications.model';
import { DEMO, apiSignIn } from '../helpers';
import { FIRST_LOAD, apiSession, openSignedIn, randomPhone, suffix } from './fixtures';
import { walkInBrowser } from './walkInBrowser';
import { QUICK } from './poll';

type C = { page: Page; request: APIRequestContext; headers: Record<string, string>; refusal: string; texts: string[] };

const panel = (c: C) => c.page.getByTestId('notifications-panel');
const items = (c: C) => panel(c).getByTestId('notification');

/** The bell counts `texts.length` and the open panel lists exactly those, as does the server. */
async function lists(c: C, texts: string[]) {
  if (texts.length > 0) await expect(c.page.getByTestId('bell-count')).toHaveText(String(texts.length));
  else await expect(c.page.getByTestId('bell-count')).toHaveCount(0);
  await expect(items(c)).toHaveCount(texts.length);
  for (const [i, text] of texts.entries()) await expect(items(c).nth(i)).toContainText(text);
  // The bell marks read at once and the PATCH follows: the server's count is awaited, not read once.
  const unread = async () => ((await (await c.request.get('/api/notifications/no-pg/', { headers: c.headers, params: { is_read: 'false' } })).json()) as { comment: string }[]).length;
  await expect.poll(unread, QUICK).toBe(texts.length);
}

const markFirst = (c: C) => items(c).first().getByRole('button', { name: 'O‘qildi' }).click();

walkInBrowser<C>('notifications', notificationsModel, {
  setup: async ({ page, request }) => {
    const director = await apiSession(request, DEMO.director);
    const branches = (await (await request.get('/api/filial/no-pg/', { headers: director.headers })).json()) as { id: number; name: string }[];
    const filial = branches.find((b) => b.name === 'Chilonzor')!.id;
    const person = { phone: randomPhone().replace('+99895', '+99877'), password: `bell-${suffix()}` };
    const employee = await request.post('/api/api/employees/', {
      headers: director.headers,
      data: { full_name: `E2E Qo‘ng‘iroqchi ${suffix()}`, ...person, role: 'ADMINISTRATOR', filials: [filial] },
    });
    expect(employee.status(), await employee.text()).toBe(201);
    const id = ((await employee.json()) as { id: number }).id;
    const lead = await request.post('/api/lid/', { headers: director.headers, data: { filial, full_name: `E2E Eslatma ${suffix()}`, phone: randomPhone() } });
    const leadId = ((await lead.json()) as { id: number }).id;
    const texts: string[] = [];
    for (const n of [1, 2]) {
      const text = `Qo‘ng‘iroq qiling ${n} ${suffix()}`;
      const comment = await request.post('/api/comments/', { headers: director.headers, data: { lead: leadId, text, mentions: [id] } });
      expect(comment.status(), await comment.text()).toBe(201);
      texts.push(text);
    }
    const tokens = await apiSignIn(request, person);
    const headers = { Authorization: `Bearer ${tokens.access_token}` };
    const refused = await request.patch('/api/notifications/999999999/', { headers, data: { is_read: true } });
    expect(refused.status()).toBe(404);
    await openSignedIn(page, tokens, '/');
    await expect(page.getByTestId('bell-count')).toBeVisible(FIRST_LOAD);
    await page.getByTestId('bell').click();
    // Newest first: the second comment's notification leads the list.
    return { page, request, headers, refusal: await refused.text(), texts: texts.reverse() };
  },
  states: (c) => ({
    twoUnread: async () => {
      await lists(c, c.texts);
      await expect(c.page.getByTestId('toasts').getByText('Bildirishnomani yangilab bo‘lmadi')).toHaveCount(0);
    },
    markFailed: async () => {
      await expect(c.page.getByTestId('toasts').getByText('Bildirishnomani yangilab bo‘lmadi')).toBeVisible(); // shown for 3 s
      await lists(c, c.texts); // the refused one is back
    },
    oneUnread: () => lists(c, c.texts.slice(1)),
    noneUnread: async () => {
      await lists(c, []);
      await expect(panel(c).getByText('Bildirishnomalar yo‘q')).toBeVisible();
    },
  }),
  events: (c) => ({
    'notification.markRead': async () => {
      const count = await items(c).count();
      await markFirst(c);
      await expect(items(c)).toHaveCount(count - 1); // gone at once
    },
    'server.refuses': async () => {
      const url = /\/api\/notifications\/\d+\/?$/;
      await c.page.route(url, (route) =>
        route.request().method() === 'PATCH' ? route.fulfill({ status: 404, contentType: 'application/json', body: c.refusal }) : route.fallback(),
      );
      await markFirst(c);
      await expect(c.page.getByTestId('toasts').getByText('Bildirishnomani yangilab bo‘lmadi')).toBeVisible();
      await c.page.unroute(url);
    },
  }),
});
