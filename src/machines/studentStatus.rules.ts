// The student status machine's pure rules: which move an event asks for, the student after it
// (contract/studentStatus.ts, the rule the server answers 409 with), the status the server answered, the success
// toast of a saved move and the message of a refused one.
import { dayText } from '../../contract/schedule';
import { isStudentStatus, legalStudentMoves, studentTransition, type StudentMove, type StudentStatus } from '../../contract/studentStatus';
import { ApiError } from '../api/errors';
import type { StudentRequestMove } from '../api/studentMoves';
import type { ToastRequest } from './toast';

/** What the status badge and buttons need of a student. */
export type StudentCard = {
  id: number;
  status: StudentStatus;
  /** While archived: the status they return to (the server's archived_from_status). */
  archived_from_status: StudentStatus | null;
};

export type StudentRequestMoveType = StudentRequestMove['type'];

export const STUDENT_MOVE_MESSAGES = {
  failed: 'student_status.move.failed',
  done: (move: StudentRequestMoveType) => `student_status.move.done.${move}`,
  /** A freeze from a later day: the server keeps the student active until then. */
  scheduled: 'student_status.move.done.freeze_scheduled',
} as const;

/** The move a `student.*` event asks for. */
export function studentMoveOf(event: { type: string } & Record<string, unknown>): StudentRequestMove | null {
  switch (event.type) {
    case 'student.freeze':
      return {
        type: 'freeze',
        from_date: event.from_date as string,
        to_date: event.to_date as string,
        reason: event.reason as string,
      };
    case 'student.archive':
      return { type: 'archive', reason: event.reason as string };
    case 'student.activate':
    case 'student.unfreeze':
    case 'student.unarchive':
      return { type: event.type.slice('student.'.length) as 'activate' | 'unfreeze' | 'unarchive' };
    default:
      return null;
  }
}

/** The student after `move`, or null when the status chart does not allow it. */
export function movedStudent(student: StudentCard, move: StudentMove): StudentCard | null {
  const next = studentTransition({ status: student.status, archived_from: student.archived_from_status }, move);
  return next && { ...student, status: next.status, archived_from_status: next.archived_from };
}

/** The status the server answered (the student brief), or null when the answer names none. */
export function answeredStatus(output: unknown): StudentStatus | null {
  const status = typeof output === 'object' && output !== null ? (output as { status?: unknown }).status : undefined;
  return isStudentStatus(status) ? status : null;
}

/** The student as the server answered: a freeze from a later day leaves them active. */
export function answeredStudent(student: StudentCard, output: unknown): StudentCard {
  const status = answeredStatus(output);
  if (!status || status === student.status) return student;
  const from = (output as { archived_from_status?: unknown }).archived_from_status;
  return { ...student, status, archived_from_status: status === 'archived' && isStudentStatus(from) ? from : null };
}

/** The success toast of a saved move; a freeze the server only scheduled says so. */
export function studentMoveToast(move: StudentRequestMove | null, output: unknown): ToastRequest {
  const scheduled = move?.type === 'freeze' && answeredStatus(output) === 'active';
  return {
    type: 'toast.show',
    severity: 'success',
    message: scheduled ? STUDENT_MOVE_MESSAGES.scheduled : STUDENT_MOVE_MESSAGES.done(move?.type ?? 'activate'),
    values: move?.type === 'freeze' ? { from_date: dayText(move.from_date), to_date: dayText(move.to_date) } : undefined,
  };
}

export function studentMoveError(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : STUDENT_MOVE_MESSAGES.failed;
}

/** The moves to offer as buttons for a student: never enrol (joining a group does that). */
export function studentRequestMoves(student: StudentCard): StudentRequestMoveType[] {
  return legalStudentMoves({ status: student.status, archived_from: student.archived_from_status }).filter((m) => m !== 'enrol') as StudentRequestMoveType[];
}

/** The states that show a student, with the moves that leave each. */
export const STUDENT_STATES = [
  /** Sat the placement test; joining a group (on the server) makes them new. */
  ['testing', ['archive']],
  ['new', ['activate', 'archive']],
  ['active', ['freeze', 'archive']],
  ['frozen', ['unfreeze', 'archive']],
  ['archived', ['unarchive']],
] as const satisfies readonly (readonly [StudentStatus, readonly StudentRequestMoveType[]])[];
