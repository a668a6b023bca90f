// A PATCH names the stage it wants; the shared pipeline rule (contract/leadStages.ts) speaks of moves. This maps
// the one onto the other; leadTransition then decides whether the move is legal from where the lead stands.
import type { LeadMove, LeadStage } from '../../../contract/leadStages';

/** The move that takes a lead from `from` to `to`, or null when no move leads there (an illegal request). */
export function moveToStage(from: LeadStage, to: LeadStage): LeadMove | null {
  if (to === 'KUTULMOQDA') return from === 'ORDER_CREATED' ? { type: 'cancelOrder' } : { type: 'wait' };
  return null;
}
