// Which stage moves a lead may make. contract/leadStages.ts will hold the shared rule; until it lands the
// server keeps its own here. An archived lead makes no moves until it is restored; JOINED is final.
import type { LeadStage } from '../../../contract/leads';

const MOVES: Record<LeadStage, readonly LeadStage[]> = {
  YANGI_LEAD: ['KUTULMOQDA', 'ORDER_CREATED'],
  KUTULMOQDA: ['YANGI_LEAD', 'ORDER_CREATED'],
  // Re-booking changes the group or date; taking the order back returns the lead to waiting.
  ORDER_CREATED: ['ORDER_CREATED', 'KUTULMOQDA'],
  JOINED: [],
};

export function canMoveLead(from: LeadStage, to: LeadStage, isArchived: boolean): boolean {
  if (isArchived) return false;
  return MOVES[from].includes(to);
}
