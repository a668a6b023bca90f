// Monitoring over the API (issue 6): GET /monitoring/today/ on a branch-day fixture at a fixed "now" (lessons now,
// next, later and done with attendance marked or missing and late teachers; the late list; free rooms) and
// GET /monitoring/dropouts/ (absences in a row, a balance below the next lesson's charge, with the frozen, the
// archived, the left, a 100% sale and broken streaks left out); 400 per field, 403 without the page, 404 abroad.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonCharge } from '../../contract/billing';
import { dropoutsPage, monitoringToday, type MonitoringToday } from '../../contract/monitoring';
import { tashkentInstant } from '../../contract/timetracker';
import {
  employeeFilials,
  employeeProfiles,
  filials,
  groups,
  lessons,
  sales,
  studentFreezes,
  studentSales,
  students,
  timeRecords,
  vouchers,
} from '../../server/db/schema';
import { daysFromToday, eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

let serial = 0;
const tag = () => `${process.pid % 1000}m${(serial += 1)}`;

describe.each(backends())('monitoring on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;

  async function branch() {
    const [row] = await t.db.insert(filials).values({ name: `Monitoring ${tag()}` }).returning({ id: filials.id });
    return row.id;
  }
  type Group = Awaited<ReturnType<typeof f.group>>;
  async function lesson(g: Group, start: string, end: string, extra: Partial<typeof lessons.$inferInsert> = {}) {
    const [row] = await t.db
      .insert(lessons)
      .values({ filialId: g.filialId, groupId: g.id, date: today(), startTime: start, endTime: end, roomId: g.roomId, teacherId: g.teacherId, ...extra })
      .returning({ id: lessons.id });
    return row.id;
  }
  async function arrived(employeeId: number, filialId: number, clock: string, late = 0) {
    await t.db.insert(timeRecords).values({ employeeId, filialId, day: today(), arrivedAt: new Date(tashkentInstant(today(), clock)), lateMinutes: late });
  }
  async function staffOf(filialId: number, workStart: string | null) {
    const person = await f.employee('TEACHER');
    await t.db.insert(employeeFilials).values({ employeeId: person.id, filialId });
    await t.db.insert(employeeProfiles).values({ employeeId: person.id, workStart, workDays: [1, 2, 3, 4, 5, 6, 7] });
    return person.id;
  }

  /** The branch's day at 16:10 Tashkent. */
  async function dayFixture() {
    const F = await branch();
    const T1 = (await f.employee('TEACHER')).id;
    const T2 = (await f.employee('TEACHER')).id;
    const R3 = await f.room(F);
    const A = await f.group({ filialId: F, teacherId: T1 });
    const B = await f.group({ filialId: F, teacherId: T2 });
    const now = await lesson(A, '16:00', '17:30');
    const next = await lesson(B, '17:30', '19:00');
    const later = await lesson(A, '19:00', '20:00', { kind: 'extra' });
    const done = await lesson(B, '09:00', '10:30', { kind: 'extra' });
    await lesson(A, '16:00', '17:00', { kind: 'extra', roomId: R3, status: 'cancelled', reason: 'x' });
    const members = [];
    for (let i = 0; i < 3; i++) {
      const s = await f.student(F);
      members.push(s.id);
      await f.member(s.id, A.id, daysFromToday(-10));
      await f.member(s.id, B.id, daysFromToday(-10));
    }
    // One who left A yesterday and one who joins B tomorrow are not expected today.
    const gone = await f.student(F);
    await f.member(gone.id, A.id, daysFromToday(-10), daysFromToday(-1));
    const coming = await f.student(F);
    await f.member(coming.id, B.id, daysFromToday(1));
    await f.mark(now, members[0], 'present');
    for (const s of members) await f.mark(done, s, s === members[1] ? 'absent' : 'present');
    await arrived(T1, F, '16:05');
    await arrived(T2, F, '08:50');
    const T3 = await staffOf(F, '09:00'); // works today, not here yet
    const T4 = await staffOf(F, '09:00');
    await arrived(T4, F, '09:20', 20);
    const T5 = await staffOf(F, '18:00'); // starts later: not late
    return { F, T1, T2, T3, T4, T5, A, B, R3, ids: { now, next, later, done } };
  }

  const read = async (tk: string, query: string) => {
    const res = await t.call('GET', `/api/monitoring/today/?${query}`, { token: tk });
    expect(res.status, res.text).toBe(200);
    return monitoringToday.strict().parse(res.json) as MonitoringToday;
  };

  it('shows the branch’s lessons by part of the day with attendance, late teachers and free rooms', async () => {
    const w = await dayFixture();
    const at = encodeURIComponent(tashkentInstant(today(), '16:10'));
    const day = await read(await token('DIRECTOR'), `filial=${w.F}&at=${at}`);
    expect(day).toMatchObject({ filial: w.F, date: today(), time: '16:10' });
    expect(day.lessons.now.map((l) => l.id)).toEqual([w.ids.now]);
    expect(day.lessons.next.map((l) => l.id)).toEqual([w.ids.next]);
    expect(day.lessons.later.map((l) => l.id)).toEqual([w.ids.later]);
    expect(day.lessons.done.map((l) => l.id)).toEqual([w.ids.done]);
    expect(day.lessons.now[0]).toMatchObject({
      group: { id: w.A.id, name: w.A.name },
      room: { id: w.A.roomId },
      teacher: { id: w.T1 },
      start_time: '16:00',
      end_time: '17:30',
      status: 'held',
      expected: 3,
      marked: 1,
      missing: 2,
      attendance_missing: true,
      // Arrived at 16:05 for a 16:00 lesson.
      teacher_late: true,
    });
    expect(Date.parse(day.lessons.now[0].teacher_arrived_at!)).toBe(Date.parse(tashkentInstant(today(), '16:05')));
    // B tomorrow's joiner is not expected; the lesson has not started: nothing missing yet, nobody late.
    expect(day.lessons.next[0]).toMatchObject({ expected: 3, marked: 0, missing: 3, attendance_missing: false, teacher_late: false, status: 'planned' });
    expect(day.lessons.done[0]).toMatchObject({ kind: 'extra', expected: 3, marked: 3, missing: 0, attendance_missing: false, teacher_late: false });

    const late = new Map(day.teachers_late.map((r) => [r.employee.id, r]));
    expect([...late.keys()].sort()).toEqual([w.T1, w.T3, w.T4].sort());
    // Not arrived first: T3, due 09:00, 430 minutes so far.
    expect(day.teachers_late[0]).toMatchObject({ employee: { id: w.T3, role: 'TEACHER' }, expected_at: '09:00', arrived_at: null, late_minutes: 430 });
    expect(late.get(w.T4)).toMatchObject({ expected_at: '09:00', late_minutes: 20 });
    expect(late.get(w.T1)).toMatchObject({ expected_at: '16:00', late_minutes: 5 });

    // A's room is busy now; B's is free until 17:30; R3's only lesson is cancelled.
    const free = new Map(day.rooms_free.map((r) => [r.room.id, r]));
    expect(free.has(w.A.roomId)).toBe(false);
    expect(free.get(w.B.roomId)).toMatchObject({ busy_from: '17:30', next_group: { id: w.B.id, name: w.B.name } });
    expect(free.get(w.R3)).toMatchObject({ busy_from: null, next_group: null, room: { capacity: 12 } });

    // At 17:35 the first lesson is over, the second started with no attendance and its teacher long arrived.
    const later = await read(await token('DIRECTOR'), `filial=${w.F}&at=${encodeURIComponent(tashkentInstant(today(), '17:35'))}`);
    expect(later.lessons.now.map((l) => l.id)).toEqual([w.ids.next]);
    expect(later.lessons.now[0]).toMatchObject({ attendance_missing: true, teacher_late: false });
    expect(later.lessons.done.map((l) => l.id)).toEqual([w.ids.done, w.ids.now]);
    expect(later.lessons.next.map((l) => l.id)).toEqual([w.ids.later]);
    expect(later.lessons.later).toEqual([]);
  });

  it('lists students with absences in a row or a balance below the next lesson’s charge', async () => {
    const G = await branch();
    const T = (await f.employee('TEACHER')).id;
    const D = await f.group({ filialId: G, teacherId: T });
    await t.db.update(groups).set({ price: '600000.00' }).where(eq(groups.id, D.id));
    const past = [-3, -2, -1].map((n) => daysFromToday(n));
    const ahead = [1, 2].map((n) => daysFromToday(n));
    const held = await f.lessons(D, past);
    await f.lessons(D, ahead);
    const student = async (name: string, marks: ('present' | 'absent' | 'late' | 'excused')[], credit: string | null) => {
      const s = await f.student(G, name);
      await f.member(s.id, D.id, daysFromToday(-20));
      for (const [i, m] of marks.entries()) await f.mark(held[i], s.id, m);
      if (credit) await t.db.insert(vouchers).values({ studentId: s.id, groupId: D.id, filialId: G, amount: credit });
      return s;
    };
    const rich = '5000000.00';
    const word = `Drop${tag().replace(/\D/g, '')}`;
    const S1 = await student(`${word} A absent twice`, ['present', 'absent', 'absent'], rich);
    await student(`${word} B broken streak`, ['absent', 'present', 'absent'], rich);
    await student(`${word} C excused`, ['absent', 'excused', 'absent'], rich);
    const S4 = await student(`${word} D archived`, ['absent', 'absent', 'absent'], null);
    await t.db.update(students).set({ isArchived: true }).where(eq(students.id, S4.id));
    const S5 = await student(`${word} E low balance`, ['present', 'present', 'present'], '100000.00');
    const S6 = await student(`${word} F frozen`, ['present', 'present', 'present'], null);
    await t.db.insert(studentFreezes).values({ studentId: S6.id, filialId: G, fromDate: ahead[0], toDate: ahead[1], reason: 'trip' });
    const S7 = await student(`${word} G full sale`, ['present', 'present', 'present'], null);
    const [sale] = await t.db.insert(sales).values({ name: `Free ${word}`, kind: 'percent', value: '100.00' }).returning({ id: sales.id });
    await t.db.insert(studentSales).values({ studentId: S7.id, groupId: D.id, filialId: G, saleId: sale.id, fromDate: daysFromToday(-20) });
    const S8 = await f.student(G, `${word} H left`);
    await f.member(S8.id, D.id, daysFromToday(-20), daysFromToday(-1));
    const S9 = await student(`${word} I owes and misses`, ['absent', 'absent', 'absent'], null);

    // The next lesson's charge: its place among the group's lessons of its month.
    const monthOf = ahead[0].slice(0, 7);
    const inMonth = [...past, ...ahead].filter((d) => d.startsWith(monthOf)).sort();
    const charge = lessonCharge('600000.00', inMonth.indexOf(ahead[0]) + 1, inMonth.length);

    const director = await token('DIRECTOR');
    const res = await t.call('GET', `/api/monitoring/dropouts/?filial=${G}`, { token: director });
    expect(res.status, res.text).toBe(200);
    const page = dropoutsPage.strict().parse(res.json);
    expect(page.results.map((r) => r.student.id)).toEqual([S9.id, S1.id, S5.id]);
    expect(page.count).toBe(3);
    expect(page.results[0]).toEqual({
      student: { id: S9.id, full_name: S9.full_name, phone: S9.phone, parent_phone: null },
      filial: G,
      group: { id: D.id, name: D.name },
      reasons: ['absences', 'balance'],
      absences_in_row: 3,
      balance: '0.00',
      next_charge: charge,
      next_lesson_date: ahead[0],
    });
    expect(page.results[1]).toMatchObject({ reasons: ['absences'], absences_in_row: 2, balance: rich });
    expect(page.results[2]).toMatchObject({ reasons: ['balance'], absences_in_row: 0, balance: '100000.00', next_charge: charge });

    const second = dropoutsPage.parse((await t.call('GET', `/api/monitoring/dropouts/?filial=${G}&page=2&page_size=2`, { token: director })).json);
    expect([second.count, second.results.map((r) => r.student.id), second.next]).toEqual([3, [S5.id], null]);
    const past3 = dropoutsPage.parse((await t.call('GET', `/api/monitoring/dropouts/?filial=${G}&page=9`, { token: director })).json);
    expect([past3.count, past3.results]).toEqual([3, []]);
  });

  it('answers 403 without a monitoring page, 404 for a branch outside the scope, 400 per field', async () => {
    const F = await branch();
    for (const path of ['today', 'dropouts']) {
      expect((await t.call('GET', `/api/monitoring/${path}/?filial=${F}`, { token: await token('TEACHER') })).status).toBe(403);
      expect((await t.call('GET', `/api/monitoring/${path}/?filial=${F}`, { token: await token('CALL_OPERATOR') })).status).toBe(403);
      // The monitoring manager works in Chilonzor only.
      expect((await t.call('GET', `/api/monitoring/${path}/?filial=${F}`, { token: await token('MONITORING_MANAGER') })).status).toBe(404);
      expect((await t.call('GET', `/api/monitoring/${path}/?filial=${F}`)).status).toBe(401);
    }
    const chilonzor = await f.filial('Chilonzor');
    expect((await t.call('GET', `/api/monitoring/today/?filial=${chilonzor}`, { token: await token('MONITORING_MANAGER') })).status).toBe(200);
    expect((await t.call('GET', `/api/monitoring/dropouts/?filial=${chilonzor}`, { token: await token('MONITORING_MANAGER') })).status).toBe(200);
    const director = await token('DIRECTOR');
    const bad = await t.call('GET', '/api/monitoring/today/?at=yesterday', { token: director });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['at', 'filial']);
    const badPage = await t.call('GET', '/api/monitoring/dropouts/?filial=x&page=0&page_size=500', { token: director });
    expect(badPage.status).toBe(400);
    expect(Object.keys(badPage.json).sort()).toEqual(['filial', 'page', 'page_size']);
  });
});
