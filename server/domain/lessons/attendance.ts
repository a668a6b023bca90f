// Attendance (PUT /lessons/{id}/attendance/) and the per-member summaries of the group page. Teachers and
// assistants mark their own lessons (others are a 404 to them); office staff with the groups page mark any
// lesson of their branches. Only students on the lesson's roster, only lessons that are not cancelled, and only
// once the lesson has begun at the request's instant (409 saying when it opens); after the lesson's day only the
// corrector roles change it, and such a save is logged as `attendance.correct` (lessons/markWindow.ts).
import { and, asc, eq, inArray, isNull, lte, ne, notExists, or, gte, sql } from 'drizzle-orm';
import type { AttendanceBody } from '../../../contract/attendance';
import type { LessonDetail } from '../../../contract/lessons';
import type { GroupMember } from '../../../contract/membership';
import type { Db } from '../../db/client';
import { attendance, lessonStudents, lessons, studentFreezes, studentGroups, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { keyedError, conflict, conflictMessage, fieldMessages, type Message } from '../core/errors';
import { audit } from '../audit/record';
import { syncCharges } from '../billing/charges';
import { type Actor, findGroup } from './access';
import { centreToday, centreWallClock, dayText } from './dates';
import { markWindow } from './markWindow';
import { findLesson, getLesson, rosterIds } from './read';
import { isFrozenOn, isMemberOn, type FreezeSpan, type MembershipSpan } from './roster';
import { summarize, type AttendedLesson } from './summary';
import { studentBriefColumns } from '../students/students';
import { absenceEvents } from '../messages/events';

export async function markAttendance(db: Db, actor: Actor, lessonId: number, body: AttendanceBody): Promise<LessonDetail> {
  return db.transaction(async (tx) => {
    const lesson = await findLesson(tx, actor.user, lessonId, { forUpdate: true });
    const window = markWindow(lesson, actor.user.role, actor.now);
    if (window.locked === 'cancelled') throw conflict('The lesson is cancelled');
    if (window.locked === 'not_started') {
      const params = { date: dayText(lesson.date), time: lesson.start_time };
      throw conflictMessage(lesson.date === centreToday(actor.now) ? 'errors.attendanceOpensAt' : 'errors.attendanceOpensOn', params, {
        opens_at: window.opens_at,
      });
    }
    if (window.locked === 'closed') throw keyedError('forbidden', 'errors.attendanceClosed', { date: dayText(lesson.date) });
    const roster = new Set(await rosterIds(tx, lesson));
    const strangers: Record<string, Message[]> = {};
    body.items.forEach((item, index) => {
      if (!roster.has(item.student)) strangers[`items.${index}.student`] = [{ key: 'validation.notOnRoster', params: { student: item.student } }];
    });
    if (Object.keys(strangers).length) throw fieldMessages(strangers);

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
      markedAt: actor.now,
    }));
    const previous = new Map(before.map((b) => [b.student, b]));
    const changed = rows.filter((r) => {
      const old = previous.get(r.studentId);
      return !old || old.status !== r.status || old.mark !== r.mark || (old.comment ?? '') !== r.comment;
    }).length;
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
          markedAt: sql`excluded.marked_at`,
        },
      });
    await tx.update(lessons).set({ status: 'held' }).where(eq(lessons.id, lessonId));
    // Parents hear of an absence (and a corrected mark withdraws it) with the save that made it.
    await absenceEvents(tx, lesson, rows, actor.now);
    if (lesson.group) await syncCharges(tx, { groupIds: [lesson.group.id], from: lesson.date, to: lesson.date }, actor.now);
    await audit(tx, {
      actorId: actor.user.id,
      // A save after the lesson's day is a correction of a closed register.
      action: window.correction ? 'attendance.correct' : 'attendance.mark',
      at: actor.now,
      entity: 'lesson',
      entityId: lessonId,
      filialId: lesson.filial,
      before: { status: lesson.status, items: before },
      after: { status: 'held', changed, items: rows.map((r) => ({ student: r.studentId, status: r.status, mark: r.mark, comment: r.comment })) },
      ip: actor.ip,
    });
    return getLesson(tx, actor.user, lessonId, actor.now);
  });
}

/**
 * GET /add-group/group/{id}/: the group's current members (not left, or leaving today or later), each with
 * their attendance over the group's lessons begun by `now` that they were on the roster of (cancelled lessons,
 * frozen days and individual extra lessons for other students aside).
 */
export async function groupMembers(db: Db, user: AuthUser, groupId: number, now: Date): Promise<GroupMember[]> {
  const group = await findGroup(db, user, groupId);
  const { date: today, time } = centreWallClock(now);
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
  const freezes: FreezeSpan[] = await db
    .select({ studentId: studentFreezes.studentId, fromDate: studentFreezes.fromDate, toDate: studentFreezes.toDate, endedOn: studentFreezes.endedOn })
    .from(studentFreezes)
    .where(inArray(studentFreezes.studentId, memberIds));
  const groupLessons = await db
    .select({ id: lessons.id, date: lessons.date })
    .from(lessons)
    .where(
      and(
        eq(lessons.groupId, group.id),
        ne(lessons.status, 'cancelled'),
        lte(lessons.date, today),
        or(sql`${lessons.date} < ${today}::date`, lte(lessons.startTime, time)),
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
    const frozen = freezes.filter((f) => f.studentId === m.student.id);
    const attended: AttendedLesson[] = groupLessons
      .filter((l) => own.some((s) => isMemberOn(s, l.date)) && !frozen.some((f) => isFrozenOn(f, l.date)))
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
