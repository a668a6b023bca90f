// The add / edit dialog's values: the request body they make and the contract's checks over it.
import { describe, expect, it } from 'vitest';
import type { EmployeeDetail } from '../../../contract/employees';
import { PAGE_KEYS } from '../../../contract/roles';
import { emptyEmployee, toBody, validateEmployeeForm, valuesOf } from '../../../src/views/employees/form/employeeForm';

const detail: EmployeeDetail = {
  id: 3,
  full_name: 'Zarina Abdullayeva',
  phone: '+998900000012',
  role: 'TEACHER',
  filials: [1],
  photo: null,
  subject: { id: 2, name: 'Ingliz tili' },
  is_call_operator: false,
  is_archived: false,
  created_at: '2026-11-24T08:00:00.000Z',
  pages: PAGE_KEYS.map((name) => ({ name, is_readable: name === 'groups' || name === 'tasks' })),
  salary_kind: 'percent',
  salary_amount: null,
  salary_percent: '40.00',
  work_days: [1, 2, 3],
  work_start: '09:00',
  work_end: '18:00',
  archived_at: null,
  archived_reason: null,
};

describe('employee form', () => {
  it('an edit sends back what it loaded (readable pages, subject id, the percent only)', () => {
    const body = toBody({ ...valuesOf(detail), salary_amount: '150000' });
    expect(body).toMatchObject({ phone: '+998 90 000 00 12', role: 'TEACHER', filials: [1], pages: ['groups', 'tasks'], subject: 2, salary_kind: 'percent', salary_amount: null, salary_percent: '40.00' });
    expect(validateEmployeeForm('edit')({ value: valuesOf(detail) })).toBeUndefined();
  });

  it('a new employee needs a name, a phone, a password and a role; the pay kind needs its figure', () => {
    const errors = validateEmployeeForm('create')({ value: { ...emptyEmployee(1), salary_kind: 'fixed' } });
    expect(Object.keys(errors?.fields ?? {}).sort()).toEqual(['full_name', 'password', 'phone', 'role']);
    expect(errors?.fields.full_name.message).toBe('validation.required');
    const filled = { ...emptyEmployee(1), full_name: 'Ali Valiyev', phone: '+998 90 123 45 67', password: 'secret1', role: 'TEACHER' as const, salary_kind: 'fixed' as const };
    // Cross-field rules run once the fields themselves are right.
    expect(Object.keys(validateEmployeeForm('create')({ value: filled })?.fields ?? {})).toEqual(['salary_amount']);
    expect(validateEmployeeForm('create')({ value: { ...filled, salary_amount: '1 500 000' } })).toBeUndefined();
  });

  it('the working day ends after it starts', () => {
    const errors = validateEmployeeForm('edit')({ value: { ...valuesOf(detail), work_start: '18:00', work_end: '09:00' } });
    expect(Object.keys(errors?.fields ?? {})).toEqual(['work_end']);
  });
});
