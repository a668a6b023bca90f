// What the bot tells a linked parent about each of their children: the balance, this month's attendance and the
// next lesson. Read straight from the tables the staff screens read, so the bot never says something else.
import { and, asc, eq, gte, lte, or, sql } from 'drizzle-orm';
import { centreWallClock, firstOfMonth, lastOfMonth } from '../../../../contract/centreDay';
import type { DbOrTx } from '../../../db/client';
import { attendance, employees, groups, lessons, lessonStudents, rooms, studentBalances, studentGroups, students, telegramChats } from '../../../db/schema';

export type Child = { id: number; name: string };

/** The chat's linked students that are not archived, by name. */
export async function childrenOfChat(db: DbOrTx, chatId: number): Promise<Child[]> {
  return db
    .select({ id: students.id, name: students.fullName })
    .from(telegramChats)
    .innerJoin(students, eq(students.id, telegramChats.studentId))
    .where(and(eq(telegramChats.chatId, chatId), eq(students.isArchived, false)))
    .orderBy(asc(students.fullName), asc(students.id));
}

/** The student's total balance over all groups (negative: a debt). */
export async function balanceOf(db: DbOrTx, studentId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${studentBalances.balance}), 0)::numeric(22,2)::text` })
    .from(studentBalances)
    .where(eq(studentBalances.studentId, studentId));
  return row.total;
}

export type MonthAttendance = { present: number; late: number; excused: number; absent: number };

/** Marks of this month's lessons so far (the centre's month of `now`). */
export async function monthAttendanceOf(db: DbOrTx, studentId: number, now: Date): Promise<MonthAttendance> {
  const today = centreWallClock(now).date;
  const rows = await db
    .select({ status: attendance.status, count: sql<number>`count(*)::int` })
    .from(attendance)
    .innerJoin(lessons, eq(lessons.id, attendance.lessonId))
    .where(and(eq(attendance.studentId, studentId), gte(lessons.date, firstOfMonth(today)), lte(lessons.date, lastOfMonth(today))))
    .groupBy(attendance.status);
  const counts: MonthAttendance = { present: 0, late: 0, excused: 0, absent: 0 };
  for (const r of rows) counts[r.status] = Number(r.count);
  return counts;
}

export type NextLesson = { date: string; start: string; group: string | null; room: string; teacher: string };

/** The first planned lesson still ahead: of a group the student is in on that day, or an extra lesson for them. */
export async function nextLessonOf(db: DbOrTx, studentId: number, now: Date): Promise<NextLesson | null> {
  const { date: today, time } = centreWallClock(now);
  const inGroup = sql`exists (select 1 from ${studentGroups} m where m.student_id = ${studentId} and m.group_id = ${lessons.groupId}
    and m.joined_on <= ${lessons.date} and (m.left_on is null or m.left_on >= ${lessons.date}))`;
  const own = sql`exists (select 1 from ${lessonStudents} ls where ls.lesson_id = ${lessons.id} and ls.student_id = ${studentId})`;
  const forWholeGroup = sql`not exists (select 1 from ${lessonStudents} ls where ls.lesson_id = ${lessons.id})`;
  const [row] = await db
    .select({ date: lessons.date, start: lessons.startTime, group: groups.name, room: rooms.name, teacher: employees.fullName })
    .from(lessons)
    .leftJoin(groups, eq(groups.id, lessons.groupId))
    .innerJoin(rooms, eq(rooms.id, lessons.roomId))
    .innerJoin(employees, eq(employees.id, lessons.teacherId))
    .where(
      and(
        eq(lessons.status, 'planned'),
        or(sql`${lessons.date} > ${today}`, and(eq(lessons.date, today), sql`${lessons.startTime} > ${time}`)),
        or(and(forWholeGroup, inGroup), own),
      ),
    )
    .orderBy(asc(lessons.date), asc(lessons.startTime), asc(lessons.id))
    .limit(1);
  return row ? { date: row.date, start: String(row.start).slice(0, 5), group: row.group, room: row.room, teacher: row.teacher } : null;
}
