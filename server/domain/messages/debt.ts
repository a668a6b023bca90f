// The debt message (issue 17): sent by a person from the debtors page, for one student or all ticked, never by a
// job; a student's parents get it at most once a week (DEBT_INTERVAL_DAYS since the last one queued, whatever
// became of it), and only while the student owes.
import { and, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { DebtMessageResult } from '../../../contract/parentMessagesApi';
import type { Db } from '../../db/client';
import { parentMessages, students } from '../../db/schema';
import type { Actor } from '../core/actor';
import { notFound } from '../core/errors';
import { allowedFilials } from '../core/scope';
import { audit } from '../audit/record';
import { studentBalanceSql } from '../students/balance';
import { moneyText, type PaymentLinkOf, queueStudentEvent } from './events';

export const DEBT_INTERVAL_DAYS = 7;

export async function sendDebtMessages(db: Db, actor: Actor, studentIds: number[], linkOf?: PaymentLinkOf): Promise<DebtMessageResult> {
  const ids = [...new Set(studentIds)];
  const scope = allowedFilials(actor.user);
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: students.id, filialId: students.filialId, balance: studentBalanceSql(students.id) })
      .from(students)
      .where(inArray(students.id, ids))
      .orderBy(students.id)
      .for('update', { of: students });
    const found = rows.filter((r) => scope === 'all' || scope.includes(r.filialId));
    // A student outside the user's branches is not theirs to see: the whole request is refused as not found.
    if (found.length !== ids.length) throw notFound('Student not found');
    const weekAgo = new Date(actor.now.getTime() - DEBT_INTERVAL_DAYS * 86_400_000);
    const recent = new Set(
      (
        await tx
          .select({ id: parentMessages.studentId })
          .from(parentMessages)
          .where(and(eq(parentMessages.event, 'debt'), inArray(parentMessages.studentId, ids), gte(parentMessages.createdAt, weekAgo), isNotNull(parentMessages.studentId)))
      ).map((r) => r.id),
    );
    const result: DebtMessageResult = { queued: [], skipped: [] };
    for (const s of found) {
      if (!s.balance.startsWith('-')) {
        result.skipped.push({ student: s.id, reason: 'not_debtor' });
        continue;
      }
      if (recent.has(s.id)) {
        result.skipped.push({ student: s.id, reason: 'recent' });
        continue;
      }
      const outcome = await queueStudentEvent(
        tx,
        { filialId: s.filialId, studentId: s.id, event: 'debt', sourceId: `debt:${actor.now.toISOString()}`, values: { balance: moneyText(s.balance.slice(1)), link: (await linkOf?.(tx, s.id)) ?? '' } },
        actor.now,
      );
      if (typeof outcome === 'number') result.queued.push(outcome);
      else result.skipped.push({ student: s.id, reason: outcome === 'repeat' ? 'recent' : outcome });
    }
    if (result.queued.length) {
      await audit(tx, { actorId: actor.user.id, action: 'message.debt', at: actor.now, entity: 'parent_message', entityId: result.queued[0], after: result, ip: actor.ip });
    }
    return result;
  });
}
