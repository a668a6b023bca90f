// Writes of /students/: create a walk-in student (with a same-phone warning), PUT / PATCH the card's fields, and
// PATCH {is_archived: false} to bring a student back from the archive. One transaction each, an audit entry and
// a student_logs row ('student.create', 'student.edit' with the changed fields, the status move's own row).
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { StudentCreated, StudentDetail, studentCreateBody, studentPatchBody, studentUpdateBody } from '../../../contract/students';
import type { Db, Tx } from '../../db/client';
import { filials, studentGroups, studentLogs, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { audit } from '../audit/record';
import { fieldError } from '../core/errors';
import type { Actor } from '../lessons/access';
import { allowedFilials, inScope } from '../core/scope';
import { asDuplicates, findSamePhone, refuseSamePhone } from './samePhone';
import { assertStudentWriter, moveStudentStatusIn } from './statusMoves';
import { getStudentDetail } from './studentDetail';
import { findStudent } from './students';

type CreateInput = z.output<typeof studentCreateBody>;
type UpdateInput = z.output<typeof studentUpdateBody>;
type PatchInput = z.output<typeof studentPatchBody>;

const FIELD_COLUMNS = {
  full_name: 'fullName',
  phone: 'phone',
  extra_phone: 'extraPhone',
  parent_phone: 'parentPhone',
  birth_date: 'birthDate',
  gender: 'gender',
  comment: 'comment',
  filial: 'filialId',
} as const satisfies Record<keyof UpdateInput, keyof typeof students.$inferSelect>;
type Field = keyof typeof FIELD_COLUMNS;

/** A student's branch must be an active branch the user has; anything else is "no such branch" on the field. */
async function checkTargetFilial(tx: Tx, user: AuthUser, filial: number): Promise<void> {
  if (!inScope(allowedFilials(user), filial)) throw fieldError('filial', 'validation.notFound');
  const [branch] = await tx.select({ id: filials.id }).from(filials).where(and(eq(filials.id, filial), eq(filials.isArchived, false)));
  if (!branch) throw fieldError('filial', 'validation.notFound');
}

export async function createStudent(db: Db, actor: Actor, body: CreateInput): Promise<StudentCreated> {
  assertStudentWriter(actor.user);
  return db.transaction(async (tx) => {
    await checkTargetFilial(tx, actor.user, body.filial);
    await refuseSamePhone(tx, allowedFilials(actor.user), [body.phone, body.extra_phone], body.confirm_duplicate);
    const [row] = await tx
      .insert(students)
      .values({
        filialId: body.filial,
        fullName: body.full_name,
        phone: body.phone,
        extraPhone: body.extra_phone ?? null,
        parentPhone: body.parent_phone ?? null,
        birthDate: body.birth_date ?? null,
        gender: body.gender ?? null,
        comment: body.comment ?? '',
        status: body.status,
        createdBy: actor.user.id,
      })
      .returning({ id: students.id });
    await tx.insert(studentLogs).values({ studentId: row.id, actorId: actor.user.id, action: 'student.create', toStatus: body.status, detail: {} });
    const created = await getStudentDetail(tx, actor.user, row.id);
    await audit(tx, { actorId: actor.user.id, action: 'student.create', entity: 'student', entityId: row.id, filialId: body.filial, after: created, ip: actor.ip });
    const duplicates = asDuplicates(await findSamePhone(tx, allowedFilials(actor.user), body.phone, { student: row.id }));
    return { ...created, duplicates };
  });
}

/** Applies the given fields inside `tx`; an unchanged value is no change, and no change writes nothing. */
async function editFields(tx: Tx, actor: Actor, id: number, body: Partial<UpdateInput>): Promise<void> {
  const [current] = await tx.select().from(students).where(eq(students.id, id)).for('update');
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  const set: Record<string, unknown> = {};
  for (const field of Object.keys(FIELD_COLUMNS) as Field[]) {
    const value = body[field];
    if (value === undefined) continue;
    const column = FIELD_COLUMNS[field];
    if (current[column] === value) continue;
    changes[field] = { from: current[column], to: value };
    set[column] = value;
  }
  if (!Object.keys(changes).length) return;
  if (changes.filial) {
    await checkTargetFilial(tx, actor.user, body.filial!);
    // Groups belong to a branch: a student still in groups here cannot be moved to another one.
    const [open] = await tx
      .select({ id: studentGroups.id })
      .from(studentGroups)
      .where(and(eq(studentGroups.studentId, id), isNull(studentGroups.leftOn)))
      .limit(1);
    if (open) throw fieldError('filial', 'validation.studentInGroups');
  }
  await tx.update(students).set({ ...set, updatedAt: sql`now()` }).where(eq(students.id, id));
  await tx.insert(studentLogs).values({ studentId: id, actorId: actor.user.id, action: 'student.edit', detail: changes });
  await audit(tx, {
    actorId: actor.user.id,
    action: 'student.edit',
    entity: 'student',
    entityId: id,
    filialId: current.filialId,
    before: Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.from])),
    after: Object.fromEntries(Object.entries(changes).map(([f, c]) => [f, c.to])),
    ip: actor.ip,
  });
}

/** PUT /students/{id}/ (every field) and PATCH (some); PATCH {is_archived: false} first brings the student back. */
export async function updateStudent(db: Db, actor: Actor, id: number, body: UpdateInput | PatchInput): Promise<StudentDetail> {
  assertStudentWriter(actor.user);
  return db.transaction(async (tx) => {
    // 404 outside the user's branches, before anything else is looked at; locked until the transaction ends.
    const before = await findStudent(tx, actor.user, id, { forUpdate: true });
    const { is_archived, ...fields } = body as PatchInput;
    // A flag already as asked is no move, so a form sent back unchanged is not refused.
    if (is_archived === false && before.is_archived) await moveStudentStatusIn(tx, actor, id, { type: 'unarchive' });
    await editFields(tx, actor, id, fields);
    return getStudentDetail(tx, actor.user, id);
  });
}
