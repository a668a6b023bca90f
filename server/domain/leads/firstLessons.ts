// GET /api/first_lessons/leads/no-pg: the branch's orders (ORDER_CREATED, not archived) whose first lesson falls in
// the period, with the group, its teacher and room, the operator, and the group's lesson of that day (held or not),
// soonest first. The period is `date`, else start_date..end_date, each end defaulting to a week from today.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { FIRST_LESSONS_DEFAULT_DAYS, type FirstLesson, type firstLessonsQuery } from '../../../contract/firstLessons';
import type { Db } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { employees, groups, leads, lessonStudents, lessons, rooms } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { addDays, hhmm } from '../lessons/dates';
import { resolveFilial } from '../core/scope';

const operators = alias(employees, 'first_lesson_operator');
const teachers = alias(employees, 'first_lesson_teacher');

/** The days asked for: one `date`, or a range whose open ends are a week around `today`. */
export function firstLessonPeriod(q: { date?: string; start_date?: string; end_date?: string }, today: string): { from: string; to: string } {
  if (q.date) return { from: q.date, to: q.date };
  return {
    from: q.start_date ?? addDays(today, -FIRST_LESSONS_DEFAULT_DAYS),
    to: q.end_date ?? addDays(today, FIRST_LESSONS_DEFAULT_DAYS),
  };
}

export async function listFirstLessons(
  db: Db,
  user: AuthUser,
  q: z.output<typeof firstLessonsQuery>,
  today: string,
): Promise<FirstLesson[]> {
  const scope = resolveFilial(user, q.filial);
  const { from, to } = firstLessonPeriod(q, today);
  // The group's own lesson that day: not an extra lesson for chosen students (a group has one regular per day).
  const dayLesson = db
    .select({ id: lessons.id, groupId: lessons.groupId, date: lessons.date, status: lessons.status })
    .from(lessons)
    .where(
      and(
        gte(lessons.date, from),
        lte(lessons.date, to),
        sql`${lessons.status} <> 'cancelled'`,
        sql`not exists (select 1 from ${lessonStudents} where ${lessonStudents.lessonId} = ${lessons.id})`,
      ),
    )
    .as('day_lesson');
  const rows = await db
    .select({
      id: leads.id,
      filial: leads.filialId,
      full_name: leads.fullName,
      phone: leads.phone,
      extra_phone: leads.extraPhone,
      operator: personColumns(operators),
      group: { id: groups.id, name: groups.name, days: groups.days, start_time: groups.startTime, end_time: groups.endTime },
      teacher: personColumns(teachers),
      room: namedColumns(rooms),
      first_lesson_date: leads.firstLessonDate,
      lessonId: dayLesson.id,
      lessonStatus: dayLesson.status,
    })
    .from(leads)
    .innerJoin(groups, eq(groups.id, leads.orderGroupId))
    .innerJoin(teachers, eq(teachers.id, groups.teacherId))
    .innerJoin(rooms, eq(rooms.id, groups.roomId))
    .leftJoin(operators, eq(operators.id, leads.operatorId))
    .leftJoin(dayLesson, and(eq(dayLesson.groupId, groups.id), eq(dayLesson.date, leads.firstLessonDate)))
    .where(
      and(
        eq(leads.stage, 'ORDER_CREATED'),
        eq(leads.isArchived, false),
        scope === 'all' ? undefined : inArray(leads.filialId, scope.length ? scope : [-1]),
        gte(leads.firstLessonDate, from),
        lte(leads.firstLessonDate, to),
      ),
    )
    .orderBy(asc(leads.firstLessonDate), asc(groups.name), asc(leads.id));
  // A moved lesson could leave two non-regular rows on one day; the first one found per lead is shown.
  const seen = new Set<number>();
  const items: FirstLesson[] = [];
  for (const r of rows) {
    if (seen.has(r.id)) continue;
    seen.add(r.id);
    items.push({
      id: r.id,
      filial: r.filial,
      full_name: r.full_name,
      phone: r.phone,
      extra_phone: r.extra_phone,
      operator: r.operator,
      group: { ...r.group, teacher: r.teacher, room: r.room, start_time: hhmm(r.group.start_time), end_time: hhmm(r.group.end_time) },
      first_lesson_date: r.first_lesson_date!,
      lesson: r.lessonId == null ? null : { id: r.lessonId, status: r.lessonStatus! },
      lesson_held: r.lessonStatus === 'held',
    });
  }
  return items;
}
