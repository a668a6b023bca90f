// PATCH /add-group/{id}/ {is_archived: true, reason}: archiving a student (spec section 4, "Leads and
// students"), the `archive` status move (statusMoves.ts): the status held is kept in archived_from_status, the
// student leaves every group today (end_reason 'archived'), a running or scheduled freeze ends, in one transaction.
import type { z } from 'zod';
import type { archivedStudent } from '../../../contract/membership';
import type { Db } from '../../db/client';
import type { Actor } from '../lessons/access';
import { moveStudentStatus } from './statusMoves';

export async function archiveStudent(db: Db, actor: Actor, id: number, reason: string): Promise<z.infer<typeof archivedStudent>> {
  const moved = await moveStudentStatus(db, actor, id, { type: 'archive', reason });
  const { move: _move, from_status: _from, freeze: _freeze, ...brief } = moved;
  return { ...brief, archived_reason: reason };
}
