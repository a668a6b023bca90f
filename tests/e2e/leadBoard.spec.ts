// The lead board (/leads?view=board): a card dragged from "new" to "waiting" is saved (it is still there after a
// reload), a card moved with the keyboard, a move the server refuses rolls back with the server's words, and a
// stage of 2,000 leads keeps only a window of cards in the page while it scrolls to the last one.
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, apiSignIn, orderableGroup, signIn } from './helpers';

const tag = () => Math.random().toString(36).slice(2, 8);
/** Nine local digits starting 95: this run's own phones. */
const phoneOf = (base: number, i: number) => `+99895${String((base + i) % 1e7).padStart(7, '0')}`;

type Admin = { headers: Record<string, string>; filial: number };

async function admin(request: APIRequestContext): Promise<Admin> {
  const headers = { Authorization: `Bearer ${(await apiSignIn(request, DEMO.administrator)).access_token}` };
  const me = (await (await request.get('/api/auth/me', { headers })).json()) as { filial: number[] };
  return { headers, filial: me.filial[0] };
}

/** `count` new leads named `<name> 0001`…, one request each; their ids. */
async function seedLeads(request: APIRequestContext, a: Admin, name: string, count: number): Promise<number[]> {
  const base = Math.floor(Math.random() * 5e6);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await request.post('/api/lid/', { headers: a.headers, data: { filial: a.filial, full_name: `${name} ${String(i + 1).padStart(4, '0')}`, phone: phoneOf(base, i), confirm_duplicate: true } });
    expect(res.status(), await res.text()).toBe(201);
    const body = (await res.json()) as { id?: number; lead?: { id: number } };
    ids.push(body.lead?.id ?? (body.id as number));
  }
  return ids;
}

/**
 * `count` new leads named `<name> 0001`… in the administrator's branch in one go, through the move-in import (a
 * CSV committed by the director), as a centre arriving from another system brings them.
 */
async function importLeads(request: APIRequestContext, a: Admin, name: string, count: number): Promise<void> {
  const headers = { Authorization: `Bearer ${(await apiSignIn(request, DEMO.director)).access_token}` };
  const branches = (await (await request.get('/api/filial/no-pg/', { headers })).json()) as { id: number; name: string }[];
  const branch = branches.find((b) => b.id === a.filial)!.name;
  const base = Math.floor(Math.random() * 5e6);
  const rows = Array.from({ length: count }, (_, i) => `"${name} ${String(i + 1).padStart(4, '0')}",${phoneOf(base, i)},"${branch}"`);
  const file = { name: 'leads.csv', mimeType: 'text/csv', buffer: Buffer.from(['full_name,phone,branch', ...rows].join('\n')) };
  const preview = await request.post('/api/import/leads/', { headers, multipart: { file } });
  expect(preview.status(), await preview.text()).toBe(201);
  const { id, counts } = (await preview.json()) as { id: number; counts: { new: number } };
  expect(counts.new).toBe(count);
  expect((await request.post(`/api/import/${id}/commit/`, { headers })).status()).toBe(200);
}

const column = (page: Page, stage: string) => page.getByTestId(`board-column-${stage}`);
const cardIn = (page: Page, stage: string, name: string) => column(page, stage).getByTestId('board-card').filter({ hasText: name });

async function openBoard(page: Page, q: string) {
  await page.goto(`/leads?view=board&q=${encodeURIComponent(q)}`);
  await signIn(page, DEMO.administrator);
  // The first page of a fresh server on a busy machine loads its chunks slowly.
  await expect(page.getByTestId('lead-board')).toBeVisible({ timeout: 20_000 });
}

/** A pointer drag from the card to the middle of a column, in small steps as a hand would. */
async function drag(page: Page, card: Locator, target: Locator) {
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('no box to drag');
  await page.mouse.move(from.x + from.width / 2, from.y + from.height - 10);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height - 10, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
  await page.mouse.up();
}

