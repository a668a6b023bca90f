// Moving a student from one group to another on a date, from the group page. States: idle → (move.start) choosing
// (the target group and the date) → (target.choose) confirming → (move.confirm) saving (invoke moveMember) →
// done (toast, `member.moved`) | failed (the server's message; move.retry, move.back to choosing).
// move.cancel returns to idle from every state but saving; done and idle take a new move.start.
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { MoveToGroup } from '../../contract/membership';
import { ApiError } from '../api/errors';
import { moveMember } from '../api/groupDetail';
import type { ToastRequest } from './toast';

type Named = { id: number; name: string };

export type MemberMoveEvent =
  | { type: 'move.start'; student: { id: number; full_name: string }; group: Named; date: string }
  | { type: 'target.choose'; group: Named; date: string }
  | { type: 'move.back' }
  | { type: 'move.confirm' }
  | { type: 'move.retry' }
  | { type: 'move.cancel' };

export type MemberMoveEmitted = ToastRequest | { type: 'member.moved'; student: number; from: number; to: number };

type Context = {
  student: { id: number; full_name: string } | null;
  from: Named | null;
  to: Named | null;
  /** The first day in the new group, `YYYY-MM-DD`. */
  date: string;
  /** The server's message, or a field message keyed by field. */
  error: { detail: string | null; fields: Record<string, string> } | null;
};

export const MOVE_MESSAGES = { moved: 'group_detail.move.done', failed: 'group_detail.move.failed' } as const;

function moveErrorOf(error: unknown): NonNullable<Context['error']> {
  if (!(error instanceof ApiError)) return { detail: MOVE_MESSAGES.failed, fields: {} };
  const fields = Object.fromEntries(Object.entries(error.fields ?? {}).map(([k, v]) => [k, v[0]]));
  return { detail: error.detail ?? (Object.keys(fields).length ? null : MOVE_MESSAGES.failed), fields };
}

export const memberMoveMachine = setup({
  types: {
    context: {} as Context,
    events: {} as MemberMoveEvent,
    emitted: {} as MemberMoveEmitted,
  },
  actors: {
    moveMember: fromPromise<unknown, MoveToGroup>(({ input }) => moveMember(input)),
  },
  guards: {
    'the target is another group on a date': ({ context, event }) =>
      event.type === 'target.choose' && event.group.id !== context.from?.id && /^\d{4}-\d{2}-\d{2}$/.test(event.date),
  },
  actions: {
    begin: assign(({ event }) =>
      event.type === 'move.start' ? { student: event.student, from: event.group, to: null, date: event.date, error: null } : {},
    ),
    chooseTarget: assign(({ event }) => (event.type === 'target.choose' ? { to: event.group, date: event.date, error: null } : {})),
    showError: assign({ error: (_, params: { error: unknown }) => moveErrorOf(params.error) }),
    reset: assign({ student: null, from: null, to: null, error: null }),
    toast: emit((_, params: { severity: 'success' | 'error'; message: string }) => ({ type: 'toast.show' as const, ...params })),
    announce: emit(({ context }) => ({
      type: 'member.moved' as const,
      student: context.student?.id ?? 0,
      from: context.from?.id ?? 0,
      to: context.to?.id ?? 0,
    })),
  },
}).createMachine({
  id: 'memberMove',
  context: { student: null, from: null, to: null, date: '', error: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'move.start': { target: 'choosing', actions: 'begin' } },
    },
    choosing: {
      on: {
        'target.choose': { guard: 'the target is another group on a date', target: 'confirming', actions: 'chooseTarget' },
        'move.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    confirming: {
      on: {
        'move.confirm': { target: 'saving' },
        'move.back': { target: 'choosing' },
        'move.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    saving: {
      invoke: {
        src: 'moveMember',
        input: ({ context }) => ({
          student: context.student?.id ?? 0,
          group_id: context.from?.id ?? 0,
          new_group_id: context.to?.id ?? 0,
          date: context.date,
        }),
        onDone: {
          target: 'done',
          actions: [{ type: 'toast', params: { severity: 'success', message: MOVE_MESSAGES.moved } }, 'announce'],
        },
        onError: { target: 'failed', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: {
        'move.retry': { target: 'saving' },
        'move.back': { target: 'choosing' },
        'move.cancel': { target: 'idle', actions: 'reset' },
      },
    },
    done: {
      on: { 'move.start': { target: 'choosing', actions: 'begin' } },
    },
  },
});

export type MemberMoveActorRef = ActorRefFrom<typeof memberMoveMachine>;
type Snapshot = SnapshotFrom<typeof memberMoveMachine>;
/** The dialog shows while a move is being chosen, confirmed, saved or has failed. */
const selectIsOpen = (s: Snapshot) => !s.matches('idle') && !s.matches('done');
const selectStep = (s: Snapshot) =>
  s.matches('choosing') ? 'choose' : s.matches('confirming') || s.matches('saving') ? 'confirm' : s.matches('failed') ? 'failed' : null;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectMemberMove(s: Snapshot) {
  return {
    open: selectIsOpen(s),
    step: selectStep(s),
    saving: s.matches('saving'),
    student: s.context.student,
    from: s.context.from,
    to: s.context.to,
    date: s.context.date,
    error: s.context.error,
  };
}
