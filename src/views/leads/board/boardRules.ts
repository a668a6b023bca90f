// The lead board's pure rules: its columns (the open stages), which pipeline move a drop on a column asks for (the
// same moves the lead page offers, checked by contract/leadStages.ts's rule), and the column a keyboard move goes to.
import { leadTransition, type LeadMoveType, type LeadPosition, type LeadStage } from '../../../../contract/leadStages';

export const BOARD_COLUMNS = ['YANGI_LEAD', 'KUTULMOQDA', 'ORDER_CREATED'] as const satisfies readonly LeadStage[];
export type BoardColumn = (typeof BOARD_COLUMNS)[number];

export function isBoardColumn(value: unknown): value is BoardColumn {
  return typeof value === 'string' && (BOARD_COLUMNS as readonly string[]).includes(value);
}

/** The moves a drop may ask for; an order asks for a group and a first lesson, a cancelled order for a confirmation. */
export type BoardMove = Extract<LeadMoveType, 'wait' | 'order' | 'cancelOrder'>;
const CANDIDATES: readonly BoardMove[] = ['wait', 'order', 'cancelOrder'];
/** A placeholder order: the rule checks its shape, the dialog then asks for the real one. */
const SAMPLE_ORDER = { group: 1, first_lesson_date: '2000-01-01' };

/** The move that takes `lead` to column `to`, or null when the pipeline does not lead there (or it is there). */
export function boardMoveTo(lead: LeadPosition, to: BoardColumn): BoardMove | null {
  for (const type of CANDIDATES) {
    const next = leadTransition(lead, type === 'order' ? { type, ...SAMPLE_ORDER } : { type });
    if (next && !next.is_archived && next.stage === to && next.stage !== lead.stage) return type;
  }
  return null;
}

/** The neighbour column in a direction (-1 left, +1 right), or null at an edge. */
export function neighbourColumn(from: BoardColumn, step: -1 | 1): BoardColumn | null {
  return BOARD_COLUMNS[BOARD_COLUMNS.indexOf(from) + step] ?? null;
}

/** Where each lead shows: a lead being moved shows in its new column at once, and leaves the column it came from. */
export function placeLeads<L extends { id: number }>(column: BoardColumn, fromServer: readonly L[], moving: ReadonlyMap<number, { lead: L; stage: LeadStage }>): L[] {
  const arriving = [...moving.values()].filter((m) => m.stage === column).map((m) => m.lead);
  const ids = new Set(arriving.map((l) => l.id));
  return [...arriving, ...fromServer.filter((l) => !ids.has(l.id) && (moving.get(l.id)?.stage ?? column) === column)];
}
