// One lead's place in the pipeline, for a lead card or the lead page: the optimistic-move pattern
// (./optimisticMove.ts) over the lead's stages. States mirror the stages (YANGI_LEAD, KUTULMOQDA, ORDER_CREATED,
// JOINED) and `archived`; each has `idle` and `failed`. A move (lead.wait, lead.order, lead.archive, ...) is
// allowed only when contract/leadStages.ts allows it (./leadStage.rules.ts; the same rule answers 409 on the
// server); the card shows the new stage at once while `saving.<move>` invokes that move's PATCH. The archived lead
// keeps its stage in context, as the server keeps it beside is_archived, so lead.restore returns to it even after a
// reload, which an XState history state would forget. JOINED's failure cannot be retried: nothing leaves it.
import { assign, emit, raise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { legalMoves, type ArchiveReason, type LeadMove, type LeadMoveType, type LeadOrder, type LeadStage } from '../../contract/leadStages';
import { saveLeadMove } from '../api/leadMoves';
import { LEAD_MOVE_MESSAGES, LEAD_STATES, leadMoveError, movedLead, moveOf, shownOf, type LeadCard, type LeadShown } from './leadStage.rules';
import {
  allowsMove,
  beginMove,
  clearedError,
  commitMove,
  initialContext,
  moveActors,
  moveInput,
  optimisticStates,
  rollBackMove,
  type MoveInput,
  type MoveRules,
  type OptimisticContext,
} from './optimisticMove';
import type { ToastRequest } from './toast';

export { LEAD_MOVE_MESSAGES, moveOf, movedLead, type LeadCard } from './leadStage.rules';

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
export type LeadMoveInput = MoveInput<LeadCard, LeadMove>;

type Context = OptimisticContext<LeadCard, LeadMoveEvent>;
const rules: MoveRules<LeadCard, LeadMove> = { moveOf, moved: movedLead, errorOf: leadMoveError };
const MOVES = ['wait', 'order', 'changeOrder', 'join', 'cancelOrder', 'archive', 'restore'] as const satisfies readonly LeadMoveType[];

export const leadStageMachine = setup({
  types: {
    context: {} as Context,
    events: {} as LeadStageEvent,
    emitted: {} as LeadStageEmitted,
    input: {} as { lead: LeadCard },
  },
  actors: moveActors<LeadCard, LeadMove, (typeof MOVES)[number]>(MOVES, saveLeadMove),
  guards: {
    'the rule allows the move': ({ context, event }) => allowsMove(rules, context.item, event),
    'the record shows in': ({ context }, params: { state: LeadShown; failed: boolean }) =>
      shownOf(context.item) === params.state && (context.error !== null) === params.failed,
  },
  actions: {
    begin: assign(({ context, event }) => beginMove(rules, context, event)),
    commit: assign(({ context }) => commitMove(context.item)),
    rollBack: assign(({ context }, params: { error: unknown }) => rollBackMove(rules, context, params.error)),
    clearError: assign(clearedError),
    retry: raise(({ context }) => context.pending as LeadMoveEvent),
    announce: emit(({ context }) => ({ type: 'lead.moved' as const, id: context.item.id, stage: context.item.stage, is_archived: context.item.is_archived })),
    toastError: emit(({ context }) => ({ type: 'toast.show' as const, severity: 'error' as const, message: context.error ?? LEAD_MOVE_MESSAGES.failed })),
  },
}).createMachine({
  id: 'leadStage',
  context: ({ input }) => initialContext(input.lead),
  initial: 'placing',
  states: optimisticStates({ id: 'leadStage', prefix: 'lead', shown: LEAD_STATES, noRetry: ['JOINED'] }, (context: Context) => moveInput(rules, context)),
});

export type LeadStageActorRef = ActorRefFrom<typeof leadStageMachine>;
type Snapshot = SnapshotFrom<typeof leadStageMachine>;

/** What the lead's badge and buttons may show: where it shows, the moves to offer (none while one is saved). */
export type LeadStageView = { shown: LeadStage | 'ARCHIVED'; moves: LeadMoveType[]; saving: boolean; error: string | null };

/** The one selector the views read (zag's connect): the badge (ARCHIVED, the list's filter stage, when archived). */
export function connectLeadStage(s: Snapshot): LeadStageView {
  const saving = s.matches('saving');
  const lead = s.context.item;
  return { shown: lead.is_archived ? 'ARCHIVED' : lead.stage, moves: saving ? [] : legalMoves(lead), saving, error: s.context.error };
}
