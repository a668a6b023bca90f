// Saving a student's status move: the studentStatus statechart's one call to the server.
import type { StudentMove } from '../../contract/studentStatus';
import { api } from './http';

/** The moves the page saves itself (enrol happens on the server when a student joins a group). */
export type StudentRequestMove = Exclude<StudentMove, { type: 'enrol' }>;

/** The request that saves a move (spec section 7, "Students"). */
export function studentMoveRequest(
  id: number,
  move: StudentRequestMove,
): { method: 'post' | 'patch'; url: string; body: Record<string, unknown> } {
  switch (move.type) {
    case 'activate':
      return { method: 'post', url: `/api/v2/students/${id}/activate`, body: {} };
    case 'freeze':
      return {
        method: 'post',
        url: `/api/v2/students/${id}/freeze`,
        body: { from_date: move.from_date, to_date: move.to_date, reason: move.reason },
      };
    case 'unfreeze':
      return { method: 'post', url: `/api/v2/students/${id}/unfreeze`, body: {} };
    case 'archive':
      return { method: 'patch', url: `/add-group/${id}/`, body: { is_archived: true, reason: move.reason } };
    case 'unarchive':
      return { method: 'patch', url: `/students/${id}/`, body: { is_archived: false } };
  }
}

export function saveStudentMove(id: number, move: StudentRequestMove): Promise<unknown> {
  const { method, url, body } = studentMoveRequest(id, move);
  return method === 'post' ? api.post(url, body) : api.patch(url, body);
}
