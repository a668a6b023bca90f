// GET /monitoring/today/: the live state of one branch's day on Tashkent's clock. Four reads, each by an index:
// the day's lessons (lessons_filial_date_idx) with their expected and marked counts as correlated counts
// (student_groups_group_idx, lesson_students' key, attendance's key); today's time records of the people involved
// (time_records_day_uq); the branch's teaching staff with their schedules; the branch's rooms. The rules that
// turn them into the page's lists are the pure ones of ./rules.
import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import type { LateTeacher, MonitorLesson, MonitoringToday, MonitoringTodayQuery } from '../../../contract/monitoring';
import { TIME_ZONE, isoWeekday, zonedClock } from '../../../contract/timetracker';
import type { DbOrTx } from '../../db/client';
import { attendance, employeeFilials, employeeProfiles, employees, groups, lessonStudents, lessons, rooms, timeRecords } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { hhmm } from '../lessons/dates';
import { resolveFilial } from '../core/scope';
import { attendanceMissing, dayLateness, dueAt, freeRooms, lateForLesson, lessonPhase } from './rules';
import { onRosterSql } from '../lessons/roster';
import { clockMinutes } from '../../../contract/timetracker';

/** Roles whose lateness the page lists even on a day without lessons (their work start counts). */
const TEACHING_ROLES = ['TEACHER', 'ASSISTANT', 'HEAD_TEACHER'] as const;
const DEFAULT_WORK_DAYS = [1, 2, 3, 4, 5, 6];

async function dayLessons(q: DbOrTx, filialId: number, day: string) {
  const chosen = sql<number>`(select count(*) from ${lessonStudents} where ${lessonStudents.lessonId} = ${lessons.id})::int`;
  // The roster rule of lessons/roster.ts: members that day who are not frozen then.
  const members = sql<number>`(select count(*) from student_groups sgm where sgm.group_id = ${lessons.groupId}
    and ${onRosterSql('sgm', sql`${lessons.date}`)})::int`;
  return q
    .select({
      id: lessons.id,
      kind: lessons.kind,
      status: lessons.status,
      start: lessons.startTime,
      end: lessons.endTime,
      groupId: lessons.groupId,
      groupName: groups.name,
      teacherId: employees.id,
      teacherName: employees.fullName,
      roomId: rooms.id,
      roomName: rooms.name,
      // An individual lesson's roster is its chosen students; a group lesson's, the members on the day.
      expected: sql<number>`case when ${chosen} > 0 or ${lessons.groupId} is null then ${chosen} else ${members} end`.mapWith(Number),
      marked: sql<number>`(select count(*) from ${attendance} where ${attendance.lessonId} = ${lessons.id})::int`.mapWith(Number),
    })
    .from(lessons)
    .leftJoin(groups, eq(groups.id, lessons.groupId))
    .innerJoin(employees, eq(employees.id, lessons.teacherId))
    .innerJoin(rooms, eq(rooms.id, lessons.roomId))
    .where(and(eq(lessons.filialId, filialId), eq(lessons.date, day), ne(lessons.status, 'cancelled')))
    .orderBy(asc(lessons.startTime), asc(lessons.id));
}

/** The branch's active teaching staff (by employee_filials) and today's teachers, with schedules. */
async function people(q: DbOrTx, filialId: number, teacherIds: number[]) {
  const ofBranch = sql`exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id} and ${employeeFilials.filialId} = ${filialId})`;
  return q
    .select({
      id: employees.id,
      fullName: employees.fullName,
      role: employees.role,
      workStart: employeeProfiles.workStart,
      workDays: employeeProfiles.workDays,
    })
    .from(employees)
    .leftJoin(employeeProfiles, eq(employeeProfiles.employeeId, employees.id))
    .where(
      and(
        eq(employees.isArchived, false),
        or(
          and(inArray(employees.role, [...TEACHING_ROLES]), ofBranch),
          teacherIds.length ? inArray(employees.id, teacherIds) : undefined,
        ),
      ),
    )
    .orderBy(asc(employees.fullName), asc(employees.id));
}

