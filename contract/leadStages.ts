// The lead pipeline's moves (design page, "Domain rules"): one pure rule shared by the client's leadStage
// statechart (its guards) and the server (an illegal move answers 409). Archiving is a flag beside the stage, so
// an archived lead still holds the stage it had and a restore returns there.
import { isDay } from './centreDay';

export const LEAD_STAGES = ['YANGI_LEAD', 'KUTULMOQDA', 'ORDER_CREATED', 'JOINED'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

/** Why a lead was archived, as i18n keys (`leads.archive_reason.<key>`); `other` goes with a comment. */
export const ARCHIVE_REASONS = ['not_interested', 'too_expensive', 'no_answer', 'chose_other_centre', 'wrong_number', 'other'] as const;
export type ArchiveReason = (typeof ARCHIVE_REASONS)[number];

export type LeadOrder = { group: number; first_lesson_date: string };

export type LeadMove =
  | { type: 'wait' }
  | ({ type: 'order' } & LeadOrder)
  /** Another group or first-lesson day for an order: one write, the lead stays ordered. */
  | ({ type: 'changeOrder' } & LeadOrder)
  | { type: 'join' }
  | { type: 'cancelOrder' }
  | { type: 'archive'; reason: ArchiveReason }
  | { type: 'restore' };
export type LeadMoveType = LeadMove['type'];
export const LEAD_MOVES = ['wait', 'order', 'changeOrder', 'join', 'cancelOrder', 'archive', 'restore'] as const satisfies readonly LeadMoveType[];

/** Where a lead stands: its stage and whether it is archived. */
export type LeadPosition = { stage: LeadStage; is_archived: boolean };

/**
 * Where a move leads. Besides stage and is_archived, a move names what else it sets: archive sets
 * `archived_reason`, restore clears it (null); order sets `order`, cancelOrder clears it (null). Keys absent are kept.
 */
export type LeadNext = LeadPosition & { archived_reason?: ArchiveReason | null; order?: LeadOrder | null };

export function isLeadStage(value: unknown): value is LeadStage {
  return typeof value === 'string' && (LEAD_STAGES as readonly string[]).includes(value);
}

export function isArchiveReason(value: unknown): value is ArchiveReason {
  return typeof value === 'string' && (ARCHIVE_REASONS as readonly string[]).includes(value);
}

/** A real calendar day as `YYYY-MM-DD` (2026-02-30 is not one). */
function isCalendarDate(value: unknown): value is string {
  return typeof value === 'string' && isDay(value);
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** The position after `move`, or null when the move is illegal from `from` (the server answers 409). */
export function leadTransition(from: LeadPosition, move: LeadMove): LeadNext | null {
  if (!isLeadStage(from.stage)) return null;
  if (from.is_archived) {
    // A joined lead is a student and is never archived as a lead; only a restore leaves the archive.
    return move.type === 'restore' && from.stage !== 'JOINED'
      ? { stage: from.stage, is_archived: false, archived_reason: null }
      : null;
  }
  switch (move.type) {
    case 'wait':
      return from.stage === 'YANGI_LEAD' ? { stage: 'KUTULMOQDA', is_archived: false } : null;
    case 'order':
      if (from.stage !== 'YANGI_LEAD' && from.stage !== 'KUTULMOQDA') return null;
      if (!isId(move.group) || !isCalendarDate(move.first_lesson_date)) return null;
      return { stage: 'ORDER_CREATED', is_archived: false, order: { group: move.group, first_lesson_date: move.first_lesson_date } };
    case 'changeOrder':
      if (from.stage !== 'ORDER_CREATED') return null;
      if (!isId(move.group) || !isCalendarDate(move.first_lesson_date)) return null;
      return { stage: 'ORDER_CREATED', is_archived: false, order: { group: move.group, first_lesson_date: move.first_lesson_date } };
    case 'join':
      return from.stage === 'ORDER_CREATED' ? { stage: 'JOINED', is_archived: false } : null;
    case 'cancelOrder':
      return from.stage === 'ORDER_CREATED' ? { stage: 'KUTULMOQDA', is_archived: false, order: null } : null;
    case 'archive':
      return from.stage !== 'JOINED' && isArchiveReason(move.reason)
        ? { stage: from.stage, is_archived: true, archived_reason: move.reason }
        : null;
    case 'restore':
      return null;
    default:
      return null;
  }
}

/** The moves legal from `from` (with a valid order and reason), e.g. for the buttons a lead card offers. */
export function legalMoves(from: LeadPosition): LeadMoveType[] {
  const probe: Record<LeadMoveType, LeadMove> = {
    wait: { type: 'wait' },
    order: { type: 'order', group: 1, first_lesson_date: '2026-01-01' },
    changeOrder: { type: 'changeOrder', group: 1, first_lesson_date: '2026-01-01' },
    join: { type: 'join' },
    cancelOrder: { type: 'cancelOrder' },
    archive: { type: 'archive', reason: 'other' },
    restore: { type: 'restore' },
  };
  return LEAD_MOVES.filter((type) => leadTransition(from, probe[type]) !== null);
}
