// A month in the life (issue 15, section 7): a generated centre run day by day through the API on a test clock —
// lessons held and marked by their teachers, payments with and without a group (at the desk, and online through Payme
// and Click, some cancelled by Payme after perform), reversals, freezes, transfers,
// archiving with a refund or credit, vouchers, sales, expenses and handovers — with every invariant of
// tests/api/sim/invariants.ts checked after each day, on PGlite and on PostgreSQL.
//
//   SIM_SEED   the fast-check seed (printed at the start and on failure); the same seed replays the same centre
//   SIM_DAYS   days per run (default 32)        SIM_RUNS   runs per backend (default 1)
//
// `npm run soak` (SOAK_MODES=month) runs many more days. docs/testing.md says how to replay a failure.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { addDays } from '../../server/domain/lessons/dates';
import { backends, testClock, useTestApp } from './harness';
import { nextMonth } from './sim/centre';
import { ONLINE_ENV } from './sim/online';
import { planArb } from './sim/plan';
import { profile, simulate, type Stats } from './sim/run';

const SEED = process.env.SIM_SEED ? Number(process.env.SIM_SEED) : Date.now() % 2 ** 31;
// 32 days: a run starts 0–27 days into a month, so every run still crosses a month end (billing's new month);
// the long form is `npm run soak` (4 × 500 days per backend).
const DAYS = Number(process.env.SIM_DAYS ?? 32);
const RUNS = Number(process.env.SIM_RUNS ?? 1);
/** A fixed calendar, so a seed replays the same weekdays on any day it is run. */
const FIRST_MONTH = '2027-03-01';

describe.each(backends())('a month in the life, on %s', (backend) => {
  const clock = testClock(`${FIRST_MONTH}T07:00:00+05:00`);
  // Tokens are checked against the real time; a long soak outlives the default 15 minutes.
  const t = useTestApp(backend, { clock, env: { ACCESS_TTL: '86400', ...ONLINE_ENV } });

  it(`runs ${RUNS} × ${DAYS} days with every invariant after each day (seed ${SEED})`, { timeout: 60_000 + RUNS * DAYS * 8_000 }, async () => {
    console.log(`monthInTheLife on ${backend}: SIM_SEED=${SEED} SIM_DAYS=${DAYS} SIM_RUNS=${RUNS}`);
    let month = FIRST_MONTH;
    let current = '';
    const started = Date.now();
    for (const k of Object.keys(profile)) delete profile[k];
    const all: Stats[] = [];
    await fc.assert(
      fc.asyncProperty(planArb(DAYS), async (plan) => {
        const first = addDays(month, plan.offset);
        // Each run is a new branch starting after the last one ended, so the clock only moves forward.
        month = nextMonth(addDays(first, DAYS + 7));
        try {
          all.push(await simulate(t, clock, plan, first, (date) => (current = date)));
        } catch (err) {
          throw new Error(`on ${current} (SIM_SEED=${SEED} SIM_DAYS=${DAYS} SIM_RUNS=${RUNS} replays it): ${(err as Error).message}`, { cause: err });
        }
      }),
      // A run is a long API conversation: no shrinking, and no counterexample printed (a plan of hundreds of days);
      // the seed and the day say where it broke.
      {
        seed: SEED,
        numRuns: RUNS,
        endOnFailure: true,
        reporter: (out) => {
          if (out.failed) throw new Error(`run ${out.numRuns} of seed ${out.seed}: ${out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance)}`, { cause: out.errorInstance });
        },
      },
    );
    const applied: Record<string, number> = {};
    for (const s of all) for (const [k, v] of Object.entries(s.applied)) applied[k] = (applied[k] ?? 0) + v;
    const sum = (k: keyof Omit<Stats, 'applied'>) => all.reduce((a, s) => a + s[k], 0);
    console.log(
      `monthInTheLife on ${backend}: ${sum('days')} days in ${((Date.now() - started) / 1000).toFixed(1)} s; lessons marked ${sum('marked')}, ` +
        `forgotten ${sum('forgotten')} and corrected ${sum('corrected')}, refused before the start ${sum('earlyRefused')}; ` +
        `actions ${JSON.stringify(applied)}, skipped ${sum('skipped')}; ms ${JSON.stringify(Object.fromEntries(Object.entries(profile).map(([k, v]) => [k, Math.round(v)])))}`,
    );
  });
});
