// Pure parts of the ledger: the centre's month and days, PostgreSQL errors under drizzle's wrapper, the request
// hash of the idempotency middleware.
import { describe, expect, it } from 'vitest';
import { isBalanceViolation, isUniqueViolation, pgErrorOf } from '../../../server/domain/finance/ledgerErrors';
import { currentMonth, daysBetween, zeroMethods } from '../../../server/domain/finance/ledgerSql';
import { requestHash } from '../../../server/http/idempotency';

describe('ledger dates', () => {
  it('gives the first and last day of the month, leap Februaries included', () => {
    expect(currentMonth('2026-11-24')).toEqual({ start: '2026-11-01', end: '2026-11-30' });
    expect(currentMonth('2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(currentMonth('2026-12-31')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });

  it('lists every day of a period, across months, bounded', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daysBetween('2020-01-01', '2030-01-01', 10)).toHaveLength(10);
  });

  it('zero-fills every payment method', () => {
    expect(zeroMethods()).toEqual({ cash: '0.00', card: '0.00', transfer: '0.00', click: '0.00', payme: '0.00', uzum: '0.00' });
  });
});

describe('ledger database errors', () => {
  const check = { code: '23514', constraint: 'cashier_balances_nonnegative_chk', message: 'new row violates check constraint' };
  it('finds the PostgreSQL error under wrappers', () => {
    const wrapped = new Error('Failed query', { cause: check });
    expect(pgErrorOf(wrapped)).toBe(check);
    expect(pgErrorOf(new Error('plain'))).toBeUndefined();
  });

  it('tells a balance below zero from other check and unique violations', () => {
    expect(isBalanceViolation(new Error('x', { cause: check }))).toBe(true);
    expect(isBalanceViolation({ code: '23514', message: 'violates check constraint "cashier_balances_nonnegative_chk"' })).toBe(true);
    expect(isBalanceViolation({ code: '23514', constraint: 'finance_entries_amount_chk' })).toBe(false);
    expect(isBalanceViolation({ code: '23505', constraint: 'cashier_balances_nonnegative_chk' })).toBe(false);
    expect(isUniqueViolation({ code: '23505', constraint: 'finance_entries_reverses_uq' }, 'finance_entries_reverses_uq')).toBe(true);
    expect(isUniqueViolation({ code: '23505', constraint: 'other_uq' }, 'finance_entries_reverses_uq')).toBe(false);
  });
});

describe('idempotency request hash', () => {
  it('differs by method, path and body, and is stable', () => {
    const h = requestHash('POST', '/api/finance', '{"a":1}');
    expect(requestHash('POST', '/api/finance', '{"a":1}')).toBe(h);
    expect(requestHash('PATCH', '/api/finance', '{"a":1}')).not.toBe(h);
    expect(requestHash('POST', '/api/finance/1', '{"a":1}')).not.toBe(h);
    expect(requestHash('POST', '/api/finance', '{"a":2}')).not.toBe(h);
  });
});