async function arrivals(q: DbOrTx, ids: number[], day: string) {
  if (!ids.length) return new Map<number, { arrivedAt: Date | null; late: number }>();
  const rows = await q
    .select({ employeeId: timeRecords.employeeId, arrivedAt: timeRecords.arrivedAt, late: timeRecords.lateMinutes })
    .from(timeRecords)
    .where(and(eq(timeRecords.day, day), inArray(timeRecords.employeeId, ids)));
  return new Map(rows.map((r) => [r.employeeId, { arrivedAt: r.arrivedAt ? new Date(r.arrivedAt) : null, late: r.late }]));
}

const clockOf = (at: Date) => zonedClock(at, TIME_ZONE).minutes;
const hm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export async function monitoringToday(q: DbOrTx, user: AuthUser, query: MonitoringTodayQuery, clockNow: Date): Promise<MonitoringToday> {
  resolveFilial(user, query.filial);
  const at = query.at ? new Date(query.at) : clockNow;
  const { day, minutes: now } = zonedClock(at, TIME_ZONE);

  const lessonRows = await dayLessons(q, query.filial, day);
  const teacherIds = [...new Set(lessonRows.map((l) => l.teacherId))];
  const staff = await people(q, query.filial, teacherIds);
  const records = await arrivals(q, [...new Set([...teacherIds, ...staff.map((s) => s.id)])], day);
  const arrivedMinutes = (id: number) => {
    const at = records.get(id)?.arrivedAt;
    return at ? clockOf(at) : null;
  };

  const grouped: MonitoringToday['lessons'] = { now: [], next: [], later: [], done: [] };
  for (const l of lessonRows) {
    const arrived = arrivedMinutes(l.teacherId);
    const started = clockMinutes(hhmm(l.start)) <= now;
    const card: MonitorLesson = {
      id: l.id,
      started,
      kind: l.kind,
      status: l.status === 'held' ? 'held' : 'planned',
      group: l.groupId !== null ? { id: l.groupId, name: l.groupName ?? '' } : null,
      teacher: { id: l.teacherId, full_name: l.teacherName },
      room: { id: l.roomId, name: l.roomName },
      start_time: hhmm(l.start),
      end_time: hhmm(l.end),
      expected: l.expected,
      marked: l.marked,
      missing: Math.max(l.expected - l.marked, 0),
      attendance_missing: attendanceMissing(l.start, now, l.expected, l.marked),
      teacher_late: lateForLesson(l.start, now, arrived),
      teacher_arrived_at: records.get(l.teacherId)?.arrivedAt?.toISOString() ?? null,
    };
    grouped[lessonPhase(l.start, l.end, now)].push(card);
  }

  const weekday = isoWeekday(day);
  const late: LateTeacher[] = [];
  for (const p of staff) {
    const first = lessonRows.find((l) => l.teacherId === p.id);
    const due = dueAt(p.workStart, (p.workDays ?? DEFAULT_WORK_DAYS).map(Number).includes(weekday), first ? first.start : null);
    const record = records.get(p.id);
    const arrived = arrivedMinutes(p.id);
    const minutes = dayLateness(due, now, arrived, record?.late ?? 0);
    if (minutes <= 0) continue;
    late.push({
      employee: { id: p.id, full_name: p.fullName, role: p.role },
      expected_at: due === null ? (p.workStart ? hhmm(p.workStart) : '') : hm(due),
      arrived_at: record?.arrivedAt?.toISOString() ?? null,
      late_minutes: minutes,
    });
  }
  // Not yet arrived first, then the longest delay.
  late.sort((a, b) => Number(a.arrived_at !== null) - Number(b.arrived_at !== null) || b.late_minutes - a.late_minutes);

  const roomRows = await q
    .select({ id: rooms.id, name: rooms.name, capacity: rooms.capacity })
    .from(rooms)
    .where(and(eq(rooms.filialId, query.filial), eq(rooms.isArchived, false)))
    .orderBy(asc(rooms.name), asc(rooms.id));
  const slots = lessonRows.map((l) => ({ roomId: l.roomId, start: hhmm(l.start), end: hhmm(l.end), groupId: l.groupId, groupName: l.groupName }));
  const free = freeRooms(roomRows, slots, now).map((r) => ({
    room: { id: r.room.id, name: r.room.name, capacity: Number(r.room.capacity) },
    busy_from: r.busyFrom,
    next_group: r.next,
  }));

  return { filial: query.filial, date: day, time: hm(now), at: at.toISOString(), lessons: grouped, teachers_late: late, rooms_free: free };
}

