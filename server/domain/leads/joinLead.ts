// PATCH /lid/{id} {stage: 'JOINED'}: an order becomes a student once its first lesson has taken place (issue 4:
// "when the first lesson is attended the order becomes a student in that group, keeping the lead's history").
// One transaction: the student (new, or an existing student of the branch with the lead's phone), the membership
// in the ordered group from the first lesson's date (the membership domain's own insert and checks), the student
// marked present at that lesson when it exists, the lead at JOINED pointing at the student, a lead_logs and a
// student_logs row, and the audit entries.
import { and, eq, notExists, sql } from 'drizzle-orm';
import type { LeadJoined } from '../../../contract/leads';
import { leadTransition } from '../../../contract/leadStages';
import type { Db, Tx } from '../../db/client';
import { attendance, leads, lessonStudents, lessons, studentLogs, students } from '../../db/schema';
import { conflictMessage, notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { findGroup, type Actor } from '../lessons/access';
import { centreToday, dayText } from '../lessons/dates';
import { joinGroupIn } from '../groups/membership';
import { allowedFilials, inScope } from '../core/scope';
import { findStudent } from '../students/students';
import { writeLeadLog } from './leadLogs';
import { selectLeads } from './leadRows';

export type JoinInput = { student?: number | null };

/** Whether the order may become a student on `today`: the first lesson must have happened. */
export function firstLessonHeld(firstLessonDate: string | null, today: string): boolean {
  return firstLessonDate !== null && firstLessonDate <= today;
}

/** The existing student to attach: in the lead's branch, not archived, with one of the lead's phones. */
async function existingStudent(tx: Tx, actor: Actor, id: number, lead: { filialId: number; phone: string; extraPhone: string | null }) {
  const brief = await findStudent(tx, actor.user, id, { filialId: lead.filialId, forUpdate: true }).catch(() => {
    throw fieldError('student', 'validation.notFound');
  });
  const phones = [lead.phone, lead.extraPhone].filter((p): p is string => p !== null);
  const [row] = await tx.select({ phone: students.phone, extraPhone: students.extraPhone, leadId: students.leadId }).from(students).where(eq(students.id, id));
  if (!phones.some((p) => p === row.phone || p === row.extraPhone)) throw fieldError('student', 'validation.invalid');
  if (brief.is_archived) throw conflictMessage('errors.studentArchived');
  return { ...brief, leadId: row.leadId };
}

/** The group's own lesson on `date` (not an extra lesson for chosen students, not cancelled), if there is one. */
async function groupLessonOn(tx: Tx, groupId: number, date: string) {
  const [lesson] = await tx
    .select({ id: lessons.id })
    .from(lessons)
    .where(
      and(
        eq(lessons.groupId, groupId),
        eq(lessons.date, date),
        sql`${lessons.status} <> 'cancelled'`,
        notExists(tx.select({ one: sql`1` }).from(lessonStudents).where(eq(lessonStudents.lessonId, lessons.id))),
      ),
    )
    .orderBy(sql`case when ${lessons.kind} = 'regular' then 0 else 1 end`, lessons.id)
    .limit(1);
  return lesson;
}

export async function joinLead(db: Db, actor: Actor, id: number, body: JoinInput, today: string = centreToday(actor.now)): Promise<LeadJoined> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!current || !inScope(allowedFilials(actor.user), current.filialId)) throw notFound('Lead not found');
    const [before] = await selectLeads(tx, eq(leads.id, id));
    const position = { stage: current.stage, is_archived: current.isArchived };
    if (!leadTransition(position, { type: 'join' })) {
      throw conflictMessage('errors.leadNotOrder', {}, position);
    }
    if (current.orderGroupId === null || !firstLessonHeld(current.firstLessonDate, today)) {
      throw conflictMessage('errors.firstLessonAhead', { date: current.firstLessonDate ? dayText(current.firstLessonDate) : '—' }, {
        first_lesson_date: current.firstLessonDate,
      });
    }
    const joinedOn = current.firstLessonDate!;
    const group = await findGroup(tx, actor.user, current.orderGroupId, { forUpdate: true });
    if (group.filialId !== current.filialId) throw notFound('Group not found');
    if (group.isSecondary) throw conflictMessage('errors.groupNotMain', { group: group.name });

    const student = body.student != null ? await existingStudent(tx, actor, body.student, current) : await newStudent(tx, actor, current);
    if (body.student != null && student.leadId === null) await tx.update(students).set({ leadId: id }).where(eq(students.id, student.id));
    await joinGroupIn(tx, actor, group, student, joinedOn, null);

    const lesson = await groupLessonOn(tx, group.id, joinedOn);
    if (lesson) {
      await tx
        .insert(attendance)
        .values({ lessonId: lesson.id, studentId: student.id, status: 'present', markedBy: actor.user.id })
        .onConflictDoNothing();
    }

    await tx.update(leads).set({ stage: 'JOINED', studentId: student.id, updatedAt: new Date() }).where(eq(leads.id, id));
    await writeLeadLog(tx, { leadId: id, actorId: actor.user.id, action: 'join', fromStage: current.stage, toStage: 'JOINED', comment: joinedOn });
    const detail = { lead: id, group: group.id, group_name: group.name, date: joinedOn, lesson: lesson?.id ?? null, attached: body.student != null };
    await tx.insert(studentLogs).values({ studentId: student.id, actorId: actor.user.id, action: 'lead.join', toStatus: 'new', detail });
    const [after] = await selectLeads(tx, eq(leads.id, id));
    await audit(tx, { actorId: actor.user.id, action: 'lead.join', entity: 'lead', entityId: id, filialId: current.filialId, before, after: { ...after, ...detail, student: student.id }, ip: actor.ip });
    return { ...after, is_student: true, student: { id: student.id } };
  });
}

/** A new student from the lead's name, phones and branch, in status new (they are in a group from now on). */
async function newStudent(tx: Tx, actor: Actor, lead: typeof leads.$inferSelect) {
  const [row] = await tx
    .insert(students)
    .values({
      filialId: lead.filialId,
      fullName: lead.fullName,
      phone: lead.phone,
      extraPhone: lead.extraPhone,
      status: 'new',
      leadId: lead.id,
      createdBy: actor.user.id,
    })
    .returning({ id: students.id, status: students.status });
  await audit(tx, {
    actorId: actor.user.id,
    action: 'student.create',
    entity: 'student',
    entityId: row.id,
    filialId: lead.filialId,
    after: { id: row.id, full_name: lead.fullName, phone: lead.phone, status: row.status, lead: lead.id },
    ip: actor.ip,
  });
  return { ...row, leadId: lead.id as number | null };
}


