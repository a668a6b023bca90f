// POST /api/v2/students/{id}/freeze: the period rules that depend on the centre's date (contract
// freezePeriodErrors: 400 field messages), then the freeze move (statusMoves.ts).
import { freezePeriodErrors, type FreezeBody } from '../../../contract/studentStatusApi';
import type { Db } from '../../db/client';
import { fieldMessages } from '../core/errors';
import type { Actor } from '../lessons/access';
import { centreToday } from '../lessons/dates';
import { assertStudentWriter, moveStudentStatus, type StudentMoveResult } from './statusMoves';

export async function freezeStudent(db: Db, actor: Actor, id: number, body: FreezeBody, today = centreToday(actor.now)): Promise<StudentMoveResult> {
  assertStudentWriter(actor.user);
  const errors = freezePeriodErrors(body, today);
  if (Object.keys(errors).length) {
    throw fieldMessages(
      Object.fromEntries(
        Object.entries(errors).map(([field, key]) => [
          field,
          [{ key, params: key === 'validation.freezeTooLong' ? { max: 180 } : undefined }],
        ]),
      ),
    );
  }
  return moveStudentStatus(db, actor, id, { type: 'freeze', ...body }, today);
}
