import { describe, expect, it } from 'vitest';
import { emptyEntry, entryFormSchema, toEntryBody } from '../../../../src/views/cashiers/detail/entryForm';

const issuesOf = (values: unknown) => {
  const r = entryFormSchema.safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('entry form', () => {
  it('starts as a cash student payment on income and as an expense of a kind', () => {
    expect(emptyEntry('income')).toMatchObject({ mode: 'student', method: 'cash', amount: '' });
    expect(emptyEntry('expense').mode).toBe('other');
  });

  it('a student payment needs the student, then the group; the kind is left to the server', () => {
    const base = { ...emptyEntry('income'), amount: '1 500 000' };
    expect(issuesOf(base)).toEqual({ student: 'validation.required' });
    expect(issuesOf({ ...base, student: 9 })).toEqual({ group: 'validation.required' });
    expect(toEntryBody({ ...base, student: 9, group: 4, kind: 77 }, 3, 'income')).toEqual({
      casher: 3,
      action: 'income',
      method: 'cash',
      amount: '1500000.00',
      student: 9,
      group: 4,
      comment: '',
    });
  });

  it('another entry needs a kind and sends no student', () => {
    const base = { ...emptyEntry('expense'), amount: '12500,5', method: 'card' as const, comment: '  Qog‘oz  ' };
    expect(issuesOf(base)).toEqual({ kind: 'validation.required' });
    expect(toEntryBody({ ...base, kind: 5, student: 9 }, 3, 'expense')).toEqual({
      casher: 3,
      action: 'expense',
      kind: 5,
      method: 'card',
      amount: '12500.50',
      comment: 'Qog‘oz',
    });
  });

  it('says what is wrong with the amount in the contract’s words', () => {
    const base = { ...emptyEntry('expense'), kind: 5 };
    expect(issuesOf({ ...base, amount: '' }).amount).toBe('validation.required');
    expect(issuesOf({ ...base, amount: '12,345' }).amount).toBe('finance.form.amountInvalid');
    expect(issuesOf({ ...base, amount: '0' }).amount).toBe('validation.moneyPositive');
    expect(issuesOf({ ...base, amount: '1 000 000 000 000' }).amount).toBe('validation.moneyMax');
    expect(issuesOf({ ...base, amount: '10 000 000 000' }).amount).toBeUndefined();
    expect(issuesOf({ ...base, amount: '5', comment: 'x'.repeat(501) }).comment).toBe('validation.maxLength');
  });
});
