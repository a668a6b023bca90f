// GET /api/v2/studentgroups/stats: per group of the branch, how full it is and how well it is attended.
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StudentGroupStats } from '../../../contract/membership';
import { addDays, centreToday } from './dates';
import type { Db } from '../../db/client';
import { attendance, groups, lessons, rooms } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { resolveFilial } from '../core/scope';
import { ownGroupCondition } from './access';
import { attendanceRate } from './summary';
import { nextRosterCountSql } from './roster';

/** Attendance rate window: the last 30 days, today included. */
export const STATS_DAYS = 30;

/**
 * Groups that are not archived, by name: students on the roster of the group's next lesson, the room's seats, the share of marked
 * attendance that was present or late over the last 30 days, and the lessons held so far.
 */
export async function studentGroupStats(db: Db, user: AuthUser, now: Date, filial?: number): Promise<StudentGroupStats[]> {
  const scope = resolveFilial(user, filial);
  const today = centreToday(now);
  const since = addDays(today, 1 - STATS_DAYS);
  const rows = await db
    .select({
      id: groups.id,
      name: groups.name,
      capacity: rooms.capacity,
      // The roster of the group's next lesson (roster.ts), as the group header counts.
      students: sql<number>`${nextRosterCountSql(sql`${groups.id}`, now)}`,
      attended: sql<number>`(select count(*) filter (where ${attendance.status} in ('present', 'late')) from ${attendance}
        join ${lessons} on ${lessons.id} = ${attendance.lessonId}
        where ${lessons.groupId} = ${groups.id} and ${lessons.date} between ${since} and ${today})::int`,
      marked: sql<number>`(select count(*) from ${attendance} join ${lessons} on ${lessons.id} = ${attendance.lessonId}
        where ${lessons.groupId} = ${groups.id} and ${lessons.date} between ${since} and ${today})::int`,
      held: sql<number>`(select count(*) from ${lessons} where ${lessons.groupId} = ${groups.id} and ${lessons.status} = 'held')::int`,
    })
    .from(groups)
    .innerJoin(rooms, eq(rooms.id, groups.roomId))
    .where(
      and(
        ne(groups.status, 'archived'),
        scope === 'all' ? undefined : inArray(groups.filialId, scope.length ? scope : [-1]),
        ownGroupCondition(user),
      ),
    )
    .orderBy(asc(groups.name), asc(groups.id));
  return rows.map((r) => ({
    group: { id: r.id, name: r.name },
    students_count: r.students,
    capacity: r.capacity,
    attendance_rate: attendanceRate({ attended: r.attended, marked: r.marked }),
    lessons_held: r.held,
  }));
}
