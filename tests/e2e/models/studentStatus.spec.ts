// The student status model (src/machines/studentStatus.model.ts) walked in the browser: every path takes a new
// student of its own, created "testing" through the API, along the student page as the administrator, asserting in
// every model state the status badge, the status moves offered and the error with its retry.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { studentStatusModel } from '../../../src/machines/studentStatus.model';
import { DEMO, addDays, standAt, tashkent, typedDay } from '../helpers';
import { FIRST_LOAD, apiSession, centreToday, ownGroupsMeetingToday, openSignedIn, randomPhone, suffix, type Group } from './fixtures';
import { walkInBrowser } from './walkInBrowser';
import { QUICK } from './poll';

type Shared = { group: Group; refusal: string };
let shared: Promise<Shared> | undefined;

/** Once per worker: a group of the suite's own to join, and the server's 409 for a move it refuses. */
async function loadShared(request: APIRequestContext): Promise<Shared> {
  const admin = await apiSession(request, DEMO.administrator);
  const [group] = await ownGroupsMeetingToday(request, admin.filial, 1);
  // Activating a student who is still being tested is refused: the server's own body for a refused activation.
  const probe = await request.post('/api/students/', { headers: admin.headers, data: { filial: admin.filial, full_name: `E2E rad ${suffix()}`, phone: randomPhone(), status: 'testing' } });
  const refused = await request.post(`/api/api/v2/students/${((await probe.json()) as { id: number }).id}/activate`, { headers: admin.headers, data: {} });
  expect(refused.status()).toBe(409);
  return { group, refusal: await refused.text() };
}

type C = { page: Page; id: number; shared: Shared; reason: string };

const MOVES = ['activate', 'freeze', 'unfreeze', 'unarchive', 'archive'];
const LABELS: Record<string, string> = { activate: 'Faollashtirish', unfreeze: 'Muzlatishni bekor qilish', unarchive: 'Arxivdan qaytarish' };
const shown = (day: string) => `${day.slice(8, 10)}.${day.slice(5, 7)}.${day.slice(0, 4)}`;

const status = (c: C) => c.page.getByTestId('student-status');
const alert = (c: C) => c.page.getByTestId('student-detail').getByRole('alert');

/** The badge says `value` and exactly `moves` are offered, none of them waiting for a save. */
async function shows(c: C, value: string, moves: string[], failed = false) {
  await expect(status(c)).toHaveAttribute('data-status', value);
  const buttons = c.page.getByTestId('student-actions').locator(MOVES.map((m) => `[data-testid="action-${m}"]`).join(','));
  await expect.poll(() => buttons.evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('action-'.length))), QUICK).toEqual(moves);
  for (const m of moves) await expect(c.page.getByTestId(`action-${m}`)).toBeEnabled();
  await expect(alert(c)).toHaveCount(failed ? 1 : 0);
}

