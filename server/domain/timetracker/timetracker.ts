// Time tracking (issue 6): one record per employee and day; late minutes against employee_profiles.work_start on
// Tashkent's clock (contract lateMinutes); the branch's day grid and month statistics; bulk upserts and corrections
// (a reason, the before and after kept in time_record_edits). The branch's employees are those listed in
// employee_filials for it (an employee with no branches, like the director, is in no day grid).
import { addDays } from '../../../contract/centreDay';
import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Role } from '../../../contract/roles';
import {
  TIME_ZONE,
  isoWeekday,
  lateMinutes,
  monthDays,
  zonedClock,
  type FixedRow,
  type StaffRef,
  type StatisticsRow,
  type TimeRecord,
  type bulkBody,
  type fixedQuery,
  type recordCorrection,
  type statisticsQuery,
  type timelineQuery,
} from '../../../contract/timetracker';
import type { Db, DbOrTx } from '../../db/client';
import { employeeFilials, employeeProfiles, employees, timeRecordEdits, timeRecords } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { forbidden, notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import type { Actor } from '../lessons/access';
import { centreToday } from '../lessons/dates';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';

/** Who may record and correct arrivals (the others read with employees_att or employees). */
export const TIME_WRITER_ROLES: readonly Role[] = ['ATTENDANCE_MANAGER', 'DIRECTOR', 'FILIAL_Manager'];

export function assertTimeWriter(user: Pick<AuthUser, 'role'>): void {
  if (!TIME_WRITER_ROLES.includes(user.role)) throw forbidden();
}

const DEFAULT_WORK_DAYS = [1, 2, 3, 4, 5, 6];

type Staff = StaffRef & { workDays: number[] };

/** The active employees of a branch with their schedules, by name. */
async function branchStaff(db: DbOrTx, filialId: number): Promise<Staff[]> {
  const rows = await db
    .select({
      id: employees.id,
      full_name: employees.fullName,
      role: employees.role,
      work_start: employeeProfiles.workStart,
      work_end: employeeProfiles.workEnd,
      workDays: employeeProfiles.workDays,
    })
    .from(employees)
    .innerJoin(employeeFilials, and(eq(employeeFilials.employeeId, employees.id), eq(employeeFilials.filialId, filialId)))
    .leftJoin(employeeProfiles, eq(employeeProfiles.employeeId, employees.id))
    .where(eq(employees.isArchived, false))
    .orderBy(asc(employees.fullName), asc(employees.id));
  return rows.map((r) => ({ ...r, role: r.role as string, workDays: r.workDays ?? DEFAULT_WORK_DAYS }));
}

const staffRef = (s: Staff): StaffRef => ({ id: s.id, full_name: s.full_name, role: s.role, work_start: s.work_start, work_end: s.work_end });

const recordColumns = {
  id: timeRecords.id,
  employee: timeRecords.employeeId,
  filial: timeRecords.filialId,
  day: timeRecords.day,
  arrivedAt: timeRecords.arrivedAt,
  leftAt: timeRecords.leftAt,
  late: timeRecords.lateMinutes,
  source: timeRecords.source,
  // Spelled out: drizzle leaves columns unqualified in one-table selects, and "id" would mean the edit's own id.
  edited: sql<boolean>`exists (select 1 from "time_record_edits" e where e."record_id" = "time_records"."id")`.mapWith(Boolean),
};
type RecordRow = {
  id: number;
  employee: number;
  filial: number;
  day: string;
  arrivedAt: Date | null;
  leftAt: Date | null;
  late: number;
  source: string;
  edited: boolean;
};

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toRecord(r: RecordRow): TimeRecord {
  return {
    id: r.id,
    employee: r.employee,
    filial: r.filial,
    day: String(r.day),
    arrived_at: iso(r.arrivedAt),
    left_at: iso(r.leftAt),
    late_minutes: r.late,
    source: r.source,
    edited: Boolean(r.edited),
  };
}

async function records(db: DbOrTx, where: SQL | undefined): Promise<RecordRow[]> {
  return db.select(recordColumns).from(timeRecords).where(where).orderBy(asc(timeRecords.day), asc(timeRecords.id)) as Promise<RecordRow[]>;
}

/** GET /timetracker/all/fixed/: every employee of the branch with the record of the day, or null. */
export async function fixedDay(db: Db, user: AuthUser, query: z.output<typeof fixedQuery>): Promise<FixedRow[]> {
  resolveFilial(user, query.filial);
  const staff = await branchStaff(db, query.filial);
  const rows = staff.length ? await records(db, and(eq(timeRecords.day, query.day), inArray(timeRecords.employeeId, staff.map((s) => s.id)))) : [];
  const byEmployee = new Map(rows.map((r) => [r.employee, r]));
  const weekday = isoWeekday(query.day);
  return staff.map((s) => {
    const record = byEmployee.get(s.id);
    return { employee: staffRef(s), works_today: s.workDays.includes(weekday), record: record ? toRecord(record) : null };
  });
}

/** GET /timetracker/statistics/: per employee for a month; absences count work days up to today with no arrival. */
export async function monthStatistics(db: Db, user: AuthUser, query: z.output<typeof statisticsQuery>, now: Date): Promise<StatisticsRow[]> {
  resolveFilial(user, query.filial);
  const staff = await branchStaff(db, query.filial);
  const days = monthDays(query.month);
  const today = centreToday(now);
  const rows = staff.length
    ? await records(db, and(between(timeRecords.day, days[0]!, days[days.length - 1]!), inArray(timeRecords.employeeId, staff.map((s) => s.id))))
    : [];
  return staff.map((s) => {
    const own = rows.filter((r) => r.employee === s.id);
    const present = new Set(own.filter((r) => r.arrivedAt).map((r) => String(r.day)));
    const absences = days.filter((d) => d <= today && s.workDays.includes(isoWeekday(d)) && !present.has(d)).length;
    return {
      employee: staffRef(s),
      days_present: present.size,
      days_late: own.filter((r) => r.late > 0).length,
      late_minutes: own.reduce((sum, r) => sum + r.late, 0),
      absences,
    };
  });
}

/** GET /timetracker/timeline/: the records of a range (the branch's, or every branch in scope), one employee's or all. */
export async function timeline(db: Db, user: AuthUser, query: z.output<typeof timelineQuery>): Promise<TimeRecord[]> {
  const scope = resolveFilial(user, query.filial);
  const rows = await records(
    db,
    and(
      scope === 'all' ? undefined : inArray(timeRecords.filialId, scope.length ? scope : [-1]),
      query.employee ? eq(timeRecords.employeeId, query.employee) : undefined,
      between(timeRecords.day, query.start_date, query.end_date),
    ),
  );
  return rows.map(toRecord);
}

/** The employee's work start, or null when they have no schedule. */
async function workStartOf(tx: DbOrTx, employeeId: number): Promise<string | null> {
  const [row] = await tx.select({ start: employeeProfiles.workStart }).from(employeeProfiles).where(eq(employeeProfiles.employeeId, employeeId));
  return row?.start ?? null;
}

/** An arrival or departure must fall on the record's day (Tashkent); departures may run past midnight. */
function assertOnDay(field: string, at: string | null | undefined, day: string, allowNextDay = false): void {
  if (!at) return;
  const onDay = zonedClock(new Date(at), TIME_ZONE).day;
  const next = addDays(day, 1);
  if (onDay !== day && !(allowNextDay && onDay === next)) throw fieldError(field, 'timetracker.errors.otherDay');
}

/** POST /timetracker/timeline/bulk: upsert one record per employee and day, late minutes computed. */
export async function bulkUpsert(db: Db, actor: Actor, body: z.output<typeof bulkBody>): Promise<{ saved: number; records: TimeRecord[] }> {
  assertTimeWriter(actor.user);
  resolveFilial(actor.user, body.filial);
  return db.transaction(async (tx) => {
    const staff = new Map((await branchStaff(tx, body.filial)).map((s) => [s.id, s]));
    const ids: number[] = [];
    for (const [i, rec] of body.records.entries()) {
      const person = staff.get(rec.employee);
      if (!person) throw fieldError(`records.${i}.employee`, 'timetracker.errors.employee');
      assertOnDay(`records.${i}.arrived_at`, rec.arrived_at, rec.day);
      assertOnDay(`records.${i}.left_at`, rec.left_at, rec.day, true);
      const [existing] = await tx
        .select({ id: timeRecords.id, arrivedAt: timeRecords.arrivedAt, leftAt: timeRecords.leftAt })
        .from(timeRecords)
        .where(and(eq(timeRecords.employeeId, rec.employee), eq(timeRecords.day, rec.day)))
        .for('update');
      const arrivedAt = rec.arrived_at === undefined ? (existing?.arrivedAt ?? null) : rec.arrived_at ? new Date(rec.arrived_at) : null;
      const leftAt = rec.left_at === undefined ? (existing?.leftAt ?? null) : rec.left_at ? new Date(rec.left_at) : null;
      if (arrivedAt && leftAt && leftAt < arrivedAt) throw fieldError(`records.${i}.left_at`, 'timetracker.errors.order');
      const late = lateMinutes(person.work_start, arrivedAt);
      if (existing) {
        await tx.update(timeRecords).set({ arrivedAt, leftAt, lateMinutes: late, filialId: body.filial, updatedAt: new Date() }).where(eq(timeRecords.id, existing.id));
        ids.push(existing.id);
      } else {
        const [row] = await tx
          .insert(timeRecords)
          .values({ employeeId: rec.employee, filialId: body.filial, day: rec.day, arrivedAt, leftAt, lateMinutes: late, createdBy: actor.user.id })
          .returning({ id: timeRecords.id });
        ids.push(row.id);
      }
    }
    const saved = await records(tx, inArray(timeRecords.id, ids));
    await audit(tx, {
      actorId: actor.user.id,
      action: 'time_record.bulk',
      entity: 'time_record',
      filialId: body.filial,
      after: { records: saved.map((r) => ({ id: r.id, employee: r.employee, day: r.day, arrived_at: iso(r.arrivedAt), left_at: iso(r.leftAt), late_minutes: r.late })) },
      ip: actor.ip,
    });
    return { saved: saved.length, records: saved.map(toRecord) };
  });
}

/** PUT /timetracker/{id}/ and /timetracker/timeline/{id}: correct a record with a reason (logged before/after). */
export async function correctRecord(db: Db, actor: Actor, id: number, body: z.output<typeof recordCorrection>): Promise<TimeRecord> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: timeRecords.id }).from(timeRecords).where(eq(timeRecords.id, id)).for('update');
    const [before] = locked ? await records(tx, eq(timeRecords.id, id)) : [];
    if (!before || !inScope(allowedFilials(actor.user), before.filial)) throw notFound('Time record not found');
    assertTimeWriter(actor.user);
    const day = String(before.day);
    assertOnDay('arrived_at', body.arrived_at, day);
    assertOnDay('left_at', body.left_at, day, true);
    const arrivedAt = body.arrived_at === undefined ? before.arrivedAt : body.arrived_at ? new Date(body.arrived_at) : null;
    const leftAt = body.left_at === undefined ? before.leftAt : body.left_at ? new Date(body.left_at) : null;
    if (arrivedAt && leftAt && leftAt < arrivedAt) throw fieldError('left_at', 'timetracker.errors.order');
    const late = lateMinutes(await workStartOf(tx, before.employee), arrivedAt);
    await tx.update(timeRecords).set({ arrivedAt, leftAt, lateMinutes: late, updatedAt: new Date() }).where(eq(timeRecords.id, id));
    const shape = (r: { arrivedAt: Date | null; leftAt: Date | null; late: number }) => ({ arrived_at: iso(r.arrivedAt), left_at: iso(r.leftAt), late_minutes: r.late });
    const beforeShape = shape(before);
    const afterShape = shape({ arrivedAt, leftAt, late });
    await tx.insert(timeRecordEdits).values({ recordId: id, before: beforeShape, after: afterShape, reason: body.reason, editorId: actor.user.id });
    await audit(tx, {
      actorId: actor.user.id,
      action: 'time_record.correct',
      entity: 'time_record',
      entityId: id,
      filialId: before.filial,
      before: beforeShape,
      after: { ...afterShape, reason: body.reason },
      ip: actor.ip,
    });
    const [after] = await records(tx, eq(timeRecords.id, id));
    return toRecord(after!);
  });
}

/** The corrections of a record, newest first (shown in the edit dialog). */
export async function recordEdits(db: Db, user: AuthUser, id: number) {
  const [rec] = await db.select({ filial: timeRecords.filialId }).from(timeRecords).where(eq(timeRecords.id, id));
  if (!rec || !inScope(allowedFilials(user), rec.filial)) throw notFound('Time record not found');
  const rows = await db
    .select({ id: timeRecordEdits.id, before: timeRecordEdits.before, after: timeRecordEdits.after, reason: timeRecordEdits.reason, editor: employees.fullName, at: timeRecordEdits.createdAt })
    .from(timeRecordEdits)
    .innerJoin(employees, eq(employees.id, timeRecordEdits.editorId))
    .where(eq(timeRecordEdits.recordId, id))
    .orderBy(sql`${timeRecordEdits.id} desc`);
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}
