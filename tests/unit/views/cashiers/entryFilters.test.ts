import { describe, expect, it } from 'vitest';
import { entriesParams, entryFiltersFromQuery, hasEntryFilters, reversible, signedAmount } from '../../../../src/views/common/ledger/entryFilters';

describe('ledger filters in the query', () => {
  it('reads the known filters and ignores malformed ones', () => {
    const f = entryFiltersFromQuery(new URLSearchParams('page=2&start_date=2026-11-01&end_date=nope&action=income&method=bitcoin&kind=5&casher_id=-1'));
    expect(f).toEqual({ page: 2, start_date: '2026-11-01', end_date: undefined, action: 'income', method: undefined, kind: 5, casher_id: undefined });
    expect(hasEntryFilters(f)).toBe(true);
    expect(hasEntryFilters(entryFiltersFromQuery(new URLSearchParams('page=3')))).toBe(false);
    expect(entryFiltersFromQuery(new URLSearchParams('page=0')).page).toBe(1);
  });

  it('builds GET /finance/ parameters for one cashier or for the branch', () => {
    const f = entryFiltersFromQuery(new URLSearchParams('action=expense&method=card&casher_id=9'));
    expect(entriesParams(f, { casher_id: 3 })).toEqual({ page: 1, casher_id: 3, action: 'expense', method: 'card' });
    expect(entriesParams(f, { filial: 2 })).toEqual({ page: 1, filial: 2, action: 'expense', method: 'card', casher_id: 9 });
  });

  it('shows an expense with a minus', () => {
    expect(signedAmount({ action: 'expense', amount: '150.00' })).toBe('-150.00');
    expect(signedAmount({ action: 'income', amount: '150.00' })).toBe('150.00');
  });
});

describe('which entries offer a reversal', () => {
  const entry = { reversed_by: null, reverses: null, handover: null, kind: { id: 1, name: 'Ijara', system_key: null } };
  it('an ordinary entry or a student payment, once', () => {
    expect(reversible(entry)).toBe(true);
    expect(reversible({ ...entry, kind: { id: 2, name: 'To‘lov', system_key: 'student_payment' as const } })).toBe(true);
    expect(reversible({ ...entry, reversed_by: 9 })).toBe(false);
  });
  it('never a reversal, a handover side or a shift difference', () => {
    expect(reversible({ ...entry, reverses: 4 })).toBe(false);
    expect(reversible({ ...entry, handover: 3 })).toBe(false);
    expect(reversible({ ...entry, kind: { id: 3, name: 'Farq', system_key: 'shift_difference' as const } })).toBe(false);
  });
});
