// The finance report's debt at a past day is computed from whichever side of the day is shorter (debtAtEnd in
// server/domain/finance/report.ts): forward from the history, or backward from the kept balances. Both must give
// the same answer for every day and scope.
import { describe, expect, it } from 'vitest';
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
        const forward = await debtAtEnd(t.db, scope === 'all' ? 'all' : [...scope], day, now, 'forward');
        const backward = await debtAtEnd(t.db, scope === 'all' ? 'all' : [...scope], day, now, 'backward');
        expect(backward, `${day} ${JSON.stringify(scope)}`).toEqual(forward);
      }
    }
    // The scenario's known state at 30 April (financeReport.test.ts), both ways.
    expect(await debtAtEnd(t.db, [w.F], '2026-04-30', now, 'backward')).toEqual({ debt: '-951999.50', debtors: 5 });
    expect(await debtAtEnd(t.db, [w.F], '2026-04-30', now, 'forward')).toEqual({ debt: '-951999.50', debtors: 5 });
  });
});
