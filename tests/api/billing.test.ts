// Student billing through the API: held lessons charge the monthly price over the month's lessons, never before
// joining, after leaving or while frozen; a cancelled lesson re-divides the month; a mid-month move splits it; a
// sale reduces it; the branch's excused switch; vouchers; the sync and the job are idempotent.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentBalances, studentChargesPage, studentPaymentsPage } from '../../contract/sales';
import { studentDetail } from '../../contract/students';
import { filials, groups, lessons as lessonsTable, studentCharges, studentFreezes, students } from '../../server/db/schema';
import { syncCharges } from '../../server/domain/billing/charges';
import { addDays } from '../../server/domain/lessons/dates';
import { applyCharges } from '../../server/jobs/billing';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { backends, testClock, useTestApp } from './harness';
import { lessonStartsAt } from '../../contract/lessonClock';

/** Day `d` of last month (always complete, always inside the job's 40-day window). */
const lastMonth = (d: number) => `${addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7)}-${String(d).padStart(2, '0')}`;

describe.each(backends())('billing on %s', (backend) => {
  // 21:45 today: the fixture lessons (20:00) of today have begun, whatever the hour the suite runs at.
  const t = useTestApp(backend, { env: REAL_LOCALES, clock: testClock(lessonStartsAt(today(), '21:45')) });
  const f = eduFixture(t);

  /** A group at 500 000 a month with four regular lessons last month (3rd, 10th, 17th, 24th); Ali joined on the 1st. */
  async function setup() {
    const filialId = await f.filial('Chilonzor');
    const manager = await f.employee('FILIAL_Manager');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId, teacherId: teacher.id });
    const lessons = await f.lessons(group, [lastMonth(3), lastMonth(10), lastMonth(17), lastMonth(24)]);
    const ali = await f.student(filialId, 'Ali');
    const membership = await f.member(ali.id, group.id, lastMonth(1));
    return { filialId, manager, teacher, group, lessons, ali, membership };
  }

  const mark = (token: string, lesson: number, student: number, status = 'present') =>
    t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token, body: { items: [{ student, status }] } });

  async function balance(token: string, student: number) {
    const res = await t.call('GET', `/api/students/${student}/`, { token });
    expect(res.status).toBe(200);
    return (res.json as { balance: string }).balance;
  }

  async function charges(token: string, student: number) {
    const res = await t.call('GET', `/api/students/${student}/charges/`, { token });
    expect(res.status).toBe(200);
    return studentChargesPage.strict().parse(res.json);
  }

  it('marking attendance charges a quarter of the price; marking again and syncing again change nothing', async () => {
    const { manager, lessons, ali, group, membership } = await setup();
    expect((await mark(manager.token, lessons[0], ali.id)).status).toBe(200);
    expect(await balance(manager.token, ali.id)).toBe('-125000.00');
    expect((await mark(manager.token, lessons[0], ali.id, 'late')).status).toBe(200);
    const page = await charges(manager.token, ali.id);
    expect(page.count).toBe(1);
    expect(page.total).toBe('125000.00');
    expect(page.results[0]).toMatchObject({ lesson: lessons[0], date: lastMonth(3), group: { id: group.id }, amount: '125000.00', monthly_price: '500000.00' });
    // The card's membership balance and the per-group balances agree.
    const card = studentDetail.parse((await t.call('GET', `/api/students/${ali.id}/`, { token: manager.token })).json);
    expect(card.memberships.map((m) => [m.id, m.balance])).toEqual([[membership, '-125000.00']]);
    // The list's balance and its debtor filter read the same.
    const debtors = (await t.call('GET', `/api/students/?balance_status=debtor&q=Ali&page_size=100`, { token: manager.token })).json as { results: { id: number; balance: string }[] };
    expect(debtors.results.find((r) => r.id === ali.id)?.balance).toBe('-125000.00');
    const balances = studentBalances.strict().parse((await t.call('GET', `/api/students/${ali.id}/balances/`, { token: manager.token })).json);
    expect(balances).toMatchObject({ total: '-125000.00', groups: [{ group: { id: group.id }, balance: '-125000.00', is_member: true, running_sale: null }] });
    // Idempotent: the sync and the job find nothing to do (the first job run charges whatever the demo data holds).
    expect(await t.db.transaction((tx) => syncCharges(tx, { groupIds: [group.id] }, t.clock.now()))).toEqual({ inserted: 0, updated: 0, deleted: 0 });
    await applyCharges(t.db, t.clock.now());
    const job = await applyCharges(t.db, t.clock.now());
    expect([job.inserted, job.updated, job.deleted]).toEqual([0, 0, 0]);
  });

  it('the job puts back a charge that went missing', async () => {
    const { manager, lessons, ali } = await setup();
    await mark(manager.token, lessons[1], ali.id);
    await t.db.delete(studentCharges).where(eq(studentCharges.studentId, ali.id));
    expect(await balance(manager.token, ali.id)).toBe('0.00');
    const job = await applyCharges(t.db, t.clock.now());
    expect(job.inserted).toBeGreaterThanOrEqual(1);
    expect(await balance(manager.token, ali.id)).toBe('-125000.00');
  });

  it('the job in batches of groups puts back every charge of every group as it was', async () => {
    const { manager, lessons, ali } = await setup();
    await mark(manager.token, lessons[1], ali.id);
    await applyCharges(t.db, t.clock.now());
    const snapshot = async () =>
      (await t.db.select({ s: studentCharges.studentId, g: studentCharges.groupId, l: studentCharges.lessonId, a: studentCharges.amount }).from(studentCharges))
        .map((c) => `${c.s}:${c.g}:${c.l}:${c.a}`)
        .sort();
    const before = await snapshot();
    expect(new Set(before.map((k) => k.split(':')[1])).size).toBeGreaterThan(2); // charges of several groups: several batches of two
    await t.db.delete(studentCharges);
    const job = await applyCharges(t.db, t.clock.now(), 2);
    expect(job.inserted).toBe(before.length);
    expect(await snapshot()).toEqual(before);
  });

  it('cancelling a lesson of the month divides the price over the lessons left', async () => {
    const { manager, lessons, ali } = await setup();
    await mark(manager.token, lessons[0], ali.id);
    const res = await t.call('PATCH', `/api/lessons/${lessons[3]}/`, { token: manager.token, body: { status: 'cancelled', reason: 'Holiday' } });
    expect(res.status).toBe(200);
    // Whole so'm: 166 666 for the first of three lessons (the last two take 166 667).
    expect(await balance(manager.token, ali.id)).toBe('-166666.00');
    // The month's three lessons add up to exactly the price.
    await mark(manager.token, lessons[1], ali.id);
    await mark(manager.token, lessons[2], ali.id);
    expect(await balance(manager.token, ali.id)).toBe('-500000.00');
  });

  it('no charge before joining, after leaving, or on frozen days; an unexcused absence is charged', async () => {
    const { manager, lessons, ali, group, filialId } = await setup();
    const late = await f.student(filialId, 'Late joiner');
    await f.member(late.id, group.id, lastMonth(15));
    await t.db.insert(studentFreezes).values({ studentId: ali.id, filialId, fromDate: lastMonth(9), toDate: lastMonth(11), reason: 'Trip' });
    for (const lesson of lessons) {
      // Ali is frozen on the 10th: nobody is on that lesson's roster, so it is held with nobody to mark.
      if (lesson === lessons[1]) {
        await t.db.update(lessonsTable).set({ status: 'held' }).where(eq(lessonsTable.id, lesson));
        continue;
      }
      const items = [{ student: ali.id, status: 'absent' }, ...(lesson >= lessons[2] ? [{ student: late.id, status: 'present' }] : [])];
      expect((await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: manager.token, body: { items } })).status).toBe(200);
    }
    // Ali: 3rd, 17th, 24th (the 10th was frozen); the late joiner: 17th and 24th.
    expect((await charges(manager.token, ali.id)).results.map((c) => c.date)).toEqual([lastMonth(24), lastMonth(17), lastMonth(3)]);
    expect(await balance(manager.token, ali.id)).toBe('-375000.00');
    expect(await balance(manager.token, late.id)).toBe('-250000.00');
    // A freeze ended early (ended_on before the 10th) gives the day back at the next sync.
    await t.db.update(studentFreezes).set({ endedOn: lastMonth(8) }).where(eq(studentFreezes.studentId, ali.id));
    await applyCharges(t.db, t.clock.now());
    expect(await balance(manager.token, ali.id)).toBe('-500000.00');
  });

  it('freezing from today after today’s lesson was held with the student begins tomorrow and keeps its charge', async () => {
    const { manager, group, ali } = await setup();
    await t.db.update(students).set({ status: 'active' }).where(eq(students.id, ali.id));
    const [todays] = await f.lessons(group, [today()]);
    await mark(manager.token, todays, ali.id);
    const charged = await balance(manager.token, ali.id);
    expect(charged.startsWith('-')).toBe(true);
    const res = await t.call('POST', `/api/api/v2/students/${ali.id}/freeze`, {
      token: manager.token,
      body: { from_date: today(), to_date: addDays(today(), 10), reason: 'Sick' },
    });
    expect(res.status).toBe(200);
    expect(res.json.freeze).toMatchObject({ from_date: addDays(today(), 1), scheduled: true });
    expect(await balance(manager.token, ali.id)).toBe(charged);
  });

  it('a mid-month move charges each group for its own lessons', async () => {
    const { manager, lessons, ali, group, filialId, teacher } = await setup();
    const other = await f.group({ filialId, teacherId: teacher.id });
    await t.db.update(groups).set({ price: '800000.00' }).where(eq(groups.id, other.id));
    const otherLessons = await f.lessons(other, [lastMonth(3), lastMonth(10), lastMonth(17), lastMonth(24)]);
    await mark(manager.token, lessons[0], ali.id);
    await mark(manager.token, lessons[1], ali.id);
    const moved = await t.call('POST', '/api/add-group/groups/update/', {
      token: manager.token,
      body: { student: ali.id, group_id: group.id, new_group_id: other.id, date: lastMonth(15) },
    });
    expect(moved.status).toBe(200);
    await mark(manager.token, otherLessons[2], ali.id);
    await mark(manager.token, otherLessons[3], ali.id);
    const balances = studentBalances.parse((await t.call('GET', `/api/students/${ali.id}/balances/`, { token: manager.token })).json);
    const byGroup = Object.fromEntries(balances.groups.map((g) => [g.group.id, g.balance]));
    expect(byGroup[group.id]).toBe('-250000.00');
    expect(byGroup[other.id]).toBe('-400000.00');
    expect(balances.total).toBe('-650000.00');
  });

  it('the excused switch: charged by default, not once the branch turns it off, charged again when back on', async () => {
    const { manager, lessons, ali, filialId } = await setup();
    const director = await t.signInAs('DIRECTOR');
    try {
      await mark(manager.token, lessons[0], ali.id, 'excused');
      expect(await balance(manager.token, ali.id)).toBe('-125000.00');
      const off = await t.call('PATCH', '/api/finance/settings/', { token: director.access_token, body: { filial: filialId, charge_excused: false } });
      expect(off.status).toBe(200);
      expect(off.json).toEqual({ filial: filialId, charge_excused: false });
      expect(await balance(manager.token, ali.id)).toBe('0.00');
      expect((await t.call('GET', `/api/finance/settings/?filial=${filialId}`, { token: director.access_token })).json).toEqual({ filial: filialId, charge_excused: false });
      // A manager has no control page: 403.
      expect((await t.call('PATCH', '/api/finance/settings/', { token: manager.token, body: { filial: filialId, charge_excused: true } })).status).toBe(403);
      expect((await t.call('PATCH', '/api/finance/settings/', { token: director.access_token, body: { filial: filialId } })).status).toBe(400);
      await t.call('PATCH', '/api/finance/settings/', { token: director.access_token, body: { filial: filialId, charge_excused: true } });
      expect(await balance(manager.token, ali.id)).toBe('-125000.00');
    } finally {
      await t.db.update(filials).set({ chargeExcused: true }).where(eq(filials.id, filialId));
    }
  });

  it('charges and payments lists: paged, scoped to the branch, closed to teachers', async () => {
    const { manager, lessons, ali } = await setup();
    await mark(manager.token, lessons[0], ali.id);
    await mark(manager.token, lessons[1], ali.id);
    const page = studentChargesPage.parse((await t.call('GET', `/api/students/${ali.id}/charges/?page_size=1`, { token: manager.token })).json);
    expect(page).toMatchObject({ count: 2, total: '250000.00' });
    expect(page.results).toHaveLength(1);
    expect(page.next).not.toBeNull();
    const payments = studentPaymentsPage.strict().parse((await t.call('GET', `/api/students/${ali.id}/payments/`, { token: manager.token })).json);
    expect(payments.count).toBe(0);
    const foreign = await f.employee('FILIAL_Manager', 'Yunusobod');
    expect((await t.call('GET', `/api/students/${ali.id}/charges/`, { token: foreign.token })).status).toBe(404);
    expect((await t.call('GET', `/api/students/${ali.id}/payments/`, { token: foreign.token })).status).toBe(404);
    const teacher = await f.employee('TEACHER');
    expect((await t.call('GET', `/api/students/${ali.id}/charges/`, { token: teacher.token })).status).toBe(403);
    expect((await t.call('GET', `/api/students/${ali.id}/charges/?page=0`, { token: manager.token })).status).toBe(400);
    expect(
      await t.db.select().from(studentCharges).where(and(eq(studentCharges.studentId, ali.id), eq(studentCharges.lessonId, lessons[0]))),
    ).toHaveLength(1);
  });

  it('lessons of one group marked at the same time charge each lesson exactly once', async () => {
    const { manager, group, ali, filialId } = await setup();
    const others = await Promise.all([1, 2, 3].map((i) => f.student(filialId, `Parallel ${i}`)));
    for (const s of others) await f.member(s.id, group.id, lastMonth(1));
    const extra = await f.lessons(group, [lastMonth(4), lastMonth(5), lastMonth(6), lastMonth(7)]);
    const everyone = [ali, ...others].map((s) => ({ student: s.id, status: 'present' }));
    const [first, ...rest] = (await t.db.select({ id: lessonsTable.id }).from(lessonsTable).where(eq(lessonsTable.groupId, group.id))).map((l) => l.id);
    const results = await Promise.all([first, ...rest].map((lesson) => t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: manager.token, body: { items: everyone } })));
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    void extra;
    // Eight lessons in the month, all held: each student owes exactly the monthly price.
    for (const s of [ali, ...others]) expect(await balance(manager.token, s.id)).toBe('-500000.00');
    const rows = await t.db.select().from(studentCharges).where(eq(studentCharges.groupId, group.id));
    expect(rows).toHaveLength(32);
  });
});
