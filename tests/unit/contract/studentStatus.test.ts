import { describe, expect, it } from 'vitest';
import {
  STUDENT_MOVES,
  STUDENT_STATUSES,
  legalStudentMoves,
  studentTransition,
  type StudentMove,
  type StudentMoveType,
  type StudentNext,
  type StudentStatus,
} from '../../../contract/studentStatus';

const period = { from_date: '2026-12-01', to_date: '2026-12-20', reason: 'Safar' };
const moves: Record<StudentMoveType, StudentMove> = {
  enrol: { type: 'enrol' },
  activate: { type: 'activate' },
  freeze: { type: 'freeze', ...period },
  unfreeze: { type: 'unfreeze' },
  archive: { type: 'archive', reason: 'Ko‘chib ketdi' },
  unarchive: { type: 'unarchive' },
};
const at = (status: StudentStatus): StudentNext => ({ status, archived_from: null });
const archivedFrom = (status: StudentStatus): StudentNext => ({ status: 'archived', archived_from: status });

// Every (status, move) pair for a student who is not archived: the next position, or null for an illegal move.
const table: Record<Exclude<StudentStatus, 'archived'>, Record<StudentMoveType, StudentNext | null>> = {
  testing: { enrol: at('new'), activate: null, freeze: null, unfreeze: null, archive: archivedFrom('testing'), unarchive: null },
  new: { enrol: null, activate: at('active'), freeze: null, unfreeze: null, archive: archivedFrom('new'), unarchive: null },
  active: {
    enrol: null,
    activate: null,
    freeze: { ...at('frozen'), freeze: period },
    unfreeze: null,
    archive: archivedFrom('active'),
    unarchive: null,
  },
  frozen: { enrol: null, activate: null, freeze: null, unfreeze: at('active'), archive: archivedFrom('frozen'), unarchive: null },
};

describe('studentTransition', () => {
  for (const [status, row] of Object.entries(table)) {
    for (const move of STUDENT_MOVES) {
      it(`${status} + ${move}`, () => {
        expect(studentTransition({ status: status as StudentStatus, archived_from: null }, moves[move])).toEqual(row[move]);
      });
    }
  }

  it.each([
    ['testing', 'testing'],
    ['new', 'new'],
    ['active', 'active'],
    ['frozen', 'active'],
    [null, 'new'],
  ] as const)('an archived student archived from %s comes back %s, and nothing else moves them', (from, back) => {
    const position = { status: 'archived' as const, archived_from: from };
    expect(studentTransition(position, moves.unarchive)).toEqual(at(back));
    expect(legalStudentMoves(position)).toEqual(['unarchive']);
  });

  it('refuses a freeze without a reason, with dates out of order or not on the calendar', () => {
    const active = { status: 'active' as const, archived_from: null };
    expect(studentTransition(active, { type: 'freeze', ...period, reason: '  ' })).toBeNull();
    expect(studentTransition(active, { type: 'freeze', ...period, from_date: '2026-12-21' })).toBeNull();
    expect(studentTransition(active, { type: 'freeze', ...period, to_date: '2026-02-30' })).toBeNull();
    expect(studentTransition(active, { type: 'freeze', ...period, from_date: '2026-12-20' })).toEqual({ ...at('frozen'), freeze: { ...period, from_date: '2026-12-20' } });
  });

  it('refuses an archive without a reason and an unknown status', () => {
    expect(studentTransition({ status: 'new', archived_from: null }, { type: 'archive', reason: '' })).toBeNull();
    expect(studentTransition({ status: 'gone' as StudentStatus, archived_from: null }, moves.enrol)).toBeNull();
  });

  it('legalStudentMoves lists the buttons per status', () => {
    expect(STUDENT_STATUSES.map((status) => legalStudentMoves({ status, archived_from: 'new' }))).toEqual([
      ['enrol', 'archive'],
      ['activate', 'archive'],
      ['freeze', 'archive'],
      ['unfreeze', 'archive'],
      ['unarchive'],
    ]);
  });
});
