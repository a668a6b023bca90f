// One student's status on the student page. States mirror the statuses (testing, new, active, frozen, archived);
// each has `idle` and `failed`. A move (student.activate, student.freeze, ...) is allowed only when
// contract/studentStatus.ts allows it (the same rule answers 409 on the server); the page shows the new status at
// once while `saving.<move>` invokes that move's request, then `placing` routes to the status the SERVER answered
// (a freeze that starts later leaves the student active: the freeze is only scheduled), or, if the server refused,
// rolls the student back and routes to the old status's `failed` (student.retry, student.dismiss).
// Enrolling (testing → new) is no request of its own: adding the student to a group does it on the server, so the
// page sends `student.sync` with the refetched student, which also takes any change made elsewhere.
import { assign, emit, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  isStudentStatus,
  legalStudentMoves,
  studentTransition,
  type FreezePeriod,
  type StudentMove,
  type StudentStatus,
} from '../../contract/studentStatus';
import { dayText } from '../../contract/schedule';
import { ApiError } from '../api/errors';
import { saveStudentMove, type StudentRequestMove } from '../api/studentMoves';
import type { ToastRequest } from './toast';

/** What the status badge and buttons need of a student. */
export type StudentCard = {
  id: number;
  status: StudentStatus;
  /** While archived: the status they return to (the server's archived_from_status). */
  archived_from_status: StudentStatus | null;
};

/** The moves this machine saves itself (enrol happens on the server when a student joins a group). */
export type { StudentRequestMove };
export type StudentRequestMoveType = StudentRequestMove['type'];

export type StudentMoveEvent =
  | { type: 'student.activate' }
  | ({ type: 'student.freeze' } & FreezePeriod)
  | { type: 'student.unfreeze' }
  | { type: 'student.archive'; reason: string }
  | { type: 'student.unarchive' };
export type StudentStatusEvent =
  | StudentMoveEvent
  | { type: 'student.sync'; student: StudentCard }
  | { type: 'student.retry' }
  | { type: 'student.dismiss' };

export type StudentStatusEmitted = ToastRequest | { type: 'student.moved'; id: number; status: StudentStatus };

/** What a move's actor receives: the student, the move and the status it is expected to lead to. */
export type StudentMoveInput = { id: number; move: StudentRequestMove; next: StudentCard };

type Context = {
  student: StudentCard;
  /** The student before the move being saved, to roll back to. */
  previous: StudentCard | null;
  /** The last move sent, for student.retry. */
  pending: StudentMoveEvent | null;
  /** The server's message (or an i18n key) after a refused move. */
  error: string | null;
};

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

function errorOf(error: unknown): string {
  return error instanceof ApiError && error.detail ? error.detail : STUDENT_MOVE_MESSAGES.failed;
}

const STATUSES = ['testing', 'new', 'active', 'frozen', 'archived'] as const satisfies readonly StudentStatus[];

const failedState = {
  on: { 'student.retry': { actions: 'retry' }, 'student.dismiss': { target: 'idle', actions: 'clearError' } },
} as const;
const sync = { 'student.sync': { target: '#studentStatus.placing', actions: 'sync' } } as const;
const go = (move: StudentRequestMoveType) =>
  ({ guard: 'the status chart allows the move', target: `#studentStatus.saving.${move}`, actions: 'begin' }) as const;
const save = (move: StudentRequestMoveType) =>
  ({
    invoke: {
      src: move,
      input: ({ context }: { context: Context }) => saveInput(context),
      onDone: {
        target: '#studentStatus.placing',
        actions: [
          { type: 'toastDone', params: ({ event }: { event: { output: unknown } }) => ({ output: event.output }) },
          { type: 'commit', params: ({ event }: { event: { output: unknown } }) => ({ output: event.output }) },
          'announce',
        ],
      },
      onError: {
        target: '#studentStatus.placing',
        actions: [{ type: 'rollBack', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) }, 'toastError'],
      },
    },
  }) as const;

