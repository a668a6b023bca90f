// Saving a lead's move along the pipeline: the leadStage statechart's one call to the server.
import type { LeadMove } from '../../contract/leadStages';
import { api } from './http';

/** The request that saves a move (spec: PATCH /lid/{id}, PATCH /lid/{id}/create_order; ours: change_order). */
export function leadMoveRequest(id: number, move: LeadMove): { url: string; body: Record<string, unknown> } {
  switch (move.type) {
    case 'order':
      return { url: `/lid/${id}/create_order`, body: { group: move.group, first_lesson_date: move.first_lesson_date } };
    case 'changeOrder':
      return { url: `/lid/${id}/change_order`, body: { group: move.group, first_lesson_date: move.first_lesson_date } };
    case 'archive':
      return { url: `/lid/${id}/`, body: { is_archived: true, archived_reason: move.reason } };
    case 'restore':
      return { url: `/lid/${id}/`, body: { is_archived: false } };
    case 'join':
      return { url: `/lid/${id}/`, body: { stage: 'JOINED' } };
    case 'wait':
    case 'cancelOrder':
      return { url: `/lid/${id}/`, body: { stage: 'KUTULMOQDA' } };
  }
}

export function saveLeadMove(id: number, move: LeadMove): Promise<unknown> {
  const { url, body } = leadMoveRequest(id, move);
  return api.patch(url, body);
}
