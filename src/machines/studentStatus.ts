// One student's status on the student page: the optimistic-move pattern (./optimisticMove.ts) over the statuses.
// States mirror the statuses (testing, new, active, frozen, archived); each has `idle` and `failed`. A move
// (student.activate, student.freeze, ...) is allowed only when contract/studentStatus.ts allows it
// (./studentStatus.rules.ts; the same rule answers 409 on the server); the page shows the new status at once while
// `saving.<move>` invokes that move's request, then `placing` routes to the status the SERVER answered (a freeze
// that starts later leaves the student active: the freeze is only scheduled), or, if the server refused, rolls the
// student back and routes to the old status's `failed` (student.retry, student.dismiss).
// Enrolling (testing → new) is no request of its own: adding the student to a group does it on the server, so the
// page sends `student.sync` with the refetched student, which also takes any change made elsewhere.
import { assign, emit, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { FreezePeriod, StudentStatus } from '../../contract/studentStatus';
import { saveStudentMove, type StudentRequestMove } from '../api/studentMoves';
import {
  answeredStudent,
  movedStudent,
  STUDENT_MOVE_MESSAGES,
  STUDENT_STATES,
  studentMoveError,
  studentMoveOf,
  studentMoveToast,
  studentRequestMoves,
  type StudentCard,
  type StudentRequestMoveType,
} from './studentStatus.rules';
import {
  allowsMove,
  beginMove,
  clearedError,
  commitMove,
  initialContext,
  moveActors,
  moveInput,
  optimisticStates,
  pendingMove,
  rollBackMove,
  type MoveInput,
  type MoveRules,
  type OptimisticContext,
} from './optimisticMove';
import type { ToastRequest } from './toast';

export { answeredStatus, movedStudent, STUDENT_MOVE_MESSAGES, studentMoveOf, type StudentCard, type StudentRequestMoveType } from './studentStatus.rules';
/** The moves this machine saves itself (enrol happens on the server when a student joins a group). */
export type { StudentRequestMove };

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
export type StudentMoveInput = MoveInput<StudentCard, StudentRequestMove>;

type Context = OptimisticContext<StudentCard, StudentMoveEvent>;
const rules: MoveRules<StudentCard, StudentRequestMove> = { moveOf: studentMoveOf, moved: movedStudent, errorOf: studentMoveError };
const MOVES = ['activate', 'freeze', 'unfreeze', 'archive', 'unarchive'] as const satisfies readonly StudentRequestMoveType[];

export const studentStatusMachine = setup({
  types: {
    context: {} as Context,
    events: {} as StudentStatusEvent,
    emitted: {} as StudentStatusEmitted,
    input: {} as { student: StudentCard },
  },
  actors: moveActors<StudentCard, StudentRequestMove, (typeof MOVES)[number]>(MOVES, saveStudentMove),
  guards: {
    'the rule allows the move': ({ context, event }) => allowsMove(rules, context.item, event),
    'the record shows in': ({ context }, params: { state: StudentStatus; failed: boolean }) =>
      context.item.status === params.state && (context.error !== null) === params.failed,
  },
  actions: {
    begin: assign(({ context, event }) => beginMove(rules, context, event)),
    /** Keeps the status the server answered: a freeze from a later day leaves the student active. */
    commit: assign(({ context }, params: { output: unknown }) => commitMove(answeredStudent(context.item, params.output))),
    rollBack: assign(({ context }, params: { error: unknown }) => rollBackMove(rules, context, params.error)),
    sync: assign(({ event }) => (event.type === 'student.sync' ? commitMove(event.student) : {})),
    clearError: assign(clearedError),
    retry: raise(({ context }) => context.pending as StudentMoveEvent),
    announce: emit(({ context }) => ({ type: 'student.moved' as const, id: context.item.id, status: context.item.status })),
    /** Runs before commit, while the move is still pending. */
    toastDone: emit(({ context }, params: { output: unknown }) => studentMoveToast(pendingMove(rules, context), params.output)),
    toastError: emit(({ context }) => ({ type: 'toast.show' as const, severity: 'error' as const, message: context.error ?? STUDENT_MOVE_MESSAGES.failed })),
  },
}).createMachine({
  id: 'studentStatus',
  context: ({ input }) => initialContext(input.student),
  initial: 'placing',
  states: optimisticStates(
    { id: 'studentStatus', prefix: 'student', shown: STUDENT_STATES, sync: true, doneToast: true },
    (context: Context) => moveInput(rules, context),
  ),
});

export type StudentStatusActorRef = ActorRefFrom<typeof studentStatusMachine>;
type Snapshot = SnapshotFrom<typeof studentStatusMachine>;

/** What the status badge and buttons may show: the status, the moves to offer (none while one is saved; never
 * enrol, which a group does). */
export type StudentStatusView = { status: StudentStatus; moves: StudentRequestMoveType[]; saving: boolean; error: string | null };

/** The one selector the views read (zag's connect). */
export function connectStudentStatus(s: Snapshot): StudentStatusView {
  const saving = s.matches('saving');
  return { status: s.context.item.status, moves: saving ? [] : studentRequestMoves(s.context.item), saving, error: s.context.error };
}
