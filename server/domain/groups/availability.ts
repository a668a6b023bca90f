// The scheduling assistant: for a slot (days, times, dates) every active room and every active teacher or
// assistant of a branch, each marked free or with the first clash in its way, so the group form shows clashes
// before saving. Two queries find every clash of the slot; rooms and people are then matched in memory.
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { ASSISTANT_ROLES, TEACHER_ROLES, type Availability, type AvailabilityQuery, type Clash } from '../../../contract/groups';
import type { DbOrTx } from '../../db/client';
import { employees, groups, lessons, rooms } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { allowedFilials, resolveFilial } from '../core/scope';
import { groupClash, groupColumns, groupsOverlapping, lessonClash, lessonColumns, oneOffsOverlapping } from './conflicts';
import { worksIn } from './groupReferences';

const STAFF_ROLES = [...new Set([...TEACHER_ROLES, ...ASSISTANT_ROLES])];

export async function availability(db: DbOrTx, user: AuthUser, q: AvailabilityQuery): Promise<Availability> {
  resolveFilial(user, q.filial);
  const roomList = await db
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity, room_type: rooms.roomType })
    .from(rooms)
    .where(and(eq(rooms.filialId, q.filial), eq(rooms.isArchived, false)))
    .orderBy(asc(rooms.name), asc(rooms.id));
  const people = await db
    .select({ id: employees.id, full_name: employees.fullName, role: employees.role })
    .from(employees)
    .where(and(eq(employees.isArchived, false), inArray(employees.role, STAFF_ROLES), worksIn(q.filial)))
    .orderBy(asc(employees.fullName), asc(employees.id));

  const slot = {
    days: q.days,
    startTime: q.start_time,
    endTime: q.end_time,
    startDate: q.start_date,
    endDate: q.end_date,
    excludeGroupId: q.exclude_group,
  };
  const roomIds = roomList.map((r) => r.id);
  const personIds = people.map((p) => p.id);
  // Ordered so the first match per room or person is the earliest clash.
  const clashingGroups = await db
    .select({ ...groupColumns, teacherId: groups.teacherId, assistantId: groups.assistantId })
    .from(groups)
    .where(
      and(
        groupsOverlapping(slot),
        or(inArray(groups.roomId, roomIds), inArray(groups.teacherId, personIds), inArray(groups.assistantId, personIds)),
      ),
    )
    .orderBy(asc(groups.startTime), asc(groups.id));
  const clashingLessons = await db
    .select({ ...lessonColumns, teacherId: lessons.teacherId })
    .from(lessons)
    .leftJoin(groups, eq(groups.id, lessons.groupId))
    .where(and(oneOffsOverlapping(slot), or(inArray(lessons.roomId, roomIds), inArray(lessons.teacherId, personIds))))
    .orderBy(asc(lessons.date), asc(lessons.startTime), asc(lessons.id));

  // A teacher shared with another branch may be busy there: the clash then names no group of that branch.
  const scope = allowedFilials(user);
  const roomClash = (id: number): Clash | undefined => {
    const g = clashingGroups.find((row) => row.roomId === id);
    if (g) return groupClash(g, id, scope);
    const l = clashingLessons.find((row) => row.roomId === id);
    return l ? lessonClash(l, id, scope) : undefined;
  };
  const personClash = (id: number): Clash | undefined => {
    const g = clashingGroups.find((row) => row.teacherId === id || row.assistantId === id);
    if (g) return { ...groupClash(g, -1, scope), kind: 'teacher' };
    const l = clashingLessons.find((row) => row.teacherId === id);
    return l ? { ...lessonClash(l, -1, scope), kind: 'teacher' } : undefined;
  };
  const marked = <T extends { id: number }>(item: T, clash: Clash | undefined) => (clash ? { ...item, free: false, clash } : { ...item, free: true });

  return {
    rooms: roomList.map((r) => marked(r, roomClash(r.id))),
    teachers: people.map((p) => marked(p, personClash(p.id))),
  };
}
