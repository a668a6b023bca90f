// Storing a branch's groups, lessons, students and memberships, then the attendance of every held lesson and the
// charges billing makes for it (contract/billing.ts: the same rule, position and month count as the charge
// sync, so a later sync finds nothing to change).
import { lessonCharge, priceAfterSale } from '../../../contract/billing';
import { toCents } from '../../../contract/money';
import type { Db } from '../../db/client';
import { TableWriter, reserveIds, type WriteMode } from './bulk';
import { chargeBalances } from './balances';
import { dateOf, monthOf, stamp } from './calendar';
import type { Branch } from './branches';
import { frozenOn, type BranchHistory, type Membership } from './history';
import { TIMES } from './plan';
import type { Rng } from './random';
import type { Reference } from './reference';

/** Per membership: what was charged each month (month number → tiyin) and the month's price after the sale. */
export type MonthlyCharges = Map<Membership, Map<number, { cents: number; firstDay: number; monthlyPrice: number }>>;

export type Writers = ReturnType<typeof makeWriters>;

export function makeWriters(db: Db, mode: WriteMode) {
  return {
    groups: new TableWriter(db, mode, 'groups', [
      ['id', 'int'], ['filial_id', 'int'], ['name', 'text'], ['course_id', 'int'], ['teacher_id', 'int'], ['room_id', 'int'],
      ['days', 'smallint[]'], ['start_time', 'time'], ['end_time', 'time'], ['start_date', 'date'], ['end_date', 'date'],
      ['price', 'numeric'], ['status', 'text'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
    ], 2_000),
    lessons: new TableWriter(db, mode, 'lessons', [
      ['id', 'int'], ['filial_id', 'int'], ['group_id', 'int'], ['date', 'date'], ['start_time', 'time'], ['end_time', 'time'],
      ['room_id', 'int'], ['teacher_id', 'int'], ['theme_id', 'int'], ['status', 'text'], ['reason', 'text'], ['created_by', 'int'],
      ['created_at', 'timestamptz'],
    ]),
    students: new TableWriter(db, mode, 'students', [
      ['id', 'int'], ['filial_id', 'int'], ['full_name', 'text'], ['phone', 'text'], ['parent_phone', 'text'], ['birth_date', 'date'],
      ['gender', 'text'], ['status', 'text'], ['is_archived', 'bool'], ['archived_reason', 'text'], ['archived_at', 'timestamptz'],
      ['archived_from_status', 'text'], ['frozen_from', 'date'], ['frozen_to', 'date'], ['frozen_reason', 'text'], ['lead_id', 'int'],
      ['created_by', 'int'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
    ], 5_000),
    memberships: new TableWriter(db, mode, 'student_groups', [
      ['id', 'int'], ['student_id', 'int'], ['group_id', 'int'], ['joined_on', 'date'], ['left_on', 'date'], ['end_reason', 'text'],
      ['moved_to_id', 'int'], ['price', 'numeric'], ['created_by', 'int'], ['created_at', 'timestamptz'],
    ]),
    freezes: new TableWriter(db, mode, 'student_freezes', [
      ['student_id', 'int'], ['filial_id', 'int'], ['from_date', 'date'], ['to_date', 'date'], ['reason', 'text'], ['created_by', 'int'], ['created_at', 'timestamptz'],
    ]),
    sales: new TableWriter(db, mode, 'student_sales', [
      ['student_id', 'int'], ['group_id', 'int'], ['filial_id', 'int'], ['sale_id', 'int'], ['from_date', 'date'], ['reason', 'text'], ['created_by', 'int'], ['created_at', 'timestamptz'],
    ]),
    studentLogs: new TableWriter(db, mode, 'student_logs', [
      ['student_id', 'int'], ['actor_id', 'int'], ['action', 'text'], ['from_status', 'text'], ['to_status', 'text'], ['detail', 'jsonb'], ['created_at', 'timestamptz'],
    ]),
    attendance: new TableWriter(db, mode, 'attendance', [
      ['lesson_id', 'int'], ['student_id', 'int'], ['status', 'text'], ['mark', 'smallint'], ['marked_by', 'int'], ['marked_at', 'timestamptz'],
    ], 20_000),
    charges: new TableWriter(db, mode, 'student_charges', [
      ['student_id', 'int'], ['group_id', 'int'], ['lesson_id', 'int'], ['filial_id', 'int'], ['date', 'date'], ['amount', 'numeric'],
      ['monthly_price', 'numeric'], ['created_at', 'timestamptz'],
    ], 20_000, chargeBalances),
  };
}

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Gives ids to the branch's groups, lessons and memberships (reserved in one block each). */
export async function assignIds(db: Db, h: BranchHistory): Promise<void> {
  let groupId = await reserveIds(db, 'groups', h.groups.length);
  let lessonId = await reserveIds(db, 'lessons', h.lessons);
  let membershipId = await reserveIds(db, 'student_groups', h.memberships.length);
  for (const g of h.groups) {
    g.id = groupId++;
    for (const l of g.lessons) l.id = lessonId++;
  }
  for (const m of h.memberships) m.id = membershipId++;
}

export async function writeGroups(w: Writers, branch: Branch, h: BranchHistory, ref: Reference, today: number): Promise<void> {
  // A group is opened two weeks before it starts, and never later than yesterday.
  const createdOf = (g: BranchHistory['groups'][number]) => stamp(Math.min(g.startDay - 14, today - 1), 11 * 60);
  for (const g of h.groups) {
    const created = createdOf(g);
    await w.groups.push(g.id, branch.id, g.name, g.course.id, g.teacherId, g.roomId, `{${g.days.join(',')}}`, TIMES[g.time][0], TIMES[g.time][1],
      g.start, g.end, g.course.price, g.status, created, created);
  }
  await w.groups.flush();
  for (const g of h.groups) {
    const created = createdOf(g);
    for (const l of g.lessons) {
      await w.lessons.push(l.id, branch.id, g.id, dateOf(l.day), TIMES[g.time][0], TIMES[g.time][1], g.roomId, g.teacherId, l.theme, l.status, l.reason, ref.directorId, created);
    }
  }
  await w.lessons.flush();
}

export async function writeStudents(w: Writers, branch: Branch, h: BranchHistory, today: number): Promise<void> {
  const actor = branch.adminId;
  for (const s of h.students) {
    const archived = s.status === 'archived';
    const current = s.freezes.find((f) => f.current);
    const created = stamp(s.created, 600 + (s.id % 480));
    const updated = archived ? stamp(s.archivedAt!, 660) : current ? stamp(current.from, 620) : created;
    await w.students.push(s.id, branch.id, s.name, s.phone, s.parentPhone, dateOf(s.birth), s.sex, s.status, archived, s.archivedReason,
      archived ? stamp(s.archivedAt!, 660) : null, s.archivedFrom, current ? dateOf(current.from) : null, current ? dateOf(current.to) : null,
      current?.reason ?? null, s.leadId, actor, created, updated);
  }
  // Parents before children: a child writer may flush a full batch while it is being filled.
  await w.students.flush();
  for (const s of h.students) {
    const archived = s.status === 'archived';
    for (const f of s.freezes) {
      const at = stamp(Math.min(f.from, today - 1), 630);
      await w.freezes.push(s.id, branch.id, dateOf(f.from), dateOf(f.to), f.reason, actor, at);
      await w.studentLogs.push(s.id, actor, 'status.freeze', 'active', f.current ? 'frozen' : 'active',
        JSON.stringify({ from_date: dateOf(f.from), to_date: dateOf(f.to), reason: f.reason, scheduled: false }), at);
    }
    if (archived) {
      const left = s.archivedFrom === 'active' ? s.memberships.filter((m) => m.endReason === 'archived').map((m) => m.group.id) : [];
      await w.studentLogs.push(s.id, actor, 'status.archive', s.archivedFrom, 'archived',
        JSON.stringify({ reason: s.archivedReason, archived_from: s.archivedFrom, left_groups: left }), stamp(s.archivedAt!, 660));
    }
  }
  for (const m of h.memberships) {
    await w.memberships.push(m.id, m.student.id, m.group.id, dateOf(m.joined), m.left === null ? null : dateOf(m.left), m.endReason,
      m.movedTo?.id ?? null, m.price, actor, stamp(Math.min(m.joined, today - 1), 610));
    if (m.saleId !== null) await w.sales.push(m.student.id, m.group.id, branch.id, m.saleId, dateOf(m.joined), 'Aka-uka', actor, stamp(Math.min(m.joined, today - 1), 615));
  }
  await w.memberships.flush();
  await w.freezes.flush();
  await w.sales.flush();
  await w.studentLogs.flush();
}

const ATTENDANCE = [['present', 78], ['late', 8], ['excused', 5], ['absent', 9]] as const;

/**
 * Attendance for every held lesson and each member that day (none while frozen), and the charges billing makes:
 * lesson `pos` of the `n` not-cancelled lessons the group has that month, at the member's monthly price after
 * their sale; an excused absence only where the branch charges it.
 */
export async function writeClasses(w: Writers, branch: Branch, h: BranchHistory, ref: Reference, rng: Rng): Promise<MonthlyCharges> {
  const monthly: MonthlyCharges = new Map();
  const chargeCache = new Map<string, string>();
  const saleOf = new Map(ref.sales.map((s) => [s.id, s]));
  for (const g of h.groups) {
    if (!g.members.length) continue;
    const open = g.lessons.filter((l) => l.status !== 'cancelled');
    const perMonth = new Map<number, number>();
    for (const l of open) perMonth.set(monthOf(l.day), (perMonth.get(monthOf(l.day)) ?? 0) + 1);
    const prices = new Map<Membership, string>();
    for (const m of g.members) {
      const sale = m.saleId === null ? null : saleOf.get(m.saleId)!;
      prices.set(m, priceAfterSale(m.price ?? g.course.price, sale && { kind: sale.kind, value: sale.value }));
    }
    let month = -1;
    let pos = 0;
    const startMinutes = minutes(TIMES[g.time][0]);
    for (const l of open) {
      const mo = monthOf(l.day);
      pos = mo === month ? pos + 1 : 1;
      month = mo;
      if (l.status !== 'held') continue;
      const n = perMonth.get(mo)!;
      const date = dateOf(l.day);
      const marked = stamp(l.day, startMinutes + 80);
      for (const m of g.members) {
        if (l.day < m.joined || (m.left !== null && l.day > m.left) || frozenOn(m.student, l.day)) continue;
        const status = rng.weighted(ATTENDANCE);
        const mark = (status === 'present' || status === 'late') && rng.chance(0.5) ? rng.int(55, 100) : null;
        await w.attendance.push(l.id, m.student.id, status, mark, g.teacherId, marked);
        if (status === 'excused' && !branch.chargeExcused) continue;
        const price = prices.get(m)!;
        const key = `${price}|${pos}|${n}`;
        let amount = chargeCache.get(key);
        if (amount === undefined) chargeCache.set(key, (amount = lessonCharge(price, pos, n)));
        await w.charges.push(m.student.id, g.id, l.id, branch.id, date, amount, price, marked);
        let months = monthly.get(m);
        if (!months) monthly.set(m, (months = new Map()));
        const got = months.get(mo);
        const cents = Number(toCents(amount));
        if (got) got.cents += cents;
        else months.set(mo, { cents, firstDay: l.day, monthlyPrice: Number(toCents(price)) });
      }
    }
  }
  await w.attendance.flush();
  await w.charges.flush();
  return monthly;
}
