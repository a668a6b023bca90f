// The finance report's debt at a past day is computed from whichever side of the day is shorter (debtAtEnd in
// server/domain/finance/report.ts): forward from the history, or backward from the kept balances. Both must give
// the same answer for every day and scope.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { debtAtEndCache, openingBalances, vouchers } from '../../server/db/schema';
import { debtAtEnd } from '../../server/domain/finance/report';
import { addDays } from '../../server/domain/lessons/dates';
import { eduFixture, today } from './eduFixtures';
import { moneyFixture } from './financeFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('debt at a past day on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);
  const m = moneyFixture(t, f);

  it('is the same computed forward and backward, for every day and scope', async () => {
    const w = await m.scenario();
    const now = today();
    const days = ['2026-02-28', '2026-03-14', '2026-03-15', '2026-03-31', '2026-04-15', '2026-04-30', '2026-05-31', addDays(now, -1)];
    for (const scope of ['all', [w.F]] as const) {
      for (const day of days) {
        const forward = await debtAtEnd(t.db, scope === 'all' ? 'all' : [...scope], day, now, { direction: 'forward' });
        const backward = await debtAtEnd(t.db, scope === 'all' ? 'all' : [...scope], day, now, { direction: 'backward' });
        expect(backward, `${day} ${JSON.stringify(scope)}`).toEqual(forward);
      }
    }
    // The scenario's known state at 30 April (financeReport.test.ts), both ways.
    expect(await debtAtEnd(t.db, [w.F], '2026-04-30', now, { direction: 'backward' })).toEqual({ debt: '-951999.50', debtors: 5 });
    expect(await debtAtEnd(t.db, [w.F], '2026-04-30', now, { direction: 'forward' })).toEqual({ debt: '-951999.50', debtors: 5 });
  });

  it('keeps a past day\'s debt until a write moves a balance at or before that day', async () => {
    const w = await m.scenario();
    const now = today();
    const day = '2026-04-30';
    const kept = () => t.db.select().from(debtAtEndCache).where(eq(debtAtEndCache.day, day));
    const known = { debt: '-951999.50', debtors: 5 };
    expect(await debtAtEnd(t.db, [w.F], day, now)).toEqual(known);
    expect(await kept()).toHaveLength(1);
    // Served from what was kept: the same answer.
    expect(await debtAtEnd(t.db, [w.F], day, now)).toEqual(known);

    // Money of today and a charge after the day leave it alone.
    await m.entry({ filialId: w.F, cashierId: w.C1, action: 'income', kindId: w.kinds.payment, method: 'cash', amount: '1000.00', studentId: w.S[1].id, groupId: w.A.id, createdAt: new Date() });
    await m.charge(w.S[3].id, w.B, '2026-05-10', '5000.00');
    expect(await kept()).toHaveLength(1);

    // A charge for a lesson before the day (a corrected register) makes it wrong: forgotten, computed afresh.
    await m.charge(w.S[3].id, w.B, '2026-04-16', '2000.50');
    expect(await kept()).toHaveLength(0);
    const after = await debtAtEnd(t.db, [w.F], day, now);
    expect(after).toEqual(await debtAtEnd(t.db, [w.F], day, now, { direction: 'forward' }));
    expect(after.debt).toBe('-954000.00');

    // A voucher of May cancelled today leaves 30 April alone; a voucher dated before it does not.
    const [v] = await t.db.select({ id: vouchers.id }).from(vouchers).where(eq(vouchers.studentId, w.S[2].id));
    await t.db.update(vouchers).set({ cancelledAt: new Date() }).where(eq(vouchers.id, v.id));
    expect(await kept()).toHaveLength(1);
    await t.db.insert(vouchers).values({ studentId: w.S[1].id, groupId: w.A.id, filialId: w.F, amount: '3000.00', createdAt: new Date('2026-04-10T10:00:00+05:00') });
    expect(await kept()).toHaveLength(0);
    expect(await debtAtEnd(t.db, [w.F], day, now)).toEqual(await debtAtEnd(t.db, [w.F], day, now, { direction: 'backward' }));
    expect(await debtAtEnd(t.db, [w.F], day, now)).toEqual({ debt: '-951000.00', debtors: 5 });

    // An imported opening balance counts from its day: one of 5 April forgets the kept day, both ways agree.
    await t.db.insert(openingBalances).values({ filialId: w.F, studentId: w.S[1].id, groupId: w.A.id, amount: '-7000.00', createdAt: new Date('2026-04-05T09:00:00+05:00') });
    expect(await kept()).toHaveLength(0);
    const opened = await debtAtEnd(t.db, [w.F], day, now);
    expect(opened).toEqual(await debtAtEnd(t.db, [w.F], day, now, { direction: 'forward' }));
    expect(opened).toEqual(await debtAtEnd(t.db, [w.F], day, now, { direction: 'backward' }));
    expect(opened.debt).toBe('-958000.00');
  });
});
