// Student status moves over the API (issue 4): activate, freeze (now or scheduled), unfreeze, archive (PATCH
// /add-group/{id}/), unarchive, enrol by joining a group; the freeze job; statistics and history. Every legal
// move answers the student, every illegal one 409, bad input 400 per field, another branch 404, a missing page or
// role 403, and a failed move leaves nothing behind.
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { historyPage, statusMoveAnswer, studentStats } from '../../contract/studentStatusApi';
import { studentFreezes, studentLogs, students } from '../../server/db/schema';
import { applyFreezes } from '../../server/jobs/studentFreezes';
import { addDays } from '../../server/domain/lessons/dates';
import { moveStudentStatus } from '../../server/domain/students/statusMoves';
import { daysFromToday, eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

const V2 = '/api/api/v2/students';

describe.each(backends())('student status moves on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  async function setup() {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    return { chilonzor, director };
  }
  const row = async (id: number) => (await t.db.select().from(students).where(eq(students.id, id)))[0];
  const logs = (id: number) => t.db.select().from(studentLogs).where(eq(studentLogs.studentId, id)).orderBy(asc(studentLogs.id));
  const freezes = (id: number) => t.db.select().from(studentFreezes).where(eq(studentFreezes.studentId, id)).orderBy(asc(studentFreezes.id));
  const post = (token: string, id: number, move: string, body?: unknown) => t.call('POST', `${V2}/${id}/${move}`, { token, body });
  const archive = (token: string, id: number, reason = 'Moved abroad') =>
    t.call('PATCH', `/api/add-group/${id}/`, { token, body: { is_archived: true, reason } });
  async function activeStudent(filialId: number) {
    const s = await f.student(filialId);
    await t.db.update(students).set({ status: 'active' }).where(eq(students.id, s.id));
    return s;
  }

  it('activates a new student (logged and audited); a second activate is a 409', async () => {
    const { chilonzor, director } = await setup();
    const s = await f.student(chilonzor);
    const res = await post(director, s.id, 'activate');
    expect(res.status).toBe(200);
    expect(statusMoveAnswer.strict().parse(res.json)).toMatchObject({ id: s.id, status: 'active', move: 'activate', from_status: 'new', freeze: null });
    const [log] = await logs(s.id);
    expect(log).toMatchObject({ action: 'status.activate', fromStatus: 'new', toStatus: 'active', actorId: t.demo('DIRECTOR').id });
    expect(await t.lastAudit('student.activate', s.id)).toMatchObject({ before: { status: 'new' }, after: { status: 'active' } });
    const again = await post(director, s.id, 'activate');
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: 'errors.studentMove', status: 'active' });
  });

  it('freezes from today: the status is frozen now; unfreeze ends it yesterday and makes the student active', async () => {
    const { chilonzor, director } = await setup();
    const s = await activeStudent(chilonzor);
    const res = await post(director, s.id, 'freeze', { from_date: today(), to_date: daysFromToday(10), reason: 'Sick' });
    expect(res.status).toBe(200);
    expect(statusMoveAnswer.strict().parse(res.json)).toMatchObject({
      status: 'frozen',
      from_status: 'active',
      freeze: { from_date: today(), to_date: daysFromToday(10), ended_on: null, scheduled: false },
    });
    expect(await row(s.id)).toMatchObject({ status: 'frozen', frozenFrom: today(), frozenTo: daysFromToday(10), frozenReason: 'Sick' });
    expect(await freezes(s.id)).toMatchObject([{ fromDate: today(), toDate: daysFromToday(10), endedOn: null, reason: 'Sick', createdBy: t.demo('DIRECTOR').id }]);
    expect((await post(director, s.id, 'freeze', { from_date: today(), to_date: daysFromToday(3), reason: 'x' })).status).toBe(409);

    const un = await post(director, s.id, 'unfreeze');
    expect(un.status).toBe(200);
    expect(un.json).toMatchObject({ status: 'active', from_status: 'frozen', freeze: { ended_on: addDays(today(), -1) } });
    expect(await row(s.id)).toMatchObject({ status: 'active', frozenFrom: null, frozenTo: null, frozenReason: null });
    expect((await freezes(s.id))[0].endedOn).toBe(addDays(today(), -1));
    expect((await logs(s.id)).map((l) => l.action)).toEqual(['status.freeze', 'status.unfreeze']);
    expect((await post(director, s.id, 'unfreeze')).status).toBe(409);
  });

  it('schedules a later freeze (still active); the job starts it on its first day and ends it after its last, once', async () => {
    const { chilonzor, director } = await setup();
    const s = await activeStudent(chilonzor);
    const from = daysFromToday(3);
    const to = daysFromToday(5);
    const res = await post(director, s.id, 'freeze', { from_date: from, to_date: to, reason: 'Travel' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'active', freeze: { scheduled: true } });
    expect(await row(s.id)).toMatchObject({ status: 'active', frozenFrom: from, frozenTo: to });

    expect((await applyFreezes(t.db, daysFromToday(2))).started).not.toContain(s.id);
    expect((await row(s.id)).status).toBe('active');
    const started = await applyFreezes(t.db, from);
    expect(started.started).toContain(s.id);
    expect((await row(s.id)).status).toBe('frozen');
    expect((await applyFreezes(t.db, from)).started).not.toContain(s.id);
    expect((await applyFreezes(t.db, to)).ended).not.toContain(s.id);
    const ended = await applyFreezes(t.db, addDays(to, 1));
    expect(ended.ended).toContain(s.id);
    expect(await row(s.id)).toMatchObject({ status: 'active', frozenFrom: null, frozenTo: null });
    expect((await applyFreezes(t.db, addDays(to, 1))).ended).not.toContain(s.id);
    const auto = (await logs(s.id)).slice(1);
    expect(auto).toMatchObject([
      { action: 'status.freeze', actorId: null, fromStatus: 'active', toStatus: 'frozen', detail: { auto: true } },
      { action: 'status.unfreeze', actorId: null, fromStatus: 'frozen', toStatus: 'active', detail: { auto: true } },
    ]);
    // The freeze ran its full period: no early end.
    expect((await freezes(s.id))[0].endedOn).toBeNull();
  });

  it('cancels a scheduled freeze with unfreeze (it covers no day)', async () => {
    const { chilonzor, director } = await setup();
    const s = await activeStudent(chilonzor);
    await post(director, s.id, 'freeze', { from_date: daysFromToday(4), to_date: daysFromToday(8), reason: 'Trip' });
    const res = await post(director, s.id, 'unfreeze');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ status: 'active', from_status: 'active', freeze: { scheduled: true, ended_on: daysFromToday(3) } });
    expect((await applyFreezes(t.db, daysFromToday(4))).started).not.toContain(s.id);
    expect((await row(s.id)).status).toBe('active');
  });

  it('a new freeze replaces one that is only scheduled (the page offers it), and is refused over one that began', async () => {
    const { chilonzor, director } = await setup();
    const s = await activeStudent(chilonzor);
    await post(director, s.id, 'freeze', { from_date: daysFromToday(4), to_date: daysFromToday(8), reason: 'Trip' });
    const now = await post(director, s.id, 'freeze', { from_date: today(), to_date: daysFromToday(10), reason: 'Ill' });
    expect(now.status).toBe(200);
    expect(now.json).toMatchObject({ status: 'frozen', freeze: { from_date: today(), to_date: daysFromToday(10), scheduled: false } });
    // The scheduled one is cancelled: it covers no day.
    const all = await freezes(s.id);
    expect(all).toHaveLength(2);
    expect(all.find((f) => f.fromDate === daysFromToday(4))?.endedOn).toBe(daysFromToday(3));
    expect((await applyFreezes(t.db, daysFromToday(4))).started).not.toContain(s.id);
    // A freeze that has begun is not replaced by another.
    const again = await post(director, s.id, 'freeze', { from_date: today(), to_date: daysFromToday(2), reason: 'Again' });
    expect(again.status).toBe(409);
  });

  it('answers 400 per field for a bad freeze period or reason', async () => {
    const { chilonzor, director } = await setup();
    const s = await activeStudent(chilonzor);
    const empty = await post(director, s.id, 'freeze', {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json).sort()).toEqual(['from_date', 'reason', 'to_date']);
    const reversed = await post(director, s.id, 'freeze', { from_date: daysFromToday(5), to_date: daysFromToday(4), reason: 'x' });
    expect(reversed.status).toBe(400);
    expect(Object.keys(reversed.json)).toEqual(['to_date']);
    const long = await post(director, s.id, 'freeze', { from_date: today(), to_date: daysFromToday(180), reason: 'x' });
    expect(long.status).toBe(400);
    expect(Object.keys(long.json)).toEqual(['to_date']);
    const old = await post(director, s.id, 'freeze', { from_date: addDays(`${today().slice(0, 8)}01`, -1), to_date: daysFromToday(1), reason: 'x' });
    expect(old.status).toBe(400);
    expect(Object.keys(old.json)).toEqual(['from_date']);
    const blank = await post(director, s.id, 'freeze', { from_date: today(), to_date: 'soon', reason: '  ' });
    expect(Object.keys(blank.json).sort()).toEqual(['reason', 'to_date']);
    // 180 days exactly is fine.
    expect((await post(director, s.id, 'freeze', { from_date: today(), to_date: daysFromToday(179), reason: 'x' })).status).toBe(200);
    expect(await freezes(s.id)).toHaveLength(1);
  });

  it('answers 409 for every illegal move, changing nothing', async () => {
    const { chilonzor, director } = await setup();
    const period = { from_date: today(), to_date: daysFromToday(2), reason: 'x' };
    const testing = await f.student(chilonzor);
    await t.db.update(students).set({ status: 'testing' }).where(eq(students.id, testing.id));
    const fresh = await f.student(chilonzor);
    const active = await activeStudent(chilonzor);
    const gone = await f.student(chilonzor);
    expect((await archive(director, gone.id)).status).toBe(200);
    const cases: [number, string, unknown?][] = [
      [testing.id, 'activate'],
      [testing.id, 'freeze', period],
      [testing.id, 'unfreeze'],
      [testing.id, 'unarchive'],
      [fresh.id, 'freeze', period],
      [fresh.id, 'unfreeze'],
      [fresh.id, 'unarchive'],
      [active.id, 'activate'],
      [active.id, 'unfreeze'],
      [active.id, 'unarchive'],
      [gone.id, 'activate'],
      [gone.id, 'freeze', period],
      [gone.id, 'unfreeze'],
    ];
    for (const [id, move, body] of cases) {
      const before = await row(id);
      const res = await post(director, id, move, body);
      expect(res.status, `${before.status} ${move}`).toBe(409);
      expect(await row(id)).toEqual(before);
    }
    expect((await archive(director, gone.id)).status).toBe(409);
    expect(await logs(testing.id)).toEqual([]);
    expect(await freezes(gone.id)).toEqual([]);
  });

  it('archives keeping the status held, ends a running freeze and closes memberships today; unarchive returns there', async () => {
    const { chilonzor, director } = await setup();
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const s = await activeStudent(chilonzor);
    await f.member(s.id, group.id, daysFromToday(-20));
    await post(director, s.id, 'freeze', { from_date: today(), to_date: daysFromToday(20), reason: 'Sick' });
    const res = await archive(director, s.id, 'Left the city');
    expect(res.status).toBe(200);
    expect(await row(s.id)).toMatchObject({
      status: 'archived',
      isArchived: true,
      archivedReason: 'Left the city',
      archivedFromStatus: 'frozen',
      frozenFrom: null,
    });
    expect((await freezes(s.id))[0].endedOn).toBe(addDays(today(), -1));
    // No lesson of the group had begun today: yesterday was the last day (attendanceClock.test.ts moves the clock).
    expect(await f.membershipRows(s.id)).toMatchObject([{ leftOn: daysFromToday(-1), endReason: 'archived' }]);
    const log = (await logs(s.id)).at(-1)!;
    expect(log).toMatchObject({ action: 'status.archive', fromStatus: 'frozen', toStatus: 'archived', detail: { reason: 'Left the city', archived_from: 'frozen' } });

    const back = await post(director, s.id, 'unarchive');
    expect(back.status).toBe(200);
    expect(back.json).toMatchObject({ status: 'active', is_archived: false, from_status: 'archived' });
    expect(await row(s.id)).toMatchObject({ isArchived: false, archivedFromStatus: null, archivedReason: null });

    const fresh = await f.student(chilonzor);
    await archive(director, fresh.id);
    expect((await post(director, fresh.id, 'unarchive')).json.status).toBe('new');
  });

  it('archiving ends a scheduled freeze too', async () => {
    const { chilonzor, director } = await setup();
    const s = await activeStudent(chilonzor);
    await post(director, s.id, 'freeze', { from_date: daysFromToday(3), to_date: daysFromToday(9), reason: 'Later' });
    expect((await archive(director, s.id)).status).toBe(200);
    expect(await row(s.id)).toMatchObject({ archivedFromStatus: 'active', status: 'archived' });
    expect((await freezes(s.id))[0].endedOn).toBe(daysFromToday(2));
    expect((await applyFreezes(t.db, daysFromToday(3))).started).not.toContain(s.id);
    expect((await row(s.id)).status).toBe('archived');
  });

  it('enrols a testing student who joins a group, in the same transaction, with group.add and group.move in the history', async () => {
    const { chilonzor, director } = await setup();
    const teacher = await f.employee('TEACHER');
    const a = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const b = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const s = await f.student(chilonzor);
    await t.db.update(students).set({ status: 'testing' }).where(eq(students.id, s.id));
    expect((await t.call('POST', '/api/add-group/', { token: director, body: { student: s.id, group: a.id } })).status).toBe(201);
    expect((await row(s.id)).status).toBe('new');
    const moved = await t.call('POST', '/api/add-group/groups/update/', {
      token: director,
      body: { student: s.id, group_id: a.id, new_group_id: b.id, date: daysFromToday(1) },
    });
    expect(moved.status).toBe(200);
    expect((await logs(s.id)).map((l) => [l.action, l.fromStatus, l.toStatus])).toEqual([
      ['status.enrol', 'testing', 'new'],
      ['group.add', null, null],
      ['group.move', null, null],
    ]);

    const history = await t.call('GET', `${V2}/${s.id}/history?page_size=2`, { token: director });
    expect(history.status).toBe(200);
    const page = historyPage.strict().parse(history.json);
    expect(page.count).toBe(3);
    expect(page.next).not.toBeNull();
    expect(page.results.map((r) => r.action)).toEqual(['group.move', 'group.add']);
    expect(page.results[0]).toMatchObject({
      actor: { id: t.demo('DIRECTOR').id },
      detail: { from_group: a.id, to_group: b.id, date: daysFromToday(1), from_group_name: a.name, to_group_name: b.name },
    });
    expect(page.results[1].detail).toMatchObject({ group: a.id, date: today() });

    // A full group: the join fails, so the enrol is undone with it.
    const other = await f.student(chilonzor);
    await t.db.update(students).set({ status: 'testing' }).where(eq(students.id, other.id));
    const full = await f.group({ filialId: chilonzor, teacherId: teacher.id, capacity: 0 });
    expect((await t.call('POST', '/api/add-group/', { token: director, body: { student: other.id, group: full.id } })).status).toBe(409);
    expect((await row(other.id)).status).toBe('testing');
    expect(await logs(other.id)).toEqual([]);
  });

  it('leaves nothing half-written when a write in the move fails', async () => {
    const { chilonzor } = await setup();
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const s = await activeStudent(chilonzor);
    await f.member(s.id, group.id, daysFromToday(-3));
    const director = { id: 2_000_000, role: 'DIRECTOR' as const, filialIds: [], pages: new Set<never>() };
    // No employee has that id: the student_logs row breaks its foreign key after the memberships were closed.
    await expect(moveStudentStatus(t.db, { user: director, ip: '127.0.0.1', now: new Date() }, s.id, { type: 'archive', reason: 'x' })).rejects.toThrow();
    expect(await row(s.id)).toMatchObject({ status: 'active', isArchived: false, archivedFromStatus: null });
    expect(await f.membershipRows(s.id)).toMatchObject([{ leftOn: null, endReason: null }]);
    const [{ n }] = await t.db.select({ n: count() }).from(studentLogs).where(eq(studentLogs.studentId, s.id));
    expect(n).toBe(0);
  });

  it('keeps moves in branch scope (404) and behind student pages and office roles (403)', async () => {
    const { director } = await setup();
    const samarqand = await f.filial('Samarqand');
    const far = await activeStudent(samarqand);
    const admin = await f.employee('ADMINISTRATOR', 'Chilonzor');
    for (const move of ['activate', 'unfreeze', 'unarchive']) expect((await post(admin.token, far.id, move)).status).toBe(404);
    expect((await post(admin.token, far.id, 'freeze', { from_date: today(), to_date: today(), reason: 'x' })).status).toBe(404);
    expect((await archive(admin.token, far.id)).status).toBe(404);
    expect((await t.call('GET', `${V2}/stats/${far.id}`, { token: admin.token })).status).toBe(404);
    expect((await t.call('GET', `${V2}/${far.id}/history`, { token: admin.token })).status).toBe(404);

    const chilonzor = await f.filial('Chilonzor');
    const mine = await f.student(chilonzor);
    const teacher = await f.employee('TEACHER');
    const operator = await f.employee('CALL_OPERATOR');
    for (const token of [teacher.token, operator.token]) {
      expect((await post(token, mine.id, 'activate')).status).toBe(403);
      expect((await archive(token, mine.id)).status).toBe(403);
    }
    expect((await t.call('GET', `${V2}/${mine.id}/history`, { token: teacher.token })).status).toBe(403);
    expect((await row(mine.id)).status).toBe('new');
    expect((await post(director, 2_000_000, 'activate')).status).toBe(404);
    expect((await post(director, 0, 'activate')).status).toBe(400);
  });

  it('counts attendance, marks, groups, frozen days and days since joining, per group too', async () => {
    const { chilonzor, director } = await setup();
    const teacher = await f.employee('TEACHER');
    const a = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const b = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const s = await activeStudent(chilonzor);
    await f.member(s.id, a.id, daysFromToday(-30), daysFromToday(-11));
    await f.member(s.id, b.id, daysFromToday(-10));
    const [la1, la2] = await f.lessons(a, [daysFromToday(-20), daysFromToday(-15)]);
    const [lb1, lb2, lb3] = await f.lessons(b, [daysFromToday(-9), daysFromToday(-8), daysFromToday(-7)]);
    await f.mark(la1, s.id, 'present', 80);
    await f.mark(la2, s.id, 'absent');
    await f.mark(lb1, s.id, 'late', 91);
    await f.mark(lb2, s.id, 'excused');
    await f.mark(lb3, s.id, 'present', 70);
    await t.db.insert(studentFreezes).values([
      { studentId: s.id, filialId: chilonzor, fromDate: daysFromToday(-6), toDate: daysFromToday(-3), reason: 'a' },
      { studentId: s.id, filialId: chilonzor, fromDate: daysFromToday(-2), toDate: daysFromToday(5), endedOn: daysFromToday(-2), reason: 'b' },
      { studentId: s.id, filialId: chilonzor, fromDate: daysFromToday(4), toDate: daysFromToday(9), reason: 'later' },
    ]);
    await t.db.update(students).set({ createdAt: new Date(Date.now() - 40 * 86_400_000) }).where(eq(students.id, s.id));

    const res = await t.call('GET', `${V2}/stats/${s.id}`, { token: director });
    expect(res.status).toBe(200);
    const stats = studentStats.strict().parse(res.json);
    expect(stats).toMatchObject({
      attendance: { present: 2, late: 1, excused: 1, absent: 1 },
      lessons_attended: 3,
      average_mark: '80.33',
      groups_now: 1,
      groups_ever: 2,
      frozen_days: 5,
      // From the first membership (30 days ago), not the record made 40 days ago.
      days_since_joining: 30,
    });
    expect(stats.groups).toEqual([
      {
        group: { id: b.id, name: b.name },
        joined_on: daysFromToday(-10),
        left_on: null,
        attendance: { present: 1, late: 1, excused: 1, absent: 0 },
        lessons_attended: 2,
        average_mark: '80.50',
      },
      {
        group: { id: a.id, name: a.name },
        joined_on: daysFromToday(-30),
        left_on: daysFromToday(-11),
        attendance: { present: 1, late: 0, excused: 0, absent: 1 },
        lessons_attended: 1,
        average_mark: '80.00',
      },
    ]);
    const none = await f.student(chilonzor);
    const empty = await t.call('GET', `${V2}/stats/${none.id}`, { token: director });
    expect(empty.json).toMatchObject({ average_mark: null, groups_now: 0, groups_ever: 0, frozen_days: 0, days_since_joining: 0, groups: [] });
  });
});
