// The centre's day on the clock (issue 15, section 1): a register opens at the lesson's start (Tashkent), never
// before, through the API as well as the sheet; charges exist only for lessons held and begun, whatever the job
// does; after the lesson's day only the office corrects it, logged as a correction; rosters leave out archived,
// frozen and moved-out students for lessons that begin after the change; the group header counts the next
// lesson's roster; an absent student gets no mark; charges are whole so'm. The app runs on a test clock standing
// on today's date (the seeded template's) at the hours each test sets.
import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { lessonStartsAt } from '../../contract/lessonClock';
import { lessonDetail } from '../../contract/lessons';
import { attendance, lessons, studentCharges } from '../../server/db/schema';
import { addDays, centreToday } from '../../server/domain/lessons/dates';
import { applyCharges } from '../../server/jobs/billing';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { backends, testClock, useTestApp } from './harness';

const TODAY = centreToday(new Date());
const day = (n: number) => addDays(TODAY, n);
/** The instant `time` (HH:MM) on `date` in Tashkent. */
const at = (date: string, time: string) => lessonStartsAt(date, time);
const MINUTE = 60_000;
const rowsOfResult = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;

describe.each(backends())('the day on the clock, on %s', (backend) => {
  const clock = testClock(at(TODAY, '11:46'));
  const t = useTestApp(backend, { clock, env: REAL_LOCALES });
  const f = eduFixture(t);

  beforeEach(() => clock.set(at(TODAY, '11:46')));

  /** A group at 1 000 000 a month with Ali and Vali; lessons at `time` on the given days from today. */
  async function setup(days: number[] = [0], time = '16:00') {
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    await t.db.execute(sql`update groups set price = 1000000 where id = ${group.id}`);
    const [ali, vali] = [await f.student(chilonzor, 'Ali'), await f.student(chilonzor, 'Vali')];
    await f.member(ali.id, group.id, day(-75));
    await f.member(vali.id, group.id, day(-75));
    await t.db.execute(sql`update students set status = 'active' where id in (${ali.id}, ${vali.id})`);
    const ids = await f.lessons(group, days.map(day));
    await t.db.execute(sql`update lessons set start_time = ${time}::time, end_time = ${time}::time + interval '90 minutes' where group_id = ${group.id}`);
    return { chilonzor, teacher, group, ali, vali, ids };
  }

  const put = (token: string, lesson: number, items: unknown[], headers?: Record<string, string>) =>
    t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token, body: { items }, headers });
  const get = async (token: string, lesson: number) => lessonDetail.strict().parse((await t.call('GET', `/api/lessons/${lesson}/`, { token })).json);
  const rowsOf = (lesson: number) => t.db.select().from(attendance).where(eq(attendance.lessonId, lesson));
  const chargesOf = (lesson: number) => t.db.select().from(studentCharges).where(eq(studentCharges.lessonId, lesson));
  const statusOf = async (lesson: number) => (await t.db.select({ s: lessons.status }).from(lessons).where(eq(lessons.id, lesson)))[0].s;

  it('at 11:46 a lesson at 16:00 cannot be marked: 409 saying when it opens, nothing written; at 16:00 it can', async () => {
    const { teacher, ali, vali, ids } = await setup();
    const [lesson] = ids;
    const items = [{ student: ali.id, status: 'present' }, { student: vali.id, status: 'present' }];
    const early = await put(teacher.token, lesson, items);
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ detail: 'Dars hali boshlanmagan: davomat bugun 16:00 da ochiladi', code: 'errors.attendanceOpensAt', opens_at: `${TODAY}T16:00:00+05:00` });
    expect((await put(teacher.token, lesson, items, EN)).json.detail).toBe('The lesson has not started: attendance opens today at 16:00');
    // Not even the director, not a second before the start.
    const { access_token: director } = await t.signInAs('DIRECTOR');
    clock.set(at(TODAY, '16:00'));
    clock.advance(-1000);
    expect((await put(director, lesson, items)).status).toBe(409);
    expect(await rowsOf(lesson)).toHaveLength(0);
    expect(await statusOf(lesson)).toBe('planned');
    expect(await chargesOf(lesson)).toHaveLength(0);
    expect(await get(teacher.token, lesson)).toMatchObject({ can_mark: false, locked: 'not_started', opens_at: `${TODAY}T16:00:00+05:00`, correction: false, history: [] });

    clock.advance(1000);
    expect(await get(teacher.token, lesson)).toMatchObject({ can_mark: true, locked: null });
    const res = await put(teacher.token, lesson, items);
    expect(res.status).toBe(200);
    expect(lessonDetail.strict().parse(res.json)).toMatchObject({ status: 'held', can_mark: true });
    // Marked at the clock's instant, never before the start.
    expect((await rowsOf(lesson)).map((r) => new Date(r.markedAt).toISOString())).toEqual([new Date(at(TODAY, '16:00')).toISOString(), new Date(at(TODAY, '16:00')).toISOString()]);
    expect(await chargesOf(lesson)).toHaveLength(2);
  });

  it('a lesson of a later day says the day and the hour it opens', async () => {
    const { teacher, ali, ids } = await setup([2], '09:00');
    const res = await put(teacher.token, ids[0], [{ student: ali.id, status: 'present' }]);
    expect(res.status).toBe(409);
    const [y, m, d] = day(2).split('-');
    expect(res.json.detail).toBe(`Dars hali boshlanmagan: davomat ${d}.${m}.${y} kuni 09:00 da ochiladi`);
  });

  it('no charge exists before the start, even for a lesson marked ahead by the old rules and the job running', async () => {
    const { ali, vali, ids } = await setup([-1, 0]);
    const [yesterday, todays] = ids;
    // What the old rules let through: today's 16:00 lesson marked in the morning.
    await f.mark(todays, ali.id, 'present');
    await f.mark(todays, vali.id, 'present');
    await f.mark(yesterday, ali.id, 'present');
    await applyCharges(t.db, clock.now());
    expect(await chargesOf(todays)).toHaveLength(0);
    // Yesterday's held lesson charges its whole roster (an unmarked place was kept).
    expect(await chargesOf(yesterday)).toHaveLength(2);
    clock.set(at(TODAY, '15:59'));
    await applyCharges(t.db, clock.now());
    expect(await chargesOf(todays)).toHaveLength(0);
    clock.advance(MINUTE);
    const job = await applyCharges(t.db, clock.now());
    expect(job.inserted).toBeGreaterThanOrEqual(2);
    expect(await chargesOf(todays)).toHaveLength(2);
  });

  it('the teacher marks and changes on the lesson’s day; the next day only the office corrects it, logged as a correction', async () => {
    const { teacher, ali, vali, ids } = await setup();
    const [lesson] = ids;
    clock.set(at(TODAY, '16:05'));
    expect((await put(teacher.token, lesson, [{ student: ali.id, status: 'present' }, { student: vali.id, status: 'absent' }])).status).toBe(200);
    clock.set(at(TODAY, '23:59'));
    expect((await put(teacher.token, lesson, [{ student: vali.id, status: 'late' }])).status).toBe(200);
    expect(await t.lastAudit('attendance.mark', lesson)).toMatchObject({ after: { changed: 1 } });

    clock.set(at(day(1), '08:00'));
    const closed = await put(teacher.token, lesson, [{ student: vali.id, status: 'present' }]);
    expect(closed.status).toBe(403);
    expect(closed.json.detail).toContain('davomat yopilgan');
    expect(await get(teacher.token, lesson)).toMatchObject({ can_mark: false, locked: 'closed', correction: true });

    const admin = await f.employee('ADMINISTRATOR');
    expect(await get(admin.token, lesson)).toMatchObject({ can_mark: true, locked: null, correction: true });
    const fixed = await put(admin.token, lesson, [{ student: vali.id, status: 'excused', comment: 'Kasal edi' }]);
    expect(fixed.status).toBe(200);
    expect(await t.lastAudit('attendance.correct', lesson)).toMatchObject({
      actorId: admin.id,
      before: { status: 'held', items: [{ student: vali.id, status: 'late' }] },
      after: { changed: 1, items: [{ student: vali.id, status: 'excused', comment: 'Kasal edi' }] },
    });
    const history = (await get(admin.token, lesson)).history;
    expect(history.map((h) => [h.kind, h.by?.id, h.students])).toEqual([
      ['mark', teacher.id, 2],
      ['mark', teacher.id, 1],
      ['correct', admin.id, 1],
    ]);
    expect(history[2].at).toBe(new Date(at(day(1), '08:00')).toISOString());
    // The save answers the history as a read of the lesson gives it, its own line (author's name included) last.
    expect(history[2].by?.full_name).toMatch(/^ADMINISTRATOR \+99891/);
    expect(fixed.json.history).toEqual(history);
  });

  it('a register saved twelve times answers its latest ten saves and the count of all, on read and on save alike', async () => {
    const { teacher, ali, vali, ids } = await setup();
    const [lesson] = ids;
    let saved: ReturnType<typeof lessonDetail.parse> | undefined;
    for (let i = 0; i < 12; i++) {
      clock.set(at(TODAY, `16:${String(10 + i).padStart(2, '0')}`));
      const res = await put(teacher.token, lesson, [{ student: ali.id, status: i % 2 ? 'late' : 'present' }, { student: vali.id, status: 'present' }]);
      expect(res.status).toBe(200);
      saved = lessonDetail.strict().parse(res.json);
    }
    const read = await get(teacher.token, lesson);
    expect(read.history_total).toBe(12);
    // The latest ten, oldest first: 16:12 to 16:21.
    expect(read.history.map((h) => h.at)).toEqual(Array.from({ length: 10 }, (_, i) => new Date(at(TODAY, `16:${12 + i}`)).toISOString()));
    expect(saved?.history).toEqual(read.history);
    expect(saved?.history_total).toBe(12);
  });

  it('an absent student cannot get a mark: 400 on items.N.mark, nothing written', async () => {
    const { teacher, ali, vali, ids } = await setup();
    clock.set(at(TODAY, '16:10'));
    const res = await put(teacher.token, ids[0], [{ student: ali.id, status: 'present', mark: 90 }, { student: vali.id, status: 'absent', mark: 40 }]);
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ 'items.1.mark': ['Kelmagan o‘quvchiga baho qo‘yilmaydi'] });
    expect((await put(teacher.token, ids[0], [{ student: vali.id, status: 'absent', mark: 0 }], EN)).json).toEqual({ 'items.0.mark': ['An absent student cannot get a mark'] });
    expect(await rowsOf(ids[0])).toHaveLength(0);
    expect((await put(teacher.token, ids[0], [{ student: vali.id, status: 'absent', mark: null }])).status).toBe(200);
  });

  it('archived at 11:46: off the roster of today’s 16:00 lesson and every later one, never charged for them', async () => {
    const { teacher, ali, vali, ids } = await setup([-1, 0, 1]);
    const [yesterday, todays, tomorrow] = ids;
    const { access_token: director } = await t.signInAs('DIRECTOR');
    clock.set(at(day(-1), '16:30'));
    expect((await put(director, yesterday, [{ student: ali.id, status: 'present' }, { student: vali.id, status: 'present' }])).status).toBe(200);
    clock.set(at(TODAY, '11:46'));
    expect((await t.call('PATCH', `/api/add-group/${vali.id}/`, { token: director, body: { is_archived: true, reason: 'Ko‘chib ketdi' } })).status).toBe(200);
    clock.set(at(TODAY, '16:00'));
    expect((await get(teacher.token, todays)).roster.map((r) => r.student.id)).toEqual([ali.id]);
    // Yesterday's roster keeps her: she was in the group then, and her charge stays.
    expect((await get(director, yesterday)).roster.map((r) => r.student.id).sort()).toEqual([ali.id, vali.id].sort());
    expect((await put(teacher.token, todays, [{ student: vali.id, status: 'absent' }])).json).toHaveProperty('items.0.student');
    expect((await put(teacher.token, todays, [{ student: ali.id, status: 'present' }])).status).toBe(200);
    clock.set(at(day(1), '16:00'));
    expect((await put(teacher.token, tomorrow, [{ student: ali.id, status: 'present' }])).status).toBe(200);
    await applyCharges(t.db, clock.now());
    const charged = await t.db.select({ lesson: studentCharges.lessonId }).from(studentCharges).where(eq(studentCharges.studentId, vali.id));
    expect(charged.map((c) => c.lesson)).toEqual([yesterday]);
  });

  it('archived after the lesson began: still on that lesson’s roster (and charged), not on tomorrow’s', async () => {
    const { teacher, ali, vali, ids } = await setup([0, 1]);
    const [todays, tomorrow] = ids;
    const { access_token: director } = await t.signInAs('DIRECTOR');
    clock.set(at(TODAY, '16:20'));
    expect((await t.call('PATCH', `/api/add-group/${vali.id}/`, { token: director, body: { is_archived: true, reason: 'Ketdi' } })).status).toBe(200);
    expect((await get(teacher.token, todays)).roster.map((r) => r.student.id).sort()).toEqual([ali.id, vali.id].sort());
    expect((await put(teacher.token, todays, [{ student: ali.id, status: 'present' }, { student: vali.id, status: 'present' }])).status).toBe(200);
    expect((await get(teacher.token, tomorrow)).roster.map((r) => r.student.id)).toEqual([ali.id]);
  });

  it('frozen from today: off the roster while frozen, back after; never charged for the frozen days (the freeze job too)', async () => {
    const { teacher, vali, ids } = await setup([0, 1, 2, 3]);
    const { access_token: director } = await t.signInAs('DIRECTOR');
    // Scheduled for tomorrow and the day after: the job starts it when its first day comes.
    const res = await t.call('POST', `/api/api/v2/students/${vali.id}/freeze/`, { token: director, body: { from_date: day(1), to_date: day(2), reason: 'Safar' } });
    expect(res.status).toBe(200);
    clock.set(at(TODAY, '16:00'));
    expect((await get(teacher.token, ids[0])).roster).toHaveLength(2);
    for (const [i, n] of [[1, 1], [2, 1], [3, 2]] as const) {
      clock.set(at(day(i), '00:05'));
      await t.runJobs();
      const [{ status }] = rowsOfResult(await t.db.execute(sql`select status from students where id = ${vali.id}`));
      expect(status).toBe(i === 3 ? 'active' : 'frozen');
      clock.set(at(day(i), '16:00'));
      const roster = (await get(teacher.token, ids[i])).roster.map((r) => r.student.id);
      expect(roster).toHaveLength(n);
      expect((await put(teacher.token, ids[i], roster.map((student) => ({ student, status: 'present' })))).status).toBe(200);
    }
    await applyCharges(t.db, clock.now());
    const charged = await t.db.select({ lesson: studentCharges.lessonId }).from(studentCharges).where(eq(studentCharges.studentId, vali.id));
    expect(charged.map((c) => c.lesson).sort((a, b) => a - b)).toEqual([ids[3]]);
  });

  it('unfrozen or archived after a lesson began while frozen: not put back on that lesson, never charged for it', async () => {
    const { teacher, ali, vali, ids } = await setup([0, 1]);
    const [todays, tomorrow] = ids;
    const { access_token: director } = await t.signInAs('DIRECTOR');
    // Frozen from this morning; today's 16:00 lesson is held without her.
    clock.set(at(TODAY, '10:00'));
    expect((await t.call('POST', `/api/api/v2/students/${vali.id}/freeze/`, { token: director, body: { from_date: TODAY, to_date: day(5), reason: 'Safar' } })).status).toBe(200);
    clock.set(at(TODAY, '16:05'));
    expect((await get(teacher.token, todays)).roster.map((r) => r.student.id)).toEqual([ali.id]);
    expect((await put(teacher.token, todays, [{ student: ali.id, status: 'present' }])).status).toBe(200);
    // Back at 20:00: from tomorrow's lesson on, not on the register of the lesson held while she was frozen.
    clock.set(at(TODAY, '20:00'));
    const back = await t.call('POST', `/api/api/v2/students/${vali.id}/unfreeze/`, { token: director, body: {} });
    expect(back.status).toBe(200);
    expect(back.json.freeze).toMatchObject({ ended_on: TODAY });
    await applyCharges(t.db, clock.now());
    expect((await get(director, todays)).roster.map((r) => r.student.id)).toEqual([ali.id]);
    expect((await chargesOf(todays)).map((c) => c.studentId)).toEqual([ali.id]);
    clock.set(at(day(1), '16:00'));
    expect((await get(teacher.token, tomorrow)).roster.map((r) => r.student.id).sort()).toEqual([ali.id, vali.id].sort());

    // Frozen again from tomorrow's start, then archived at 16:30: the lesson held without her stays without her.
    clock.set(at(day(1), '15:00'));
    const other = await setup([1]);
    await t.call('POST', `/api/api/v2/students/${other.vali.id}/freeze/`, { token: director, body: { from_date: day(1), to_date: day(4), reason: 'Kasal' } });
    clock.set(at(day(1), '16:30'));
    expect((await put(other.teacher.token, other.ids[0], [{ student: other.ali.id, status: 'present' }])).status).toBe(200);
    expect((await t.call('PATCH', `/api/add-group/${other.vali.id}/`, { token: director, body: { is_archived: true, reason: 'Ketdi' } })).status).toBe(200);
    await applyCharges(t.db, clock.now());
    expect((await chargesOf(other.ids[0])).map((c) => c.studentId)).toEqual([other.ali.id]);
  });

  it('frozen from today after today’s lesson began: the freeze starts tomorrow, the lesson keeps her and her charge', async () => {
    const { teacher, ali, vali, ids } = await setup([0, 1]);
    const [todays, tomorrow] = ids;
    const { access_token: director } = await t.signInAs('DIRECTOR');
    clock.set(at(TODAY, '16:10'));
    expect((await put(teacher.token, todays, [{ student: ali.id, status: 'present' }, { student: vali.id, status: 'present' }])).status).toBe(200);
    clock.set(at(TODAY, '19:00'));
    const frozen = await t.call('POST', `/api/api/v2/students/${vali.id}/freeze/`, { token: director, body: { from_date: TODAY, to_date: day(5), reason: 'Safar' } });
    expect(frozen.status).toBe(200);
    expect(frozen.json.freeze).toMatchObject({ from_date: day(1), scheduled: true });
    await applyCharges(t.db, clock.now());
    expect((await get(director, todays)).roster.map((r) => r.student.id).sort()).toEqual([ali.id, vali.id].sort());
    expect((await chargesOf(todays)).map((c) => c.studentId).sort()).toEqual([ali.id, vali.id].sort());
    clock.set(at(day(1), '16:00'));
    expect((await get(teacher.token, tomorrow)).roster.map((r) => r.student.id)).toEqual([ali.id]);
    // A freeze of today alone, asked for after the lesson: no day is left to freeze.
    const other = await setup([1]);
    clock.set(at(day(1), '19:00'));
    const none = await t.call('POST', `/api/api/v2/students/${other.vali.id}/freeze/`, { token: director, body: { from_date: day(1), to_date: day(1), reason: 'Kasal' } });
    expect([none.status, none.json.code]).toEqual([409, 'errors.freezeNoDayLeft']);
  });

  it('moved out today: not on the old group’s 16:00 roster nor charged for it; on the new group’s', async () => {
    const { chilonzor, teacher, ali, vali, group, ids } = await setup([0]);
    const other = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const [otherLesson] = await f.lessons(other, [day(1)]);
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const moved = await t.call('POST', '/api/add-group/groups/update/', { token: director, body: { student: vali.id, group_id: group.id, new_group_id: other.id } });
    expect(moved.status).toBe(200);
    clock.set(at(TODAY, '16:00'));
    expect((await get(teacher.token, ids[0])).roster.map((r) => r.student.id)).toEqual([ali.id]);
    expect((await put(teacher.token, ids[0], [{ student: ali.id, status: 'present' }])).status).toBe(200);
    expect((await chargesOf(ids[0])).map((c) => c.studentId)).toEqual([ali.id]);
    expect((await get(teacher.token, otherLesson)).roster.map((r) => r.student.id)).toEqual([vali.id]);
  });

  it('the group header’s student count is the roster of its next lesson', async () => {
    const { chilonzor, teacher, group, ali, vali, ids } = await setup([0, 1, 2]);
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const [frozen, archived, mover, latecomer] = await Promise.all(['Frozen', 'Archived', 'Mover', 'Latecomer'].map((n) => f.student(chilonzor, n)));
    for (const s of [frozen, archived, mover]) await f.member(s.id, group.id, day(-40));
    await t.db.execute(sql`update students set status = 'active' where id = ${frozen.id}`);
    await f.member(latecomer.id, group.id, day(2));
    const other = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    expect((await t.call('POST', `/api/api/v2/students/${frozen.id}/freeze/`, { token: director, body: { from_date: TODAY, to_date: day(1), reason: 'Kasal' } })).status).toBe(200);
    expect((await t.call('PATCH', `/api/add-group/${archived.id}/`, { token: director, body: { is_archived: true, reason: 'Ketdi' } })).status).toBe(200);
    expect((await t.call('POST', '/api/add-group/groups/update/', { token: director, body: { student: mover.id, group_id: group.id, new_group_id: other.id } })).status).toBe(200);

    const header = async () => (await t.call('GET', `/api/groups/${group.id}/`, { token: teacher.token })).json.students_count as number;
    const stats = async () =>
      ((await t.call('GET', `/api/api/v2/studentgroups/stats/?filial=${chilonzor}`, { token: director })).json as { group: { id: number }; students_count: number }[]).find(
        (s) => s.group.id === group.id,
      )?.students_count;
    for (const [time, next] of [[at(TODAY, '11:46'), ids[0]], [at(TODAY, '16:00'), ids[1]], [at(day(1), '17:00'), ids[2]]] as const) {
      clock.set(time);
      const roster = (await get(teacher.token, next)).roster.map((r) => r.student.id);
      expect(await header()).toBe(roster.length);
      expect(await stats()).toBe(roster.length);
    }
    // Today and tomorrow: Ali and Vali (the frozen one is off until the day after); then the frozen one is back and the latecomer joins.
    clock.set(at(TODAY, '11:46'));
    expect((await get(teacher.token, ids[0])).roster.map((r) => r.student.id).sort()).toEqual([ali.id, vali.id].sort());
    expect((await get(teacher.token, ids[2])).roster.map((r) => r.student.id).sort()).toEqual([ali.id, vali.id, frozen.id, latecomer.id].sort());
  });

  it('whole so’m: 1 000 000 over a month of three lessons charges 333 333, 333 333 and 333 334; no balance shows tiyin', async () => {
    // Last month, always complete: its three lessons are the month's, marked (as corrections) by the director.
    const firstOfLast = `${addDays(`${TODAY.slice(0, 7)}-01`, -1).slice(0, 7)}-`;
    const offset = (date: string) => Math.round((Date.parse(date) - Date.parse(TODAY)) / 86_400_000);
    const { ali, vali, ids } = await setup([3, 10, 17].map((d) => offset(`${firstOfLast}${String(d).padStart(2, '0')}`)));
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const balances: string[] = [];
    for (const lesson of ids) {
      expect((await put(director, lesson, [{ student: ali.id, status: 'present' }, { student: vali.id, status: 'absent' }])).status).toBe(200);
      balances.push((await t.call('GET', `/api/students/${ali.id}/`, { token: director })).json.balance);
    }
    expect(balances).toEqual(['-333333.00', '-666666.00', '-1000000.00']);
    expect((await chargesOf(ids[2])).map((c) => c.amount)).toEqual(['333334.00', '333334.00']);
  });

  it('the demo centre holds no charge and no balance with tiyin', async () => {
    const fraction = async (table: string, column: string) =>
      Number(rowsOfResult(await t.db.execute(sql`select count(*)::int as n from ${sql.raw(table)} where ${sql.raw(column)} <> trunc(${sql.raw(column)})`))[0].n);
    expect(await fraction('student_charges', 'amount')).toBe(0);
    expect(await fraction('student_balances', 'balance')).toBe(0);
  });
});
