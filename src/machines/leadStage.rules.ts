// The lead stage machine's pure rules: which move an event asks for, the lead after it (contract/leadStages.ts, the
// rule the server answers 409 with), the state that shows a lead, and the message of a refused move.
import { leadTransition, type ArchiveReason, type LeadMove, type LeadMoveType, type LeadOrder, type LeadStage } from '../../contract/leadStages';
import { ApiError } from '../api/errors';

export type LeadCard = {
  id: number;
  stage: LeadStage;
  is_archived: boolean;
  archived_reason: string | null;
  order: LeadOrder | null;
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

/** The message of a refused move: the server's, or the field it names (a first lesson on a day without one). */
export function leadMoveError(error: unknown): string {
  if (!(error instanceof ApiError)) return LEAD_MOVE_MESSAGES.failed;
  const fieldMessage = Object.values(error.fields ?? {}).flat()[0];
  return error.detail || fieldMessage || LEAD_MOVE_MESSAGES.failed;
}

/** The states that show a lead, in the order `placing` checks them, with the moves that leave each. */
export const LEAD_STATES = [
  ['archived', ['restore']],
  /** The lead became a student: nothing moves it any more. */
  ['JOINED', []],
  ['ORDER_CREATED', ['join', 'changeOrder', 'cancelOrder', 'archive']],
  ['KUTULMOQDA', ['order', 'archive']],
  ['YANGI_LEAD', ['wait', 'order', 'archive']],
] as const satisfies readonly (readonly [string, readonly LeadMoveType[]])[];

export type LeadShown = (typeof LEAD_STATES)[number][0];
export const shownOf = (lead: LeadCard): LeadShown => (lead.is_archived ? 'archived' : lead.stage);
