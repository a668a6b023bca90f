// The widths of money columns (decisions: "Money: the limit of one entry and the widths of sums"): one entry is at
// most MONEY_ENTRY_MAX and fits NUMERIC(14,2); every sum or balance is NUMERIC(22,2), which holds the limit times
// every row the ledger, the charges and the vouchers can ever have (their ids are 32-bit serials).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { MONEY_ENTRY_MAX, toCents } from '../../../contract/money';
import * as schema from '../../../server/db/schema';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sources(file) : file.endsWith('.ts') ? [file] : [];
  });

const SUMS = new Set([
  'cashier_balances.balance',
  'student_balances.balance',
  'student_totals.balance',
  'finance_daily.amount',
  'finance_monthly.amount',
  'finance_entries.amount',
  'shift_closes.expected',
  'shift_closes.difference',
  // The finance report's debt at a past day's end: a sum over every debt of the chain.
  'debt_at_end_cache.debt',
]);

const numericColumns = () =>
  (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value)
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.columns.filter((c) => c.getSQLType().startsWith('numeric')).map((c) => ({ name: `${config.name}.${c.name}`, type: c.getSQLType() }));
    });

describe('money columns', () => {
  it('hold a sum or a balance in NUMERIC(22,2) and one entry in NUMERIC(14,2) (or a percentage in 5,2)', () => {
    const columns = numericColumns();
    expect(columns.length).toBeGreaterThan(15);
    for (const { name, type } of columns) {
      const expected = SUMS.has(name) ? 'numeric(22, 2)' : name.endsWith('_percent') ? 'numeric(5, 2)' : 'numeric(14, 2)';
      expect(type, name).toBe(expected);
    }
    expect(columns.filter((c) => SUMS.has(c.name))).toHaveLength(SUMS.size);
  });

  it('are wide enough: the limit times every row three 32-bit tables can hold fits the sums, one entry fits an entry column', () => {
    const rows = 3n * 2_147_483_647n;
    const sumMax = 10n ** 22n - 1n; // NUMERIC(22,2) in tiyin
    const entryMax = 10n ** 14n - 1n;
    expect(toCents(MONEY_ENTRY_MAX) * rows < sumMax).toBe(true);
    expect(toCents(MONEY_ENTRY_MAX) <= entryMax).toBe(true);
  });

  it('never cast a SQL sum back to the width of one entry', () => {
    const narrow = sources('server').filter((file) => !file.includes(`${path.sep}schema${path.sep}`) && /::numeric\(1[0-9],/.test(readFileSync(file, 'utf8')));
    expect(narrow).toEqual([]);
  });
});
