import { describe, expect, it } from 'vitest';
import type { DebtorRow } from '../../../../src/api/debtors';
import { callTask } from '../../../../src/views/finance/debtors/debtorTask';

const row = {
  student: { id: 42, full_name: 'Aziza Karimova', phone: '+998901112233', parent_phone: null },
  filial: { id: 3, name: 'Chilonzor' },
  group: { id: 7, name: 'English B1' },
  teacher: { id: 12, full_name: 'Zarina Abdullayeva' },
  days: [1, 3, 5],
  balance: '-1250000.50',
  last_payment_at: null,
} as unknown as DebtorRow;

const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`;

describe('a debtor call task', () => {
  it('is the reader’s, in the row’s branch, linked to the student, due in an hour, naming the debt', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(callTask(row, 6, t, now)).toEqual({
      title: 'debtors.callTask.title {"name":"Aziza Karimova"}',
      description: 'debtors.callTask.description {"group":"English B1","debt":"1\u00a0250\u00a0000,50"}',
      performer: 6,
      due_at: '2026-11-24T11:00:00.000Z',
      filial: 3,
      student: 42,
    });
  });
});
