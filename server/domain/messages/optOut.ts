// A parent's opt-out (issue 17), set from the student card: nothing is queued to them while it holds, and the
// sender cancels what was waiting (sender.ts).
import { eq } from 'drizzle-orm';
import type { ParentOptOut } from '../../../contract/parentMessagesApi';
import type { Db, DbOrTx } from '../../db/client';
import { students } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { allowedFilials, inScope } from '../core/scope';
import { audit } from '../audit/record';

async function readOptOut(q: DbOrTx, user: AuthUser, id: number): Promise<ParentOptOut & { filialId: number }> {
  const [s] = await q
    .select({ filialId: students.filialId, phone: students.parentPhone, optOut: students.parentOptOut })
    .from(students)
    .where(eq(students.id, id));
  if (!s || !inScope(allowedFilials(user), s.filialId)) throw notFound('Student not found');
  return { student: id, phone: s.phone, opt_out: s.optOut, filialId: s.filialId };
}

export async function getOptOut(db: DbOrTx, user: AuthUser, id: number): Promise<ParentOptOut> {
  const { filialId: _, ...answer } = await readOptOut(db, user, id);
  return answer;
}

export async function setOptOut(db: Db, actor: Actor, id: number, optOut: boolean): Promise<ParentOptOut> {
  return db.transaction(async (tx) => {
    const before = await readOptOut(tx, actor.user, id);
    await tx.update(students).set({ parentOptOut: optOut }).where(eq(students.id, id));
    await audit(tx, { actorId: actor.user.id, action: 'student.parent_opt_out', at: actor.now, entity: 'student', entityId: id, filialId: before.filialId, before: { opt_out: before.opt_out }, after: { opt_out: optOut }, ip: actor.ip });
    return { student: id, phone: before.phone, opt_out: optOut };
  });
}
