// PATCH /add-group/{id}/ {is_archived: true, reason}: archiving a student (spec section 4, "Leads and
// students"). The student leaves every group today (end_reason 'archived'), in the same transaction.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { archivedStudent } from '../../../contract/membership';
import type { Db } from '../../db/client';
import { studentGroups, students } from '../../db/schema';
import { conflict } from '../../http/errors';
import { audit } from '../audit';
import { type Actor, assertOfficeWriter } from '../lessons/access';
import { centreToday } from '../lessons/dates';
import { findStudent, studentBriefColumns } from './students';

export async function archiveStudent(db: Db, actor: Actor, id: number, reason: string): Promise<z.infer<typeof archivedStudent>> {
  assertOfficeWriter(actor.user);
  const today = centreToday();
  return db.transaction(async (tx) => {
    const before = await findStudent(tx, actor.user, id, { forUpdate: true });
    if (before.is_archived) throw conflict('The student is already archived');
    const closed = await tx
      .update(studentGroups)
      .set({ leftOn: today, endReason: 'archived' })
      .where(and(eq(studentGroups.studentId, id), isNull(studentGroups.leftOn)))
      .returning({ id: studentGroups.id, groupId: studentGroups.groupId });
    const [after] = await tx
      .update(students)
      .set({ isArchived: true, status: 'archived', archivedReason: reason, archivedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(students.id, id))
      .returning(studentBriefColumns);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'student.archive',
      entity: 'student',
      entityId: id,
      filialId: before.filial,
      before: { status: before.status, is_archived: false },
      after: { status: 'archived', is_archived: true, reason, left_groups: closed.map((m) => m.groupId) },
      ip: actor.ip,
    });
    return { ...after, archived_reason: reason, closed_memberships: closed.length };
  });
}