test('a lead dragged from new to waiting stays there after a reload; another moves with the arrow key', async ({ page, request }) => {
  test.setTimeout(60_000);
  const a = await admin(request);
  const name = `Doska ${tag()}`;
  await seedLeads(request, a, name, 2);
  await openBoard(page, name);
  await expect(page.getByTestId('leads-view-board')).toHaveAttribute('aria-pressed', 'true');
  await expect(column(page, 'YANGI_LEAD').getByTestId('board-card')).toHaveCount(2);
  await expect(column(page, 'KUTULMOQDA').getByTestId('board-card')).toHaveCount(0);

  // Drag: the card shows in "waiting" at once and the server keeps it there.
  await drag(page, cardIn(page, 'YANGI_LEAD', `${name} 0001`), column(page, 'KUTULMOQDA'));
  await expect(cardIn(page, 'KUTULMOQDA', `${name} 0001`)).toBeVisible();
  await expect(cardIn(page, 'YANGI_LEAD', `${name} 0001`)).toHaveCount(0);
  await expect(page.getByTestId('board-said')).toContainText(`${name} 0001`);

  // Keyboard: focus the other card, the right arrow moves it.
  const second = cardIn(page, 'YANGI_LEAD', `${name} 0002`);
  await second.focus();
  await page.keyboard.press('ArrowRight');
  await expect(cardIn(page, 'KUTULMOQDA', `${name} 0002`)).toBeVisible();
  // Back to "new" is not a move the pipeline has: the card stays and the refusal is said.
  await cardIn(page, 'KUTULMOQDA', `${name} 0002`).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('board-said')).toContainText(/cannot move|o‘tkazib bo‘lmaydi|нельзя/);
  await expect(cardIn(page, 'KUTULMOQDA', `${name} 0002`)).toBeVisible();

  await page.reload();
  await expect(column(page, 'KUTULMOQDA').getByTestId('board-card')).toHaveCount(2);
  await expect(column(page, 'YANGI_LEAD').getByTestId('board-card')).toHaveCount(0);
  const saved = await request.get('/api/lid/', { headers: a.headers, params: { q: name, filial: a.filial } });
  const stages = ((await saved.json()) as { results: { stage: string }[] }).results.map((l) => l.stage);
  expect(stages).toEqual(['KUTULMOQDA', 'KUTULMOQDA']);

  // The view switch goes back to the table with the same filter.
  await page.getByTestId('leads-view-table').click();
  await expect(page).toHaveURL(/\/leads\?q=/);
  await expect(page.getByTestId('leads-table').locator('tbody tr')).toHaveCount(2);
});

test('a move the server refuses (the lead was archived at another desk) rolls back with the server’s message', async ({ page, request }) => {
  const a = await admin(request);
  const name = `Rad ${tag()}`;
  const [id] = await seedLeads(request, a, name, 1);
  await openBoard(page, name);
  const card = cardIn(page, 'YANGI_LEAD', name);
  await expect(card).toBeVisible();

  // Meanwhile another desk archives it; the board still shows it as new, so the rule lets the drag through.
  const archived = await request.patch(`/api/lid/${id}/`, { headers: a.headers, data: { is_archived: true, archived_reason: 'no_answer' } });
  expect(archived.status(), await archived.text()).toBe(200);
  const refusal = await request.patch(`/api/lid/${id}/`, { headers: a.headers, data: { stage: 'KUTULMOQDA' } });
  expect(refusal.status()).toBe(409);
  const detail = ((await refusal.json()) as { detail: string }).detail;

  await drag(page, card, column(page, 'KUTULMOQDA'));
  await expect(page.getByTestId('toasts')).toContainText(detail);
  await expect(cardIn(page, 'YANGI_LEAD', name)).toBeVisible();
  await expect(cardIn(page, 'KUTULMOQDA', name)).toHaveCount(0);
});

test('an ordered lead goes back to waiting with its arrow button, after the lead page’s confirmation', async ({ page, request }) => {
  const a = await admin(request);
  const { group, days } = await orderableGroup(request, a.headers, a.filial);
  const name = `Buyurtma ${tag()}`;
  const [id] = await seedLeads(request, a, name, 1);
  const ordered = await request.patch(`/api/lid/${id}/create_order`, { headers: a.headers, data: { group: group.id, first_lesson_date: days[0] } });
  expect(ordered.status(), await ordered.text()).toBe(200);
  await openBoard(page, name);
  const card = cardIn(page, 'ORDER_CREATED', name);
  await expect(card.getByTestId('board-step-right')).toHaveCount(0);
  await card.getByTestId('board-step-left').click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Buyurtmani bekor qilish' }).click();
  await expect(cardIn(page, 'KUTULMOQDA', name)).toBeVisible();
  await expect.poll(async () => ((await (await request.get(`/api/lid/${id}`, { headers: a.headers })).json()) as { stage: string; order_group: unknown }).stage).toBe('KUTULMOQDA');
});

test('2,000 new leads: the column holds only a window of cards and scrolls to the last', async ({ page, request }) => {
  test.setTimeout(240_000);
  const a = await admin(request);
  const name = `Ming ${tag()}`;
  await importLeads(request, a, name, 2000);
  await openBoard(page, name);
  await expect(page.getByTestId('board-count-YANGI_LEAD')).toHaveText('2000');
  const newColumn = column(page, 'YANGI_LEAD');
  await expect(newColumn.getByTestId('board-card').first()).toBeVisible();
  expect(await newColumn.getByTestId('board-card').count()).toBeLessThan(40);

  // Scroll to the end (each end loads the next page of 100) until the 2,000th card is there.
  const scroller = page.getByTestId('board-scroll-YANGI_LEAD');
  const last = newColumn.locator('li[data-index="1999"]').getByTestId('board-card');
  await expect(async () => {
    await scroller.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    await expect(last).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 90_000, intervals: [100] });
  await expect(last).toContainText(name);
  expect(await page.getByTestId('board-card').count()).toBeLessThan(100);
});
