// The lead stage model (src/machines/leadStage.model.ts) walked in the browser: every path takes a new lead of its
// own from the lead page (the order page for "change group or date") as the administrator, asserting in every
// model state the stage badge, the moves offered and the order shown.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { leadStageModel } from '../../../src/machines/leadStage.model';
import { DEMO } from '../helpers';
import { FIRST_LOAD, apiSession, centreToday, ownGroupsMeetingToday, openSignedIn, randomPhone, suffix, type Group } from './fixtures';
import { walkInBrowser } from './walkInBrowser';
import { QUICK } from './poll';

type Shared = { groups: Group[]; refusal: { status: number; body: string } };
let shared: Promise<Shared> | undefined;

/** Once per worker: two groups meeting today (join needs a first lesson that has come) and the server's 409. */
async function loadShared(request: APIRequestContext): Promise<Shared> {
  const admin = await apiSession(request, DEMO.administrator);
  const groups = await ownGroupsMeetingToday(request, admin.filial, 2);
  // The server's own answer to a refused move: "wait" for a lead another desk archived meanwhile.
  const lead = (await (await request.post('/api/lid/', { headers: admin.headers, data: { filial: admin.filial, full_name: `E2E rad ${suffix()}`, phone: randomPhone() } })).json()) as { id: number };
  expect((await request.patch(`/api/lid/${lead.id}/`, { headers: admin.headers, data: { is_archived: true, archived_reason: 'no_answer' } })).status()).toBe(200);
  const refused = await request.patch(`/api/lid/${lead.id}/`, { headers: admin.headers, data: { stage: 'KUTULMOQDA' } });
  expect(refused.status()).toBe(409);
  return { groups, refusal: { status: 409, body: await refused.text() } };
}

type C = { page: Page; id: number; name: string; shared: Shared };

const stage = (c: C) => c.page.getByTestId('lead-stage');

/** The page shows the lead at `stageValue` (archived or not), offering exactly `moves`, with no error. */
async function shows(c: C, stageValue: string, archived: boolean, moves: string[]) {
  await expect(stage(c)).toHaveAttribute('data-stage', stageValue);
  await expect(stage(c)).toHaveAttribute('data-archived', String(archived));
  const offered = c.page.getByTestId('lead-moves').locator('[data-testid^="lead-move-"]');
  await expect.poll(() => offered.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('lead-move-'.length))), QUICK).toEqual(moves);
  await expect(c.page.getByTestId('lead-moves').getByRole('status')).toHaveCount(0); // no move is saving
}

const order = (c: C, group: Group) => expect(c.page.getByTestId('lead-order')).toContainText(group.name);

walkInBrowser<C>('lead stage', leadStageModel, {
  setup: async ({ page, request }) => {
    const s = await (shared ??= loadShared(request));
    const admin = await apiSession(request, DEMO.administrator);
    const name = `E2E Model Lid ${suffix()}`;
    const created = await request.post('/api/lid/', { headers: admin.headers, data: { filial: admin.filial, full_name: name, phone: randomPhone() } });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    await openSignedIn(page, admin.tokens, `/leads/lead_info?id=${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(FIRST_LOAD);
    return { page, id, name, shared: s };
  },
  states: (c) => ({
    newLead: async () => {
      await shows(c, 'YANGI_LEAD', false, ['wait', 'order', 'archive']);
      await expect(c.page.getByTestId('lead-move-error')).toHaveCount(0);
    },
    newLeadFailed: async () => {
      const error = c.page.getByTestId('lead-move-error');
      await expect(error).toContainText('O‘zgarish saqlanmadi.');
      await expect(error).toContainText((JSON.parse(c.shared.refusal.body) as { detail: string }).detail);
      await shows(c, 'YANGI_LEAD', false, ['wait', 'order', 'archive']);
    },
    waiting: () => shows(c, 'KUTULMOQDA', false, ['order', 'archive']),
    ordered: async () => {
      await shows(c, 'ORDER_CREATED', false, ['join', 'cancelOrder', 'archive']);
      await order(c, c.shared.groups[0]);
    },
    reordered: async () => {
      await shows(c, 'ORDER_CREATED', false, ['join', 'cancelOrder', 'archive']);
      await order(c, c.shared.groups[1]);
    },
    joined: async () => {
      await shows(c, 'JOINED', false, []);
      await expect(c.page.getByTestId('lead-joined')).toBeVisible();
    },
    archivedNew: () => shows(c, 'YANGI_LEAD', true, ['restore']),
    archivedWaiting: () => shows(c, 'KUTULMOQDA', true, ['restore']),
    archivedOrdered: async () => {
      await shows(c, 'ORDER_CREATED', true, ['restore']);
      await order(c, c.shared.groups[0]);
    },
  }),
  events: (c) => ({
    'lead.wait': () => c.page.getByTestId('lead-move-wait').click(),
    'lead.order': async () => {
      await c.page.getByTestId('lead-move-order').click();
      const form = c.page.getByTestId('lead-order-form');
      await form.locator('select[name=group]').selectOption(String(c.shared.groups[0].id));
      await form.locator('select[name=first_lesson_date]').selectOption(centreToday());
      await form.getByTestId('lead-order-submit').click();
      await expect(form).toHaveCount(0);
    },
    'lead.changeOrder': async () => {
      // Changing an order is offered on its order page: there and back by the links.
      await c.page.getByRole('link', { name: 'Buyurtmani ochish' }).click();
      await c.page.getByTestId('lead-move-change').click();
      const form = c.page.getByTestId('lead-order-form');
      await form.locator('select[name=group]').selectOption(String(c.shared.groups[1].id));
      await form.locator('select[name=first_lesson_date]').selectOption(centreToday());
      await form.getByTestId('lead-order-submit').click();
      await expect(form).toHaveCount(0);
      await expect(c.page.getByTestId('order-group-name')).toContainText(c.shared.groups[1].name);
      await c.page.getByRole('link', { name: 'Lidni ochish' }).click();
      await expect(c.page).toHaveURL(new RegExp(`/leads/lead_info\\?id=${c.id}$`));
    },
    'lead.join': async () => {
      await c.page.getByTestId('lead-move-join').click();
      await c.page.getByRole('alertdialog').getByRole('button', { name: 'O‘quvchi qilish' }).click();
    },
    'lead.cancelOrder': async () => {
      await c.page.getByTestId('lead-move-cancelOrder').click();
      await c.page.getByRole('alertdialog').getByRole('button', { name: 'Buyurtmani bekor qilish' }).click();
    },
    'lead.archive': async () => {
      await c.page.getByTestId('lead-move-archive').click();
      const form = c.page.getByTestId('lead-archive-form');
      await form.locator('select[name=reason]').selectOption('no_answer');
      await form.getByRole('button', { name: 'Arxivlash' }).click();
    },
    'lead.restore': () => c.page.getByTestId('lead-move-restore').click(),
    'server.refuses': async () => {
      // This one PATCH is answered with the server's own 409 (taken in loadShared); everything else is real.
      const url = new RegExp(`/api/lid/${c.id}/?$`);
      await c.page.route(url, (route) =>
        route.request().method() === 'PATCH'
          ? route.fulfill({ status: c.shared.refusal.status, contentType: 'application/json', body: c.shared.refusal.body })
          : route.fallback(),
      );
      await c.page.getByTestId('lead-move-wait').click();
      await expect(c.page.getByTestId('lead-move-error')).toBeVisible();
      await c.page.unroute(url);
    },
  }),
});