async function confirm(c: C, move: string) {
  await c.page.getByTestId(`action-${move}`).click();
  const dialog = c.page.getByRole('alertdialog');
  await dialog.getByRole('button', { name: LABELS[move], exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

async function freeze(c: C, from: string, to: string) {
  await c.page.getByTestId('action-freeze').click();
  const form = c.page.getByTestId('freeze-form');
  await form.getByLabel('Boshlanish sanasi').fill(typedDay(from));
  await form.getByLabel('Tugash sanasi').fill(typedDay(to));
  await form.getByLabel('Sabab').fill('Oilaviy safar');
  await form.getByRole('button', { name: 'Muzlatish', exact: true }).click();
  await expect(form).toHaveCount(0);
}

async function archived(c: C) {
  await shows(c, 'archived', ['unarchive']);
  await expect(c.page.getByTestId('archived-reason')).toContainText(c.reason);
}

walkInBrowser<C>('student status', studentStatusModel, {
  setup: async ({ page, request }) => {
    const s = await (shared ??= loadShared(request));
    const admin = await apiSession(request, DEMO.administrator);
    const name = `E2E Model O‘quvchi ${suffix()}`;
    const created = await request.post('/api/students/', { headers: admin.headers, data: { filial: admin.filial, full_name: name, phone: randomPhone(), status: 'testing' } });
    expect(created.status(), await created.text()).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    // The page stands at 07:00: a freeze from today would begin tomorrow once a lesson of the student's group has
    // begun today, and the group meets in the evening, when a run may fall.
    await standAt(page, tashkent(centreToday(), '07:00'));
    await openSignedIn(page, admin.tokens, `/students/info?id=${id}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible(FIRST_LOAD);
    return { page, id, shared: s, reason: `Ko‘chib ketdi ${suffix()}` };
  },
  states: (c) => ({
    testing: () => shows(c, 'testing', ['archive']),
    new: () => shows(c, 'new', ['activate', 'archive']),
    newFailed: async () => {
      await shows(c, 'new', ['activate', 'archive'], true);
      await expect(alert(c)).toContainText((JSON.parse(c.shared.refusal) as { detail: string }).detail);
    },
    active: async () => {
      await shows(c, 'active', ['freeze', 'archive']);
      await expect(status(c)).not.toContainText('Muzlatish rejalashtirilgan');
    },
    freezeScheduled: async () => {
      await shows(c, 'active', ['freeze', 'archive']);
      await expect(status(c)).toContainText(`Muzlatish rejalashtirilgan: ${shown(addDays(centreToday(), 3))} – ${shown(addDays(centreToday(), 10))}`);
      await expect(c.page.getByTestId('action-cancel-freeze')).toBeVisible();
    },
    frozen: async () => {
      await shows(c, 'frozen', ['unfreeze', 'archive']);
      await expect(status(c)).toContainText(`${shown(addDays(centreToday(), 14))} gacha`);
    },
    archivedTesting: () => archived(c),
    archivedNew: () => archived(c),
    archivedActive: () => archived(c),
    archivedFrozen: () => archived(c),
  }),
  events: (c) => ({
    'student.sync': async () => {
      // Joining a first group is what makes a tested student new: the page refetches the card and syncs.
      await c.page.getByTestId('action-add-group').click();
      const form = c.page.getByTestId('add-group-form');
      await form.getByLabel('Guruh').selectOption(String(c.shared.group.id));
      await form.getByRole('button', { name: 'Qo‘shish', exact: true }).click();
      await expect(form).toHaveCount(0);
    },
    'student.activate': () => confirm(c, 'activate'),
    // From a scheduled freeze too: the new freeze replaces the one still to come (the page offers it, the server
    // once refused it with errors.freezeExists).
    'student.freeze': () => freeze(c, centreToday(), addDays(centreToday(), 14)),
    'server.schedulesFreeze': () => freeze(c, addDays(centreToday(), 3), addDays(centreToday(), 10)),
    'student.unfreeze': () => confirm(c, 'unfreeze'),
    'student.archive': async () => {
      await c.page.getByTestId('action-archive').click();
      const form = c.page.getByTestId('archive-form');
      await form.getByLabel('Sabab').fill(c.reason);
      await form.getByRole('button', { name: 'Arxivlash', exact: true }).click();
      await expect(form).toHaveCount(0);
    },
    'student.unarchive': () => confirm(c, 'unarchive'),
    'server.refuses': async () => {
      // This one activation is answered with the server's own 409 (taken in loadShared); everything else is real.
      const url = `**/api/api/v2/students/${c.id}/activate`;
      await c.page.route(url, (route) => route.fulfill({ status: 409, contentType: 'application/json', body: c.shared.refusal }));
      await confirm(c, 'activate');
      await expect(alert(c)).toBeVisible();
      await c.page.unroute(url);
    },
    'student.retry': () => alert(c).getByRole('button', { name: 'Qayta urinish' }).click(),
    'student.dismiss': () => alert(c).getByRole('button', { name: 'Yopish' }).click(),
  }),
});
