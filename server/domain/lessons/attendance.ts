// Attendance (PUT /lessons/{id}/attendance/) and the per-member summaries of the group page. Teachers and
// assistants mark their own lessons (others are a 404 to them); office staff with the groups page mark any
// lesson of their branches. Only students on the lesson's roster, only lessons that are not cancelled, and only
// once the lesson has begun at the request's instant (409 saying when it opens); after the lesson's day only the
// corrector roles change it, and such a save is logged as `attendance.correct` (lessons/markWindow.ts).
import { and, asc, eq, inArray, isNull, lte, ne, notExists, or, gte, sql } from 'drizzle-orm';
import type { AttendanceBody } from '../../../contract/attendance';
import type { AttendanceStatus } from '../../../contract/lessons';
import { HISTORY_SHOWN, type LessonDetail } from '../../../contract/lessons';
import type { GroupMember } from '../../../contract/membership';
import type { Db, Tx } from '../../db/client';
import { attendance, lessonStudents, lessons, studentFreezes, studentGroups, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { keyedError, conflict, conflictMessage, fieldMessages, type Message } from '../core/errors';
import { auditInsert, type AuditEntry } from '../audit/record';
import { rowsOf } from '../../db/rows';
import { syncCharges } from '../billing/charges';
import { type Actor, findGroup } from './access';
import { centreToday, centreWallClock, dayText } from './dates';
import { markWindow } from './markWindow';
import { type AttendanceCounts, findLesson, historyEntry, rosterRead } from './read';
import { isFrozenOn, isMemberOn, type FreezeSpan, type MembershipSpan } from './roster';
import { summarize, type AttendedLesson } from './summary';
import { studentBriefColumns } from '../students/students';
import { absenceEvents } from '../messages/events';

export async function markAttendance(db: Db, actor: Actor, lessonId: number, body: AttendanceBody): Promise<LessonDetail> {
  return db.transaction(async (tx) => {
    // The lesson row stays locked to the commit: two saves of one register take turns.
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
    // Read after the lock: the marks and counts as the previous save of this register left them.
    const { roster, counts, history: earlier, historyTotal } = await rosterRead(tx, lesson);
    const onRoster = new Map(roster.map((r) => [r.student.id, r]));
    const strangers: Record<string, Message[]> = {};
    body.items.forEach((item, index) => {
      if (!onRoster.has(item.student)) strangers[`items.${index}.student`] = [{ key: 'validation.notOnRoster', params: { student: item.student } }];
    });
    if (Object.keys(strangers).length) throw fieldMessages(strangers);

    const rows = body.items.map((i) => ({ studentId: i.student, status: i.status, mark: i.mark ?? null, comment: i.comment ?? '' }));
    const before = rows
      .map((r) => ({ student: r.studentId, ...onRoster.get(r.studentId)?.attendance }))
      .filter((b): b is BeforeMark => b.status !== undefined)
      .sort((a, b) => a.student - b.student);
    const previous = new Map(before.map((b) => [b.student, b]));
    const changed = rows.filter((r) => {
      const old = previous.get(r.studentId);
      return !old || old.status !== r.status || old.mark !== r.mark || (old.comment ?? '') !== r.comment;
    }).length;
    // A save after the lesson's day is a correction of a closed register.
    const action = window.correction ? 'attendance.correct' : 'attendance.mark';
    const entry = await saveMarks(tx, lessonId, rows, {
      actorId: actor.user.id,
      action,
      at: actor.now,
      entity: 'lesson',
      entityId: lessonId,
      filialId: lesson.filial,
      before: { status: lesson.status, items: before },
      after: { status: 'held', changed, items: rows.map((r) => ({ student: r.studentId, status: r.status, mark: r.mark, comment: r.comment })) },
      ip: actor.ip,
    });
    // Parents hear of an absence (and a corrected mark withdraws it) with the save that made it.
    await absenceEvents(tx, lesson, rows, actor.now, { previous: before });
    const history = [...earlier, historyEntry({ action, at: entry.at, actor_id: actor.user.id, actor_name: entry.authorName, students: changed })].slice(-HISTORY_SHOWN);
    // Last, so the group's charge lock is held only for the sync's own statements and the commit. Marks change only
    // this lesson's charges (a register is never saved on a cancelled lesson, so the month's count stays).
    if (lesson.group) await syncCharges(tx, { groupIds: [lesson.group.id], from: lesson.date, to: lesson.date, lessonId }, actor.now);
    const saved = new Map(rows.map((r) => [r.studentId, r]));
    const after = roster.map((entry) => {
      const row = saved.get(entry.student.id);
      return row ? { ...entry, attendance: { status: row.status, mark: row.mark, comment: row.comment } } : entry;
    });
    const held = { ...lesson, status: 'held' as const, attendance: countsAfter(counts, before, rows) };
    return { ...held, roster: after, ...markWindow(held, actor.user.role, actor.now), history, history_total: historyTotal + 1 };
  });
}

type BeforeMark = { student: number; status: AttendanceStatus; mark: number | null; comment: string };
type SavedMark = { studentId: number; status: AttendanceStatus; mark: number | null; comment: string };

/** The lesson's counts once `rows` replaced the `before` marks of the same students. */
function countsAfter(counts: AttendanceCounts, before: BeforeMark[], rows: SavedMark[]): AttendanceCounts {
  const out = { ...counts };
  for (const b of before) out[b.status]--;
  for (const r of rows) out[r.status]++;
  return out;
}

/**
 * The register's marks written, the lesson made held and the save's audit entry, in one statement; answers the
 * entry's instant and its author's name (the save's own history line).
 */
async function saveMarks(tx: Tx, lessonId: number, rows: SavedMark[], entry: AuditEntry & { actorId: number; at: Date }): Promise<{ at: string | Date; authorName: string | null }> {
  const values = rows.map((r) => sql`(${r.studentId}::int, ${r.status}::text, ${r.mark}::smallint, ${r.comment}::text)`);
  const result = await tx.execute(sql`
    with saved as (
      insert into attendance (lesson_id, student_id, status, mark, comment, marked_by, marked_at)
      select ${lessonId}::int, v.student_id, v.status, v.mark, v.comment, ${entry.actorId}::int, ${entry.at.toISOString()}::timestamptz
      from (values ${sql.join(values, sql`, `)}) as v (student_id, status, mark, comment)
      on conflict (lesson_id, student_id) do update
        set status = excluded.status, mark = excluded.mark, comment = excluded.comment, marked_by = excluded.marked_by, marked_at = excluded.marked_at
      returning 1
    ),
    held as (update lessons set status = 'held' where id = ${lessonId}::int returning 1),
    logged as (${auditInsert(tx, entry)})
    select logged.created_at as at, (select e.full_name from employees e where e.id = logged.actor_id) as author_name from logged`);
  const [row] = rowsOf(result);
  return { at: row.at as string | Date, authorName: row.author_name == null ? null : String(row.author_name) };
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