export const studentStatusMachine = setup({
  types: {
    context: {} as Context,
    events: {} as StudentStatusEvent,
    emitted: {} as StudentStatusEmitted,
    input: {} as { student: StudentCard },
  },
  actors: {
    activate: fromPromise<unknown, StudentMoveInput>(({ input }) => saveStudentMove(input.id, input.move)),
    freeze: fromPromise<unknown, StudentMoveInput>(({ input }) => saveStudentMove(input.id, input.move)),
    unfreeze: fromPromise<unknown, StudentMoveInput>(({ input }) => saveStudentMove(input.id, input.move)),
    archive: fromPromise<unknown, StudentMoveInput>(({ input }) => saveStudentMove(input.id, input.move)),
    unarchive: fromPromise<unknown, StudentMoveInput>(({ input }) => saveStudentMove(input.id, input.move)),
  },
  guards: {
    'the status chart allows the move': ({ context, event }) => {
      const move = studentMoveOf(event);
      return move !== null && movedStudent(context.student, move) !== null;
    },
    'the student shows in': ({ context }, params: { state: StudentStatus; failed: boolean }) =>
      context.student.status === params.state && (context.error !== null) === params.failed,
  },
  actions: {
    begin: assign(({ context, event }) => {
      const move = studentMoveOf(event);
      const next = move && movedStudent(context.student, move);
      if (!next) return {};
      return { previous: context.student, student: next, pending: event as StudentMoveEvent, error: null };
    }),
    /** Keeps the status the server answered: a freeze from a later day leaves the student active. */
    commit: assign(({ context }, params: { output: unknown }) => {
      const status = answeredStatus(params.output);
      if (!status || status === context.student.status) return { previous: null, pending: null, error: null };
      const from = (params.output as { archived_from_status?: unknown }).archived_from_status;
      const student = { ...context.student, status, archived_from_status: status === 'archived' && isStudentStatus(from) ? from : null };
      return { student, previous: null, pending: null, error: null };
    }),
    rollBack: assign(({ context }, params: { error: unknown }) => ({
      student: context.previous ?? context.student,
      previous: null,
      error: errorOf(params.error),
    })),
    sync: assign(({ event }) => {
      if (event.type !== 'student.sync') return {};
      return { student: event.student, previous: null, pending: null, error: null };
    }),
    clearError: assign({ error: null, pending: null }),
    retry: raise(({ context }) => context.pending as StudentMoveEvent),
    announce: emit(({ context }) => ({ type: 'student.moved' as const, id: context.student.id, status: context.student.status })),
    /** Runs before commit, while the move is still pending. */
    toastDone: emit(({ context }, params: { output: unknown }) => {
      const move = studentMoveOf(context.pending ?? { type: '' });
      const scheduled = move?.type === 'freeze' && answeredStatus(params.output) === 'active';
      return {
        type: 'toast.show' as const,
        severity: 'success' as const,
        message: scheduled ? STUDENT_MOVE_MESSAGES.scheduled : STUDENT_MOVE_MESSAGES.done(move?.type ?? 'activate'),
        values: move?.type === 'freeze' ? { from_date: dayText(move.from_date), to_date: dayText(move.to_date) } : undefined,
      };
    }),
    toastError: emit(({ context }) => ({
      type: 'toast.show' as const,
      severity: 'error' as const,
      message: context.error ?? STUDENT_MOVE_MESSAGES.failed,
    })),
  },
}).createMachine({
  id: 'studentStatus',
  context: ({ input }) => ({ student: input.student, previous: null, pending: null, error: null }),
  initial: 'placing',
  // Each status state lists the moves that can leave it (from idle and failed alike) and takes `student.sync`;
  // saving and placing list none, so a second move waits until the first is saved or rolled back.
  states: {
    /** Routes to the state showing the student (and to its `failed` after a rollback). */
    placing: {
      always: STATUSES.flatMap((state) =>
        [true, false].map((failed) => ({
          guard: { type: 'the student shows in' as const, params: { state, failed } },
          target: `${state}.${failed ? 'failed' : 'idle'}`,
        })),
      ),
    },
    /** Sat the placement test; joining a group (on the server) makes them new. */
    testing: {
      initial: 'idle',
      states: { idle: {}, failed: failedState },
      on: { ...sync, 'student.archive': go('archive') },
    },
    new: {
      initial: 'idle',
      states: { idle: {}, failed: failedState },
      on: { ...sync, 'student.activate': go('activate'), 'student.archive': go('archive') },
    },
    active: {
      initial: 'idle',
      states: { idle: {}, failed: failedState },
      on: { ...sync, 'student.freeze': go('freeze'), 'student.archive': go('archive') },
    },
    frozen: {
      initial: 'idle',
      states: { idle: {}, failed: failedState },
      on: { ...sync, 'student.unfreeze': go('unfreeze'), 'student.archive': go('archive') },
    },
    archived: {
      initial: 'idle',
      states: { idle: {}, failed: failedState },
      on: { ...sync, 'student.unarchive': go('unarchive') },
    },
    /** The new status is shown while the move's request runs; one child per move, each invoking its own actor. */
    saving: {
      initial: 'activate',
      states: {
        activate: save('activate'),
        freeze: save('freeze'),
        unfreeze: save('unfreeze'),
        archive: save('archive'),
        unarchive: save('unarchive'),
      },
    },
  },
});

function saveInput(context: Context): StudentMoveInput {
  return {
    id: context.student.id,
    move: studentMoveOf(context.pending ?? { type: '' }) as StudentRequestMove,
    next: context.student,
  };
}

export type StudentStatusActorRef = ActorRefFrom<typeof studentStatusMachine>;
type Snapshot = SnapshotFrom<typeof studentStatusMachine>;

export const selectStatus = (s: Snapshot): StudentStatus => s.context.student.status;
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
export const selectError = (s: Snapshot) => s.context.error;
/** The moves to offer as buttons: none while one is being saved; never enrol (a group does that). */
export const selectMoves = (s: Snapshot): StudentRequestMoveType[] =>
  s.matches('saving')
    ? []
    : (legalStudentMoves({ status: s.context.student.status, archived_from: s.context.student.archived_from_status }).filter(
        (m) => m !== 'enrol',
      ) as StudentRequestMoveType[]);
