// The shop (issue 5, "Shop and bonuses"): items (list, create, edit, stock set/add, archive), purchases in one
// transaction (stock and coins checked, 409 leaving nothing written), branch scope, the `shop` page, bad input,
// and concurrent purchases that never oversell an item nor overspend a student's coins.
import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bonusEntries, shopItems, shopPurchases } from '../../server/db/schema';
import { paged } from '../../contract/common';
import { shopItem, shopPurchase, shopPurchaseResult } from '../../contract/shop';
import { DEMO_SHOP_ITEMS } from '../../server/seed/shop';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

let serial = 0;
const unique = (prefix: string) => `${prefix} ${process.pid}-${++serial}`;

describe.each(backends())('shop on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;

  async function item(tok: string, filial: number, body: Record<string, unknown> = {}) {
    const res = await t.call('POST', '/api/shop/items/', { token: tok, body: { filial, name: unique('Item'), price_coins: 50, stock: 5, ...body } });
    expect(res.status, res.text).toBe(201);
    return shopItem.strict().parse(res.json);
  }
  async function studentWithCoins(tok: string, filial: number, coins: number) {
    const s = await f.student(filial);
    if (coins > 0) expect((await t.call('POST', '/api/bonus/', { token: tok, body: { student: s.id, coins, reason: 'Test natijasi uchun' } })).status).toBe(201);
    return s;
  }
  const balance = async (tok: string, student: number) => (await t.call('GET', `/api/bonus/balance/${student}/`, { token: tok })).json.coins as number;
  const stockOf = async (id: number) => (await t.db.select({ stock: shopItems.stock }).from(shopItems).where(eq(shopItems.id, id)))[0].stock;
  const purchasesOf = async (itemId: number) => (await t.db.select({ n: count() }).from(shopPurchases).where(eq(shopPurchases.itemId, itemId)))[0].n;

  it('lists the demo items of a branch, paged, by name; archived ones apart; q searches', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const res = await t.call('GET', `/api/shop/items/?filial=${chilonzor}&page_size=100`, { token: director });
    expect(res.status).toBe(200);
    const page = paged(shopItem.strict()).parse(res.json);
    for (const demo of DEMO_SHOP_ITEMS) expect(page.results.find((i) => i.name === demo.name)).toMatchObject({ price_coins: demo.priceCoins, filial: chilonzor, is_archived: false });
    expect(page.results.every((i) => i.filial === chilonzor)).toBe(true);
    const found = await t.call('GET', `/api/shop/items?filial=${chilonzor}&q=futb`, { token: director });
    expect(found.json.results.map((i: { name: string }) => i.name)).toEqual(['Futbolka']);
    expect((await t.call('GET', `/api/shop/items?is_archived=maybe`, { token: director })).status).toBe(400);
  });

  it('creates (201, audited), edits, sets and adds stock, archives and restores an item', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const created = await item(director, chilonzor, { name: '  Qalam  ', price_coins: 15, stock: 3 });
    expect(created).toMatchObject({ name: 'Qalam', price_coins: 15, stock: 3, sold: 0, is_archived: false });
    expect(await t.lastAudit('shop_item.create', created.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id, filialId: chilonzor });

    const edited = await t.call('PATCH', `/api/shop/items/${created.id}/`, { token: director, body: { name: 'Rangli qalam', price_coins: 25, stock: 10 } });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ name: 'Rangli qalam', price_coins: 25, stock: 10 });
    expect(await t.lastAudit('shop_item.update', created.id)).toMatchObject({ before: expect.objectContaining({ stock: 3 }), after: expect.objectContaining({ stock: 10 }) });
    expect((await t.call('PATCH', `/api/shop/items/${created.id}`, { token: director, body: { stock_add: 5 } })).json.stock).toBe(15);
    expect((await t.call('PATCH', `/api/shop/items/${created.id}`, { token: director, body: { stock_add: -15 } })).json.stock).toBe(0);
    const below = await t.call('PATCH', `/api/shop/items/${created.id}`, { token: director, body: { stock_add: -1 }, headers: EN });
    expect(below.status).toBe(409);
    expect(below.json).toMatchObject({ code: 'stock_below_zero', detail: 'The stock cannot go below zero: 0 left now' });
    expect(await stockOf(created.id)).toBe(0);

    const archived = await t.call('PATCH', `/api/shop/items/${created.id}`, { token: director, body: { is_archived: true } });
    expect(archived.json.is_archived).toBe(true);
    expect(await t.lastAudit('shop_item.archive', created.id)).toBeDefined();
    const active = (await t.call('GET', `/api/shop/items?filial=${chilonzor}&page_size=100`, { token: director })).json.results.map((i: { id: number }) => i.id);
    expect(active).not.toContain(created.id);
    const inArchive = (await t.call('GET', `/api/shop/items?filial=${chilonzor}&is_archived=true&page_size=100`, { token: director })).json.results.map((i: { id: number }) => i.id);
    expect(inArchive).toContain(created.id);
    expect((await t.call('PATCH', `/api/shop/items/${created.id}`, { token: director, body: { is_archived: false } })).json.is_archived).toBe(false);
    expect(await t.lastAudit('shop_item.unarchive', created.id)).toBeDefined();
  });

  it('answers 400 per field on bad items', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const bad = async (body: unknown, field: string, method = 'POST', path = '/api/shop/items/') => {
      const res = await t.call(method, path, { token: director, body, headers: EN });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json), JSON.stringify(body)).toContain(field);
    };
    const ok = { filial: chilonzor, name: 'X', price_coins: 10, stock: 1 };
    await bad({ ...ok, filial: undefined }, 'filial');
    await bad({ ...ok, filial: 'x' }, 'filial');
    await bad({ ...ok, name: '   ' }, 'name');
    await bad({ ...ok, name: 'x'.repeat(101) }, 'name');
    await bad({ ...ok, price_coins: 0 }, 'price_coins');
    await bad({ ...ok, price_coins: 1.5 }, 'price_coins');
    await bad({ ...ok, price_coins: undefined }, 'price_coins');
    await bad({ ...ok, stock: -1 }, 'stock');
    await bad({ ...ok, stock: 'many' }, 'stock');
    const it1 = await item(director, chilonzor);
    await bad({ stock: 1, stock_add: 1 }, 'stock_add', 'PATCH', `/api/shop/items/${it1.id}/`);
    await bad({ price_coins: -5 }, 'price_coins', 'PATCH', `/api/shop/items/${it1.id}/`);
    await bad({ is_archived: 'yes' }, 'is_archived', 'PATCH', `/api/shop/items/${it1.id}/`);
    const noItem = await t.call('POST', '/api/shop/purchase/', { token: director, body: { student: 1, quantity: 0 }, headers: EN });
    expect(noItem.status).toBe(400);
    expect(noItem.json).toMatchObject({ item: ['This field is required'], quantity: ['Must be at least 1'] });
    expect(await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: 1, quantity: 101 } })).toMatchObject({ status: 400 });
    expect((await t.call('GET', '/api/shop/purchases/?student=abc', { token: director })).status).toBe(400);
  });

  it('sells: one purchase, a negative bonus entry, lower stock and coins, audited', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const it1 = await item(director, chilonzor, { price_coins: 40, stock: 5 });
    const s = await studentWithCoins(director, chilonzor, 100);
    const res = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id, quantity: 2 } });
    expect(res.status, res.text).toBe(201);
    const result = shopPurchaseResult.parse(res.json);
    expect(result).toMatchObject({ coins: 20, item: { id: it1.id, stock: 3, sold: 2 }, purchase: { quantity: 2, coins: 80, student: { id: s.id }, item: { id: it1.id }, author: { id: t.demo('DIRECTOR').id } } });
    expect(await balance(director, s.id)).toBe(20);
    const [spent] = await t.db.select().from(bonusEntries).where(eq(bonusEntries.purchaseId, result.purchase.id));
    expect(spent).toMatchObject({ coins: -80, studentId: s.id, filialId: chilonzor });
    expect(await t.lastAudit('shop.purchase', result.purchase.id)).toMatchObject({ actorId: t.demo('DIRECTOR').id, filialId: chilonzor });

    const list = await t.call('GET', `/api/shop/purchases/?filial=${chilonzor}&student=${s.id}`, { token: director });
    expect(list.status).toBe(200);
    expect(paged(shopPurchase.strict()).parse(list.json).results.map((p) => p.id)).toEqual([result.purchase.id]);
    const entries = await t.call('GET', `/api/bonus/?student=${s.id}&kind=spend`, { token: director });
    expect(entries.json.results).toMatchObject([{ coins: -80, purchase: result.purchase.id }]);
  });

  it('409 out of stock and not enough coins, in the request’s language, leaving nothing written', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const it1 = await item(director, chilonzor, { name: unique('Futbolka'), price_coins: 100, stock: 2 });
    const s = await studentWithCoins(director, chilonzor, 250);
    const out = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id, quantity: 3 }, headers: EN });
    expect(out.status).toBe(409);
    expect(out.json).toMatchObject({ code: 'out_of_stock', available: 2, detail: `Not enough “${it1.name}” in stock: 2 left, 3 asked for` });
    const outUz = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id, quantity: 3 } });
    expect(outUz.json.detail).toContain('qoldig‘i yetarli emas');
    await t.call('PATCH', `/api/shop/items/${it1.id}`, { token: director, body: { stock: 10 } });
    const poor = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id, quantity: 3 }, headers: EN });
    expect(poor.status).toBe(409);
    expect(poor.json).toMatchObject({ code: 'not_enough_coins', coins: 250, needed: 300 });
    expect(poor.json.detail).toContain('does not have enough coins: 250 held, 300 needed');
    expect(await stockOf(it1.id)).toBe(10);
    expect(await purchasesOf(it1.id)).toBe(0);
    expect(await balance(director, s.id)).toBe(250);

    await t.call('PATCH', `/api/shop/items/${it1.id}`, { token: director, body: { is_archived: true } });
    const archived = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id }, headers: EN });
    expect(archived).toMatchObject({ status: 409, json: { code: 'item_archived' } });
    expect(await purchasesOf(it1.id)).toBe(0);
  });

  it('scopes items and buyers to the user’s branches (404) and the buyer to the item’s branch (400)', async () => {
    const director = await token('DIRECTOR');
    const admin = await token('ADMINISTRATOR'); // Chilonzor only, has `shop`
    const chilonzor = await f.filial('Chilonzor');
    const samarqand = await f.filial('Samarqand');
    const foreign = await item(director, samarqand);
    const local = await item(director, chilonzor);
    const foreignStudent = await studentWithCoins(director, samarqand, 100);
    const localStudent = await studentWithCoins(director, chilonzor, 100);

    expect((await t.call('GET', `/api/shop/items/?filial=${samarqand}`, { token: admin })).status).toBe(404);
    const mine = (await t.call('GET', '/api/shop/items/?page_size=100', { token: admin })).json.results as { filial: number }[];
    expect(mine.every((i) => i.filial === chilonzor)).toBe(true);
    expect((await t.call('POST', '/api/shop/items/', { token: admin, body: { filial: samarqand, name: 'X', price_coins: 1, stock: 1 } })).status).toBe(404);
    expect((await t.call('PATCH', `/api/shop/items/${foreign.id}/`, { token: admin, body: { stock: 1 } })).status).toBe(404);
    expect((await t.call('PATCH', `/api/shop/items/999999/`, { token: director, body: { stock: 1 } })).status).toBe(404);
    expect((await t.call('POST', '/api/shop/purchase/', { token: admin, body: { item: foreign.id, student: localStudent.id } })).status).toBe(404);
    expect((await t.call('POST', '/api/shop/purchase/', { token: admin, body: { item: local.id, student: foreignStudent.id } })).status).toBe(404);
    expect((await t.call('GET', `/api/shop/purchases/?filial=${samarqand}`, { token: admin })).status).toBe(404);
    const otherBranch = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: local.id, student: foreignStudent.id }, headers: EN });
    expect(otherBranch).toMatchObject({ status: 400, json: { student: ['The student does not study in the item’s branch'] } });
    expect(await purchasesOf(local.id)).toBe(0);
    // The administrator sells in their own branch.
    expect((await t.call('POST', '/api/shop/purchase/', { token: admin, body: { item: local.id, student: localStudent.id } })).status).toBe(201);
  });

  it('needs the shop page (403 without it)', async () => {
    const teacher = await token('TEACHER');
    const chilonzor = await f.filial('Chilonzor');
    for (const [method, path, body] of [
      ['GET', '/api/shop/items/', undefined],
      ['POST', '/api/shop/items/', { filial: chilonzor, name: 'X', price_coins: 1, stock: 1 }],
      ['PATCH', '/api/shop/items/1/', { stock: 1 }],
      ['POST', '/api/shop/purchase/', { item: 1, student: 1 }],
      ['GET', '/api/shop/purchases/', undefined],
    ] as const) {
      expect((await t.call(method, path, { token: teacher, body })).status, `${method} ${path}`).toBe(403);
    }
    expect((await t.call('GET', '/api/shop/items/')).status).toBe(401);
  });

  it('replays a sale sent twice with one Idempotency-Key (sold once); the key with another body → 422', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const it1 = await item(director, chilonzor, { price_coins: 10, stock: 5 });
    const s = await studentWithCoins(director, chilonzor, 100);
    const headers = { 'Idempotency-Key': `sale-${process.pid}-${++serial}-abcdef` };
    const first = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id }, headers });
    const again = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id }, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.json).toEqual(first.json);
    expect(await purchasesOf(it1.id)).toBe(1);
    expect(await balance(director, s.id)).toBe(90);
    const other = await t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id, quantity: 2 }, headers });
    expect(other.status).toBe(422);
    expect(await purchasesOf(it1.id)).toBe(1);
    // An award too: the same key twice pays once.
    const awardHeaders = { 'Idempotency-Key': `award-${process.pid}-${++serial}-abcdef` };
    for (let i = 0; i < 2; i++) {
      expect((await t.call('POST', '/api/bonus/', { token: director, body: { student: s.id, coins: 5, reason: 'x' }, headers: awardHeaders })).status).toBe(201);
    }
    expect(await balance(director, s.id)).toBe(95);
  });

  it('never oversells: stock N, 2N parallel buyers → exactly N purchases', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const N = 5;
    const it1 = await item(director, chilonzor, { price_coins: 10, stock: N });
    const buyers = [];
    for (let i = 0; i < 2 * N; i++) buyers.push(await studentWithCoins(director, chilonzor, 10));
    const answers = await Promise.all(buyers.map((s) => t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it1.id, student: s.id } })));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(N);
    expect(statuses.filter((s) => s === 409)).toHaveLength(N);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === 'out_of_stock')).toBe(true);
    expect(await stockOf(it1.id)).toBe(0);
    expect(await purchasesOf(it1.id)).toBe(N);
    const coins = await Promise.all(buyers.map((s) => balance(director, s.id)));
    expect(coins.filter((c) => c === 0)).toHaveLength(N);
    expect(coins.filter((c) => c === 10)).toHaveLength(N);
  });

  it('never overspends: one student with coins for 3, 8 parallel purchases of different items → exactly 3', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const s = await studentWithCoins(director, chilonzor, 90);
    const items = [];
    for (let i = 0; i < 8; i++) items.push(await item(director, chilonzor, { price_coins: 30, stock: 1 }));
    const answers = await Promise.all(items.map((it) => t.call('POST', '/api/shop/purchase/', { token: director, body: { item: it.id, student: s.id } })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(3);
    expect(answers.filter((a) => a.status === 409).every((a) => a.json.code === 'not_enough_coins')).toBe(true);
    expect(await balance(director, s.id)).toBe(0);
    const [{ n }] = await t.db.select({ n: count() }).from(shopPurchases).where(eq(shopPurchases.studentId, s.id));
    expect(n).toBe(3);
  });
});
