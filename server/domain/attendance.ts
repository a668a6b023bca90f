// Attendance (PUT /lessons/{id}/attendance/) and the per-member summaries of the group page. Teachers and
// assistants mark their own lessons (others are a 404 to them); office staff with the groups page mark any
// lesson of their branches. Only students on the lesson's roster, only lessons that are not cancelled, and
// nothing after today (a lesson that has not happened cannot be attended).
import { and, asc, eq, inArray, isNull, lte, ne, notExists, or, gte, sql } from 'drizzle-orm';
import type { AttendanceBody } from '../../contract/attendance';
import type { LessonDetail } from '../../contract/lessons';
import type { GroupMember } from '../../contract/membership';
import type { Db } from '../db/client';
import { attendance, lessonStudents, lessons, studentGroups, students } from '../db/schema';
import type { AuthUser } from '../http/context';
import { badRequest, conflict } from '../http/errors';
import { audit } from './audit';
import { syncCharges } from './billing/charges';
import { FieldMessages, type FieldMessage } from './groups/fieldError';
import { type Actor, findGroup } from './lessons/access';
import { centreToday } from './lessons/dates';
import { findLesson, getLesson, rosterIds } from './lessons/read';
import { isMemberOn, type MembershipSpan } from './lessons/roster';
import { summarize, type AttendedLesson } from './lessons/summary';
import { studentBriefColumns } from './students/students';

export async function markAttendance(db: Db, actor: Actor, lessonId: number, body: AttendanceBody): Promise<LessonDetail> {
  return db.transaction(async (tx) => {
    const lesson = await findLesson(tx, actor.user, lessonId, { forUpdate: true });
    if (lesson.status === 'cancelled') throw conflict('The lesson is cancelled');
    if (lesson.date > centreToday()) throw badRequest(`The lesson is on ${lesson.date}: attendance can be marked from that day on`);
    const roster = new Set(await rosterIds(tx, lesson));
    const strangers: Record<string, FieldMessage[]> = {};
    body.items.forEach((item, index) => {
      if (!roster.has(item.student)) strangers[`items.${index}.student`] = [{ key: 'validation.notOnRoster', params: { student: item.student } }];
    });
    if (Object.keys(strangers).length) throw new FieldMessages(strangers);

    const before = await tx
      .select({ student: attendance.studentId, status: attendance.status, mark: attendance.mark, comment: attendance.comment })
      .from(attendance)
      .where(and(eq(attendance.lessonId, lessonId), inArray(attendance.studentId, body.items.map((i) => i.student))));
    const rows = body.items.map((i) => ({
      lessonId,
      studentId: i.student,
      status: i.status,
      mark: i.mark ?? null,
      comment: i.comment ?? '',
      markedBy: actor.user.id,
    }));
    await tx
      .insert(attendance)
      .values(rows)
      .onConflictDoUpdate({
        target: [attendance.lessonId, attendance.studentId],
        set: {
          status: sql`excluded.status`,
          mark: sql`excluded.mark`,
          comment: sql`excluded.comment`,
          markedBy: sql`excluded.marked_by`,
          markedAt: sql`now()`,
        },
      });
    await tx.update(lessons).set({ status: 'held' }).where(eq(lessons.id, lessonId));
    if (lesson.group) await syncCharges(tx, { groupIds: [lesson.group.id], from: lesson.date, to: lesson.date });
    await audit(tx, {
      actorId: actor.user.id,
      action: 'attendance.mark',
      entity: 'lesson',
      entityId: lessonId,
      filialId: lesson.filial,
      before: { status: lesson.status, items: before },
      after: { status: 'held', items: rows.map((r) => ({ student: r.studentId, status: r.status, mark: r.mark, comment: r.comment })) },
      ip: actor.ip,
    });
    return getLesson(tx, actor.user, lessonId);
  });
}

/**
 * GET /add-group/group/{id}/: the group's current members (not left, or leaving today or later), each with
 * their attendance over the group's lessons up to today while they were in it (cancelled lessons and
 * individual extra lessons for other students aside).
 */
export async function groupMembers(db: Db, user: AuthUser, groupId: number): Promise<GroupMember[]> {
  const group = await findGroup(db, user, groupId);
  const today = centreToday();
  const members = await db
    .select({ membershipId: studentGroups.id, joinedOn: studentGroups.joinedOn, price: studentGroups.price, student: studentBriefColumns })
    .from(studentGroups)
    .innerJoin(students, eq(students.id, studentGroups.studentId))
    .where(and(eq(studentGroups.groupId, group.id), or(isNull(studentGroups.leftOn), gte(studentGroups.leftOn, today))))
    .orderBy(asc(students.fullName), asc(students.id));
  if (!members.length) return [];
  const memberIds = members.map((m) => m.student.id);

  const spans: MembershipSpan[] = await db
    .select({ studentId: studentGroups.studentId, joinedOn: studentGroups.joinedOn, leftOn: studentGroups.leftOn })
    .from(studentGroups)
    .where(and(eq(studentGroups.groupId, group.id), inArray(studentGroups.studentId, memberIds)));
  const groupLessons = await db
    .select({ id: lessons.id, date: lessons.date })
    .from(lessons)
    .where(
      and(
        eq(lessons.groupId, group.id),
        ne(lessons.status, 'cancelled'),
        lte(lessons.date, today),
        notExists(db.select({ one: sql`1` }).from(lessonStudents).where(eq(lessonStudents.lessonId, lessons.id))),
      ),
    );
  const marks = await db
    .select({ lessonId: attendance.lessonId, studentId: attendance.studentId, status: attendance.status, mark: attendance.mark })
    .from(attendance)
    .innerJoin(lessons, eq(lessons.id, attendance.lessonId))
    .where(and(eq(lessons.groupId, group.id), inArray(attendance.studentId, memberIds)));
  const markOf = new Map(marks.map((m) => [`${m.lessonId}:${m.studentId}`, m]));

  return members.map((m) => {
    const own = spans.filter((s) => s.studentId === m.student.id);
    const attended: AttendedLesson[] = groupLessons
      .filter((l) => own.some((s) => isMemberOn(s, l.date)))
      .map((l) => {
        const mark = markOf.get(`${l.id}:${m.student.id}`);
        return { status: mark?.status ?? null, mark: mark?.mark ?? null };
      });
    return {
      membership_id: m.membershipId,
      student: m.student,
      joined_on: m.joinedOn,
      price: m.price,
      attendance: summarize(attended),
    };
  });
}
