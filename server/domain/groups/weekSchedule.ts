// GET /schedule/week: the lessons of one week laid out by room or by teacher, read from the lessons table so
// moved, extra and cancelled lessons show as they are. Teachers and assistants see only their own lessons.
import { and, asc, eq, gte, inArray, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { ASSISTANT_ROLES, TEACHER_ROLES } from '../../../contract/groups';
import type { WeekSchedule, WeekScheduleQuery } from '../../../contract/weekSchedule';
import type { DbOrTx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { courses, employees, groups, lessons, rooms } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { addDays } from '../lessons/dates';
import { resolveFilial } from '../core/scope';
import { OWN_GROUPS_ROLES } from './groupQueries';
import { worksIn } from './groupReferences';

const teacher = alias(employees, 'teacher');
const STAFF_ROLES = [...new Set([...TEACHER_ROLES, ...ASSISTANT_ROLES])];
const hhmm = (t: string) => t.slice(0, 5);
const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => a.name.localeCompare(b.name) || a.id - b.id;

export async function weekSchedule(db: DbOrTx, user: AuthUser, q: WeekScheduleQuery): Promise<WeekSchedule> {
  const scope = resolveFilial(user, q.filial);
  const days = Array.from({ length: 7 }, (_, i) => addDays(q.start_date, i));
  const own = OWN_GROUPS_ROLES.includes(user.role);
  const lessonsInScope = scope === 'all' ? undefined : inArray(lessons.filialId, scope);

  const rows = await db
    .select({
      lesson_id: lessons.id,
      group: namedColumns(groups),
      room: namedColumns(rooms),
      teacher: personColumns(teacher),
      date: lessons.date,
      start_time: lessons.startTime,
      end_time: lessons.endTime,
      course_name: courses.name,
      status: lessons.status,
      kind: lessons.kind,
    })
    .from(lessons)
    .innerJoin(rooms, eq(rooms.id, lessons.roomId))
    .innerJoin(teacher, eq(teacher.id, lessons.teacherId))
    .leftJoin(groups, eq(groups.id, lessons.groupId))
    .leftJoin(courses, eq(courses.id, groups.courseId))
    .where(
      and(
        lessonsInScope,
        gte(lessons.date, days[0]),
        lte(lessons.date, days[6]),
        own ? or(eq(lessons.teacherId, user.id), eq(groups.assistantId, user.id)) : undefined,
      ),
    )
    .orderBy(asc(lessons.date), asc(lessons.startTime), asc(lessons.id));

  const rowsOf = async (): Promise<{ id: number; name: string }[]> => {
    const seen = new Map<number, string>();
    if (q.view === 'room') {
      const where: SQL | undefined = and(eq(rooms.isArchived, false), scope === 'all' ? undefined : inArray(rooms.filialId, scope));
      for (const r of await db.select({ id: rooms.id, name: rooms.name }).from(rooms).where(where)) seen.set(r.id, r.name);
      for (const b of rows) seen.set(b.room.id, b.room.name);
    } else {
      if (own) seen.set(user.id, '');
      else {
        const where = and(
          eq(employees.isArchived, false),
          inArray(employees.role, STAFF_ROLES),
          scope === 'all' ? undefined : or(...scope.map((f) => worksIn(f))),
        );
        for (const e of await db.select({ id: employees.id, name: employees.fullName }).from(employees).where(where)) seen.set(e.id, e.name);
      }
      for (const b of rows) seen.set(b.teacher.id, b.teacher.full_name);
      if (own && !seen.get(user.id)) {
        const [me] = await db.select({ name: employees.fullName }).from(employees).where(eq(employees.id, user.id));
        seen.set(user.id, me?.name ?? '');
      }
    }
    return [...seen].map(([id, name]) => ({ id, name })).sort(byName);
  };

  return {
    start_date: q.start_date,
    days,
    rows: await rowsOf(),
    blocks: rows.map(({ room, teacher: t, ...r }) => ({
      ...r,
      row_id: q.view === 'room' ? room.id : t.id,
      start_time: hhmm(r.start_time),
      end_time: hhmm(r.end_time),
      teacher_name: t.full_name,
      room_name: room.name,
    })),
  };
}
