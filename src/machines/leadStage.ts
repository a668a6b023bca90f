// One lead's place in the pipeline, for a lead card or the lead page. States mirror the stages (YANGI_LEAD,
// KUTULMOQDA, ORDER_CREATED, JOINED) and `archived`; each has `idle` and `failed`. A move (lead.wait, lead.order,
// lead.archive, ...) is allowed only when contract/leadStages.ts allows it (the same rule answers 409 on the
// server); the card shows the new stage at once while `saving.<move>` invokes that move's PATCH, then `placing`
// routes to the new stage, or, if the server refused, rolls the lead back and routes to the old stage's `failed`
// (lead.retry sends the move again, lead.dismiss hides the message). The archived lead keeps its stage in
// context, as the server keeps it beside is_archived, so lead.restore returns to it even after a reload, which an
// XState history state would forget.
import { assign, emit, fromPromise, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import {
  leadTransition,
  legalMoves,
  type ArchiveReason,
  type LeadMove,
  type LeadMoveType,
  type LeadOrder,
  type LeadStage,
} from '../../contract/leadStages';
import { ApiError } from '../api/errors';
import { saveLeadMove } from '../api/leadMoves';
import type { ToastRequest } from './toast';

export type LeadCard = {
  id: number;
  stage: LeadStage;
  is_archived: boolean;
  archived_reason: string | null;
  order: LeadOrder | null;
};

export type LeadMoveEvent =
  | { type: 'lead.wait' }
  | ({ type: 'lead.order' } & LeadOrder)
  | ({ type: 'lead.changeOrder' } & LeadOrder)
  | { type: 'lead.join' }
  | { type: 'lead.cancelOrder' }
  | { type: 'lead.archive'; reason: ArchiveReason }
  | { type: 'lead.restore' };
export type LeadStageEvent = LeadMoveEvent | { type: 'lead.retry' } | { type: 'lead.dismiss' };

export type LeadStageEmitted = ToastRequest | { type: 'lead.moved'; id: number; stage: LeadStage; is_archived: boolean };

/** What a move's actor receives: the lead, the move and where it leads. */
export type LeadMoveInput = { id: number; move: LeadMove; next: LeadCard };

type Context = {
  lead: LeadCard;
  /** The lead before the move being saved, to roll back to. */
  previous: LeadCard | null;
  /** The last move sent, for lead.retry. */
  pending: LeadMoveEvent | null;
  /** The server's message (or an i18n key) after a refused move. */
  error: string | null;
};

export const LEAD_MOVE_MESSAGES = { failed: 'leads.move.failed' } as const;

/** The move a `lead.*` event asks for. */
export function moveOf(event: { type: string } & Record<string, unknown>): LeadMove | null {
  switch (event.type) {
    case 'lead.order':
    case 'lead.changeOrder':
      return { type: event.type === 'lead.order' ? 'order' : 'changeOrder', group: event.group as number, first_lesson_date: event.first_lesson_date as string };
    case 'lead.archive':
      return { type: 'archive', reason: event.reason as ArchiveReason };
    case 'lead.wait':
    case 'lead.join':
    case 'lead.cancelOrder':
    case 'lead.restore':
      return { type: event.type.slice('lead.'.length) as Exclude<LeadMoveType, 'order' | 'changeOrder' | 'archive'> } as LeadMove;
    default:
      return null;
  }
}

/** The lead after `move`, or null when the pipeline does not allow it. */
export function movedLead(lead: LeadCard, move: LeadMove): LeadCard | null {
  const next = leadTransition(lead, move);
  if (!next) return null;
  return {
    ...lead,
    stage: next.stage,
    is_archived: next.is_archived,
    archived_reason: next.archived_reason === undefined ? lead.archived_reason : next.archived_reason,
    order: next.order === undefined ? lead.order : next.order,
  };
}


function errorOf(error: unknown): string {
  if (!(error instanceof ApiError)) return LEAD_MOVE_MESSAGES.failed;
  // A refused order names its field (e.g. a first lesson on a day without a lesson): show that message.
  const fieldMessage = Object.values(error.fields ?? {}).flat()[0];
  return error.detail || fieldMessage || LEAD_MOVE_MESSAGES.failed;
}

/** The states that show a lead, in the order `placing` checks them. */
const SHOWN = ['archived', 'JOINED', 'ORDER_CREATED', 'KUTULMOQDA', 'YANGI_LEAD'] as const;
type Shown = (typeof SHOWN)[number];
const shownOf = (lead: LeadCard): Shown => (lead.is_archived ? 'archived' : lead.stage);

export const leadStageMachine = setup({
  types: {
    context: {} as Context,
    events: {} as LeadStageEvent,
    emitted: {} as LeadStageEmitted,
    input: {} as { lead: LeadCard },
  },
  actors: {
    wait: fromPromise<unknown, LeadMoveInput>(({ input }) => saveLeadMove(input.id, input.move)),
    order: fromPromise<unknown, LeadMoveInput>(({ input }) => saveLeadMove(input.id, input.move)),
    changeOrder: fromPromise<unknown, LeadMoveInput>(({ input }) => saveLeadMove(input.id, input.move)),
    join: fromPromise<unknown, LeadMoveInput>(({ input }) => saveLeadMove(input.id, input.move)),
    cancelOrder: fromPromise<unknown, LeadMoveInput>(({ input }) => saveLeadMove(input.id, input.move)),
    archive: fromPromise<unknown, LeadMoveInput>(({ input }) => saveLeadMove(input.id, input.move)),
    restore: fromPromise<unknown, LeadMoveInput>(({ input }) => saveLeadMove(input.id, input.move)),
  },
  guards: {
    'the pipeline allows the move': ({ context, event }) => {
      const move = moveOf(event);
      return move !== null && leadTransition(context.lead, move) !== null;
    },
    'the lead shows in': ({ context }, params: { state: Shown; failed: boolean }) =>
      shownOf(context.lead) === params.state && (context.error !== null) === params.failed,
  },
  actions: {
    begin: assign(({ context, event }) => {
      const move = moveOf(event);
      const next = move && movedLead(context.lead, move);
      if (!next) return {};
      return { previous: context.lead, lead: next, pending: event as LeadMoveEvent, error: null };
    }),
    commit: assign({ previous: null, pending: null, error: null }),
    rollBack: assign(({ context }, params: { error: unknown }) => ({
      lead: context.previous ?? context.lead,
      previous: null,
      error: errorOf(params.error),
    })),
    clearError: assign({ error: null, pending: null }),
    retry: raise(({ context }) => context.pending as LeadMoveEvent),
    announce: emit(({ context }) => ({
      type: 'lead.moved' as const,
      id: context.lead.id,
      stage: context.lead.stage,
      is_archived: context.lead.is_archived,
    })),
    toastError: emit(({ context }) => ({ type: 'toast.show' as const, severity: 'error' as const, message: context.error ?? LEAD_MOVE_MESSAGES.failed })),
  },
}).createMachine({
  id: 'leadStage',
  context: ({ input }) => ({ lead: input.lead, previous: null, pending: null, error: null }),
  initial: 'placing',
  // Each stage state lists the moves that can leave it (taken from idle and failed alike); saving and placing
  // list none, so a second move waits until the first is saved or rolled back.
  states: {
    /** Routes to the state showing the lead (and to its `failed` after a rollback). */
    placing: {
      always: SHOWN.flatMap((state) =>
        [true, false].map((failed) => ({
          guard: { type: 'the lead shows in' as const, params: { state, failed } },
          target: `${state}.${failed ? 'failed' : 'idle'}`,
        })),
      ),
    },
    YANGI_LEAD: {
      initial: 'idle',
      states: {
        idle: {},
        failed: { on: { 'lead.retry': { actions: 'retry' }, 'lead.dismiss': { target: 'idle', actions: 'clearError' } } },
      },
      on: {
        'lead.wait': { guard: 'the pipeline allows the move', target: '#leadStage.saving.wait', actions: 'begin' },
        'lead.order': { guard: 'the pipeline allows the move', target: '#leadStage.saving.order', actions: 'begin' },
        'lead.archive': { guard: 'the pipeline allows the move', target: '#leadStage.saving.archive', actions: 'begin' },
      },
    },
    KUTULMOQDA: {
      initial: 'idle',
      states: {
        idle: {},
        failed: { on: { 'lead.retry': { actions: 'retry' }, 'lead.dismiss': { target: 'idle', actions: 'clearError' } } },
      },
      on: {
        'lead.order': { guard: 'the pipeline allows the move', target: '#leadStage.saving.order', actions: 'begin' },
        'lead.archive': { guard: 'the pipeline allows the move', target: '#leadStage.saving.archive', actions: 'begin' },
      },
    },
    ORDER_CREATED: {
      initial: 'idle',
      states: {
        idle: {},
        failed: { on: { 'lead.retry': { actions: 'retry' }, 'lead.dismiss': { target: 'idle', actions: 'clearError' } } },
      },
      on: {
        'lead.join': { guard: 'the pipeline allows the move', target: '#leadStage.saving.join', actions: 'begin' },
        'lead.changeOrder': { guard: 'the pipeline allows the move', target: '#leadStage.saving.changeOrder', actions: 'begin' },
        'lead.cancelOrder': { guard: 'the pipeline allows the move', target: '#leadStage.saving.cancelOrder', actions: 'begin' },
        'lead.archive': { guard: 'the pipeline allows the move', target: '#leadStage.saving.archive', actions: 'begin' },
      },
    },
    /** The lead became a student: nothing moves it any more. */
    JOINED: {
      initial: 'idle',
      states: {
        idle: {},
        failed: { on: { 'lead.dismiss': { target: 'idle', actions: 'clearError' } } },
      },
    },
    archived: {
      initial: 'idle',
      states: {
        idle: {},
        failed: { on: { 'lead.retry': { actions: 'retry' }, 'lead.dismiss': { target: 'idle', actions: 'clearError' } } },
      },
      on: {
        'lead.restore': { guard: 'the pipeline allows the move', target: '#leadStage.saving.restore', actions: 'begin' },
      },
    },
    /** The new stage is shown while the move's PATCH runs; one child per move, each invoking its own actor. */
    saving: {
      initial: 'wait',
      states: {
        wait: {
          invoke: {
            src: 'wait',
            input: ({ context }) => saveInput(context),
            onDone: { target: '#leadStage.placing', actions: ['commit', 'announce'] },
            onError: { target: '#leadStage.placing', actions: [{ type: 'rollBack', params: ({ event }) => ({ error: event.error }) }, 'toastError'] },
          },
        },
        order: {
          invoke: {
            src: 'order',
            input: ({ context }) => saveInput(context),
            onDone: { target: '#leadStage.placing', actions: ['commit', 'announce'] },
            onError: { target: '#leadStage.placing', actions: [{ type: 'rollBack', params: ({ event }) => ({ error: event.error }) }, 'toastError'] },
          },
        },
        changeOrder: {
          invoke: {
            src: 'changeOrder',
            input: ({ context }) => saveInput(context),
            onDone: { target: '#leadStage.placing', actions: ['commit', 'announce'] },
            onError: { target: '#leadStage.placing', actions: [{ type: 'rollBack', params: ({ event }) => ({ error: event.error }) }, 'toastError'] },
          },
        },
        join: {
          invoke: {
            src: 'join',
            input: ({ context }) => saveInput(context),
            onDone: { target: '#leadStage.placing', actions: ['commit', 'announce'] },
            onError: { target: '#leadStage.placing', actions: [{ type: 'rollBack', params: ({ event }) => ({ error: event.error }) }, 'toastError'] },
          },
        },
        cancelOrder: {
          invoke: {
            src: 'cancelOrder',
            input: ({ context }) => saveInput(context),
            onDone: { target: '#leadStage.placing', actions: ['commit', 'announce'] },
            onError: { target: '#leadStage.placing', actions: [{ type: 'rollBack', params: ({ event }) => ({ error: event.error }) }, 'toastError'] },
          },
        },
        archive: {
          invoke: {
            src: 'archive',
            input: ({ context }) => saveInput(context),
            onDone: { target: '#leadStage.placing', actions: ['commit', 'announce'] },
            onError: { target: '#leadStage.placing', actions: [{ type: 'rollBack', params: ({ event }) => ({ error: event.error }) }, 'toastError'] },
          },
        },
        restore: {
          invoke: {
            src: 'restore',
            input: ({ context }) => saveInput(context),
            onDone: { target: '#leadStage.placing', actions: ['commit', 'announce'] },
            onError: { target: '#leadStage.placing', actions: [{ type: 'rollBack', params: ({ event }) => ({ error: event.error }) }, 'toastError'] },
          },
        },
      },
    },
  },
});

function saveInput(context: Context): LeadMoveInput {
  return { id: context.lead.id, move: moveOf(context.pending ?? { type: '' }) as LeadMove, next: context.lead };
}

export type LeadStageActorRef = ActorRefFrom<typeof leadStageMachine>;
type Snapshot = SnapshotFrom<typeof leadStageMachine>;

/** The column or badge the lead shows in: its stage, or ARCHIVED (the list's filter stage) when archived. */
export const selectShownStage = (s: Snapshot): LeadStage | 'ARCHIVED' => (s.context.lead.is_archived ? 'ARCHIVED' : s.context.lead.stage);
export const selectIsSaving = (s: Snapshot) => s.matches('saving');
export const selectError = (s: Snapshot) => s.context.error;
/** The moves to offer: none while one is being saved. */
export const selectMoves = (s: Snapshot): LeadMoveType[] => (s.matches('saving') ? [] : legalMoves(s.context.lead));
