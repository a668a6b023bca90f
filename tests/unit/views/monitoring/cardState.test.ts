import { describe, expect, it } from 'vitest';
import type { DropoutRow } from '../../../../src/api/monitoring';
import { attendancePercent, dropoutTask, needsAttention } from '../../../../src/views/monitoring/cardState';

const t = (key: string, values?: Record<string, unknown>) => `${key} ${JSON.stringify(values ?? {})}`;

describe('a monitoring lesson card', () => {
  it('fills the attendance bar by marked of expected', () => {
    expect(attendancePercent({ expected: 3, marked: 1 })).toBe(33);
    expect(attendancePercent({ expected: 3, marked: 3 })).toBe(100);
    expect(attendancePercent({ expected: 0, marked: 0 })).toBe(0);
    expect(attendancePercent({ expected: 2, marked: 5 })).toBe(100);
  });

  it('carries the red marker when attendance is missing or the teacher is late', () => {
    expect(needsAttention({ attendance_missing: false, teacher_late: false })).toBe(false);
    expect(needsAttention({ attendance_missing: true, teacher_late: false })).toBe(true);
    expect(needsAttention({ attendance_missing: false, teacher_late: true })).toBe(true);
  });
});

describe('a dropout call task', () => {
  it('is the reader’s, in the branch, linked to the student, due in an hour, with every reason', () => {
    const row: DropoutRow = {
      student: { id: 42, full_name: 'Aziza Karimova', phone: '+998901112233', parent_phone: null },
      filial: 3,
      group: { id: 7, name: 'English B1' },
      reasons: ['absences', 'balance'],
      absences_in_row: 3,
      balance: '-1000.00',
      next_charge: '41666.67',
      next_lesson_date: '2026-11-25',
    };
    const now = Date.parse('2026-11-24T10:00:00Z');
    expect(dropoutTask(row, 6, t, now)).toEqual({
      title: 'monitoring.dropouts.taskTitle {"name":"Aziza Karimova"}',
      description:
        'monitoring.dropouts.taskDescription {"group":"English B1","why":"monitoring.dropouts.taskAbsences {\\"count\\":3}; monitoring.dropouts.taskBalance {\\"balance\\":\\"-1\u00a0000,00\\",\\"charge\\":\\"41\u00a0666,67\\"}"}',
      performer: 6,
      due_at: '2026-11-24T11:00:00.000Z',
      filial: 3,
      student: 42,
    });
  });
});
