// 200 parallel ledger writes on PostgreSQL (payments, duplicate idempotent payments, handovers, double reversals)
// over five cashiers, through the HTTP app: afterwards every cashier balance equals the sum of its entries and the
// total expected from the answers, none is negative, no entry is reversed twice, and nothing answered 500.
import { inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fromCents, toCents } from '../../contract/money';
import { cashierBalances, financeEntries } from '../../server/db/schema';
import { REAL_LOCALES } from './catalogueSupport';
import { expectBalancesMatchLedger, ledgerCaller, memberships, newKey, unique } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

const pgOnly = backends().filter((b) => b === 'postgres');

describe.each(pgOnly)('ledger under concurrency on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const { as } = ledgerCaller(t);

  it('keeps every balance equal to its entries after 200 parallel writes', async () => {
    const filial = await t.filialId('Chilonzor');
    const kinds = (await as('ACCOUNTING', 'GET', '/api/finance/kind/?action=income')).json as { id: number; name: string }[];
    const other = kinds.find((k) => k.name === 'Boshqa kirim')!.id;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await as('ACCOUNTING', 'POST', '/api/finance/casher/', { body: { name: unique('Parallel'), filial } });
      ids.push(res.json.id);
      expect((await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: res.json.id, action: 'income', method: 'cash', amount: '500.00', kind: other } })).status).toBe(201);
    }
    // 20 entries to be reversed, each by two racing requests.
    const toReverse: { id: number; amount: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const amount = `${20 + i}.00`;
      const res = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: ids[i % 5], action: 'income', method: 'cash', amount, kind: other } });
      toReverse.push({ id: res.json.id, amount });
    }
    const members = await memberships(t, 'Chilonzor', 5);
    const setupTotal = 5n * 50000n + toReverse.reduce((a, e) => a + toCents(e.amount), 0n);

    type Op = { kind: 'payment' | 'handover' | 'reversal'; amount: string; send: () => ReturnType<typeof as> };
    const ops: Op[] = [];
    // 80 payments, half of them student payments.
    for (let i = 0; i < 80; i++) {
      const m = members[i % members.length];
      const amount = fromCents(BigInt(1000 + i * 7));
      const body = i % 2 ? { casher: ids[i % 5], action: 'income', method: 'cash', amount, kind: other } : { casher: ids[i % 5], action: 'income', method: 'cash', amount, student: m.student, group: m.group };
      ops.push({ kind: 'payment', amount, send: () => as('ACCOUNTING', 'POST', '/api/finance/', { body }) });
    }
    // 10 payments sent twice with one Idempotency-Key each: written once.
    for (let i = 0; i < 10; i++) {
      const key = newKey();
      const amount = fromCents(BigInt(5000 + i));
      const body = { casher: ids[(i + 2) % 5], action: 'income', method: 'cash', amount, kind: other };
      for (let k = 0; k < 2; k++) ops.push({ kind: 'payment', amount, send: () => as('ACCOUNTING', 'POST', '/api/finance/', { body, headers: { 'Idempotency-Key': key } }) });
    }
    // 60 handovers in both directions between neighbours: some find the cashier short and answer 409.
    for (let i = 0; i < 60; i++) {
      const from = ids[i % 5];
      const to = ids[(i + (i % 2 ? 1 : 4)) % 5];
      const amount = fromCents(BigInt(4000 + (i % 7) * 1500));
      ops.push({ kind: 'handover', amount, send: () => as('ACCOUNTING', 'POST', '/api/finance/handover', { body: { from_casher: from, to_casher: to, amount } }) });
    }
    // 40 reversals: every one of the 20 entries twice.
    for (const e of [...toReverse, ...toReverse]) {
      ops.push({ kind: 'reversal', amount: e.amount, send: () => as('ACCOUNTING', 'POST', `/api/finance/${e.id}/reverse/`, { body: { comment: 'Parallel' } }) });
    }
    expect(ops).toHaveLength(200);
    // Interleave deterministically so each kind is spread over the whole burst.
    const order = ops.map((op, i) => ({ op, k: (i * 7919) % 200 })).sort((a, b) => a.k - b.k).map((x) => x.op);

    const started = Date.now();
    const answers = await Promise.all(order.map(async (op) => ({ op, res: await op.send() })));
    const elapsed = Date.now() - started;

    for (const { res } of answers) expect([201, 409]).toContain(res.status);
    const ok = (kind: Op['kind']) => answers.filter((a) => a.op.kind === kind && a.res.status === 201);
    // Duplicate idempotent payments carry one entry id.
    const paymentIds = new Set(ok('payment').map((a) => a.res.json.id as number));
    const paidCents = [...new Map(ok('payment').map((a) => [a.res.json.id as number, toCents(a.op.amount)])).values()].reduce((a, b) => a + b, 0n);
    const reversedCents = ok('reversal').reduce((a, r) => a + toCents(r.op.amount), 0n);
    expect(paymentIds.size).toBeGreaterThanOrEqual(80);
    expect(paymentIds.size).toBeLessThanOrEqual(90);

    // No entry reversed twice, and every successful reversal is in the ledger.
    const reversals = await t.db
      .select({ reverses: financeEntries.reversesId })
      .from(financeEntries)
      .where(inArray(financeEntries.reversesId, toReverse.map((e) => e.id)));
    expect(new Set(reversals.map((r) => r.reverses)).size).toBe(reversals.length);
    expect(reversals.length).toBe(ok('reversal').length);
    expect(ok('reversal').length).toBeGreaterThan(0);
    expect(ok('handover').length).toBeGreaterThan(0);

    await expectBalancesMatchLedger(t);
    const [{ total }] = await t.db
      .select({ total: sql<string>`coalesce(sum(${cashierBalances.balance}), 0)::text` })
      .from(cashierBalances)
      .where(inArray(cashierBalances.cashierId, ids));
    expect(toCents(total)).toBe(setupTotal + paidCents - reversedCents);
    const entries = await t.db.select({ n: sql<number>`count(*)::int` }).from(financeEntries).where(inArray(financeEntries.cashierId, ids));
    expect(entries[0].n).toBe(5 + 20 + paymentIds.size + 2 * ok('handover').length + ok('reversal').length);
    console.info(`200 parallel ledger writes on ${backend}: ${elapsed} ms; ${ok('handover').length} handovers, ${ok('reversal').length} reversals went through`);
  });
});
