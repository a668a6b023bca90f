// The student status chart (design page, "Domain rules"): testing → new → active ⇄ frozen, any → archived ⇄ back.
// One pure rule shared by the client's studentStatus statechart (its guards) and the server (an illegal move
// answers 409). A student remembers the status they were archived from, so bringing them back returns there;
// a frozen student comes back active, as archiving ended the freeze.
import { isDay } from './centreDay';
import { STUDENT_STATUSES, type StudentStatus } from './students';

export { STUDENT_STATUSES, type StudentStatus };

export type FreezePeriod = { from_date: string; to_date: string; reason: string };

export type StudentMove =
  | { type: 'enrol' }
  | { type: 'activate' }
  | ({ type: 'freeze' } & FreezePeriod)
  | { type: 'unfreeze' }
  | { type: 'archive'; reason: string }
  | { type: 'unarchive' };
export type StudentMoveType = StudentMove['type'];
export const STUDENT_MOVES = ['enrol', 'activate', 'freeze', 'unfreeze', 'archive', 'unarchive'] as const satisfies readonly StudentMoveType[];

/** Where a student stands: the status and, while archived, the status they were archived from. */
export type StudentPosition = { status: StudentStatus; archived_from: StudentStatus | null };

/** The position after a move; `freeze` also names the period it records. */
export type StudentNext = StudentPosition & { freeze?: FreezePeriod };

export function isStudentStatus(value: unknown): value is StudentStatus {
  return typeof value === 'string' && (STUDENT_STATUSES as readonly string[]).includes(value);
}

/** A real calendar day as `YYYY-MM-DD`. */
function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && isDay(value);
}

const hasText = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The status an archived student returns to. */
function backFrom(archivedFrom: StudentStatus | null): StudentStatus {
  if (archivedFrom === null || archivedFrom === 'archived') return 'new';
  return archivedFrom === 'frozen' ? 'active' : archivedFrom;
}

/** The position after `move`, or null when the move is illegal from `from`. */
export function studentTransition(from: StudentPosition, move: StudentMove): StudentNext | null {
  if (!isStudentStatus(from.status)) return null;
  const to = (status: StudentStatus): StudentNext => ({ status, archived_from: null });
  switch (move.type) {
    case 'enrol':
      return from.status === 'testing' ? to('new') : null;
    case 'activate':
      return from.status === 'new' ? to('active') : null;
    case 'freeze':
      if (from.status !== 'active' || !hasText(move.reason)) return null;
      if (!isCalendarDate(move.from_date) || !isCalendarDate(move.to_date) || move.to_date < move.from_date) return null;
      return { ...to('frozen'), freeze: { from_date: move.from_date, to_date: move.to_date, reason: move.reason } };
    case 'unfreeze':
      return from.status === 'frozen' ? to('active') : null;
    case 'archive':
      return from.status !== 'archived' && hasText(move.reason) ? { status: 'archived', archived_from: from.status } : null;
    case 'unarchive':
      return from.status === 'archived' ? to(backFrom(from.archived_from)) : null;
    default:
      return null;
  }
}

/** The moves legal from `from`, e.g. for the buttons a student page offers. */
export function legalStudentMoves(from: StudentPosition): StudentMoveType[] {
  const probe: Record<StudentMoveType, StudentMove> = {
    enrol: { type: 'enrol' },
    activate: { type: 'activate' },
    freeze: { type: 'freeze', from_date: '2026-01-01', to_date: '2026-01-31', reason: 'x' },
    unfreeze: { type: 'unfreeze' },
    archive: { type: 'archive', reason: 'x' },
    unarchive: { type: 'unarchive' },
  };
  return STUDENT_MOVES.filter((type) => studentTransition(from, probe[type]) !== null);
}
