// GET /auth/tt/?filial=: the teachers' week — every active teacher and assistant of the branch (or of the caller's
// branches) with the planned and active groups they teach or assist there: days, times and room. The schedule
// screens and the monitoring page read who is busy when from it.
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { TeacherTimetable } from '../../../contract/employees';
import type { Role } from '../../../contract/roles';
import { hhmm } from '../../../contract/schedule';
import type { DbOrTx } from '../../db/client';
import { employees, groups, rooms } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { resolveFilial } from '../core/scope';
import { employeeScopeWhere, filialIdsOf } from './employeeRows';

const TEACHING_ROLES: Role[] = ['TEACHER', 'ASSISTANT', 'HEAD_TEACHER'];

export async function teacherTimetable(q: DbOrTx, user: AuthUser, filial: number | undefined): Promise<TeacherTimetable> {
  const scope = resolveFilial(user, filial);
  const people = await q
    .select({ id: employees.id, full_name: employees.fullName, role: employees.role, photo: employees.photo, filials: filialIdsOf })
    .from(employees)
    .where(and(eq(employees.isArchived, false), inArray(employees.role, TEACHING_ROLES), employeeScopeWhere(scope)))
    .orderBy(employees.fullName, employees.id);
  const ids = people.map((p) => p.id);
  const rows = ids.length
    ? await q
        .select({
          id: groups.id,
          name: groups.name,
          filial: groups.filialId,
          teacherId: groups.teacherId,
          assistantId: groups.assistantId,
          days: groups.days,
          start: groups.startTime,
          end: groups.endTime,
          roomId: rooms.id,
          roomName: rooms.name,
        })
        .from(groups)
        .innerJoin(rooms, eq(rooms.id, groups.roomId))
        .where(
          and(
            inArray(groups.status, ['planned', 'active']),
            scope === 'all' ? undefined : inArray(groups.filialId, scope),
            or(inArray(groups.teacherId, ids), and(isNotNull(groups.assistantId), inArray(sql`${groups.assistantId}`, ids))),
          ),
        )
        .orderBy(groups.startTime, groups.name)
    : [];
  return people.map((p) => ({
    id: p.id,
    full_name: p.full_name,
    role: p.role,
    photo: p.photo ? { file: p.photo } : null,
    groups: rows
      .filter((g) => g.teacherId === p.id || g.assistantId === p.id)
      .map((g) => ({
        id: g.id,
        name: g.name,
        filial: g.filial,
        as: g.teacherId === p.id ? ('teacher' as const) : ('assistant' as const),
        days: g.days.map(Number),
        start_time: hhmm(g.start),
        end_time: hhmm(g.end),
        room: { id: g.roomId, name: g.roomName },
      })),
  }));
}
