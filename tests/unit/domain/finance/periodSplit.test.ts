// The ledger totals' period split (server/domain/finance/periodSplit.ts): whole months and edge days cover the
// period exactly once, checked for every period within a stretch of days around month and year ends.
import { describe, expect, it } from 'vitest';
import { splitPeriod } from '../../../../server/domain/finance/periodSplit';

const days = (from: string, to: string) => {
  const out: string[] = [];
  for (const d = new Date(`${from}T00:00:00Z`); d.toISOString().slice(0, 10) <= to; d.setUTCDate(d.getUTCDate() + 1)) out.push(d.toISOString().slice(0, 10));
  return out;
};

/** The days (within `world`) a split covers: a month counts all its days. */
function covered(split: ReturnType<typeof splitPeriod>, world: string[]): string[] {
  const hits: string[] = [];
  for (const day of world) {
    const month = `${day.slice(0, 7)}-01`;
    const inMonths = split.months !== null && (split.months.from === undefined || month >= split.months.from) && (split.months.before === undefined || month < split.months.before);
    const inDays = split.days.filter((r) => (r.from === undefined || day >= r.from) && (r.to === undefined || day <= r.to)).length;
    for (let i = 0; i < Number(inMonths) + inDays; i++) hits.push(day);
  }
  return hits;
}

describe('splitPeriod', () => {
  it('reads whole months from the monthly rollup and only the edge days from the daily one', () => {
    expect(splitPeriod('2026-03-01', '2026-03-31')).toEqual({ months: { from: '2026-03-01', before: '2026-04-01' }, days: [] });
    expect(splitPeriod('2026-03-15', '2026-05-10')).toEqual({
      months: { from: '2026-04-01', before: '2026-05-01' },
      days: [{ from: '2026-03-15', to: '2026-03-31' }, { from: '2026-05-01', to: '2026-05-10' }],
    });
    expect(splitPeriod('2026-03-15', '2026-04-10')).toEqual({ months: null, days: [{ from: '2026-03-15', to: '2026-04-10' }] });
    expect(splitPeriod(undefined, undefined)).toEqual({ months: { from: undefined, before: undefined }, days: [] });
    expect(splitPeriod(undefined, '2024-02-28')).toEqual({ months: { from: undefined, before: '2024-02-01' }, days: [{ from: '2024-02-01', to: '2024-02-28' }] });
    expect(splitPeriod(undefined, '2024-02-29')).toEqual({ months: { from: undefined, before: '2024-03-01' }, days: [] });
    expect(splitPeriod('2025-12-31', undefined)).toEqual({ months: { from: '2026-01-01', before: undefined }, days: [{ from: '2025-12-31', to: '2025-12-31' }] });
  });

  it('covers every day of every period once and nothing else (open ends included)', () => {
    const world = days('2025-11-01', '2026-04-30');
    const ends = days('2025-12-27', '2026-03-03');
    for (const start of [undefined, ...ends]) {
      for (const end of [undefined, ...ends]) {
        if (start && end && end < start) continue;
        const want = world.filter((d) => (start === undefined || d >= start) && (end === undefined || d <= end));
        expect(covered(splitPeriod(start, end), world), `${start}..${end}`).toEqual(want);
      }
    }
  });
});
