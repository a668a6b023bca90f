// Issue 15, "Money where staff take it": the front desk (ADMINISTRATOR, SERVICE_SALES) takes payments by
// default, within its branch; a payment without a group is split largest debt first (contract/allocation.ts);
// archiving a student with money refunds it from a desk or keeps it as credit, in the ledger, the balances and
// the student's history at once.
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { archivedStudent } from '../../contract/membership';
import { cashier as cashierSchema, entryCreated } from '../../contract/finance';
import { historyPage } from '../../contract/studentStatusApi';
import { studentBalances } from '../../contract/sales';
import { ROLE_DEFAULT_PAGES, type Role } from '../../contract/roles';
import { employeePages, financeEntries, financeKinds } from '../../server/db/schema';
import { syncCharges } from '../../server/domain/billing/charges';
import { addDays } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { expectBalancesMatchLedger, ledgerCaller, memberships, newKey, unique } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

/** Day `d` of last month. */
const lastMonth = (d: number) => `${addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7)}-${String(d).padStart(2, '0')}`;

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

describe.each(backends())('front desk money on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const { as } = ledgerCaller(t);

  /** A new desk of the branch with `cash` in it (booked as other income by the director). */
  async function desk(branch: 'Chilonzor' | 'Yunusobod' = 'Chilonzor', cash = '0') {
    const res = await as('DIRECTOR', 'POST', '/api/finance/casher/', { body: { name: unique('Kassa'), filial: await t.filialId(branch) } });
    expect(res.status).toBe(201);
    const c = cashierSchema.parse(res.json);
    if (cash !== '0') {
      const [kind] = await t.db.select({ id: financeKinds.id }).from(financeKinds).where(and(eq(financeKinds.name, 'Boshqa kirim'), eq(financeKinds.action, 'income')));
      const income = await as('DIRECTOR', 'POST', '/api/finance/', { body: { casher: c.id, action: 'income', kind: kind.id, method: 'cash', amount: cash } });
      expect(income.status).toBe(201);
    }
    return c;
  }

  /**
   * A Chilonzor student in two groups of 500 000 a month with four lessons last month: `a` lessons of group A and
   * `b` of group B held with the student present (125 000 each), so the balances are −125 000·a and −125 000·b.
   */
  async function debtor(a: number, b: number) {
    const filialId = await t.filialId('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const groupA = await f.group({ filialId, teacherId: teacher.id });
    const groupB = await f.group({ filialId, teacherId: teacher.id });
    const dates = [lastMonth(3), lastMonth(10), lastMonth(17), lastMonth(24)];
    const lessonsA = await f.lessons(groupA, dates);
    const lessonsB = await f.lessons(groupB, dates);
    const student = await f.student(filialId);
    await f.member(student.id, groupA.id, lastMonth(1));
    await f.member(student.id, groupB.id, lastMonth(1));
    for (const l of lessonsA.slice(0, a)) await f.mark(l, student.id, 'present');
    for (const l of lessonsB.slice(0, b)) await f.mark(l, student.id, 'present');
    await t.db.transaction((tx) => syncCharges(tx, { studentId: student.id }, t.clock.now()));
    return { student: student.id, a: groupA, b: groupB, filialId };
  }

  async function balances(role: Role, student: number) {
    const res = await as(role, 'GET', `/api/students/${student}/balances/`);
    expect(res.status).toBe(200);
    const parsed = studentBalances.parse(res.json);
    return { total: parsed.total, of: (group: number) => parsed.groups.find((g) => g.group.id === group)?.balance };
  }

  /** Every student_balances row equals payments − refunds + vouchers − charges of its student and group. */
  async function expectStudentBalancesMatch(student: number) {
    const result = await t.db.execute(sql`
      select b.group_id, b.balance::text as balance,
        (coalesce((select sum(case when e.action = 'income' then e.amount else -e.amount end) from finance_entries e
                   where e.student_id = b.student_id and e.group_id = b.group_id), 0)
         + coalesce((select sum(v.amount) from vouchers v where v.student_id = b.student_id and v.group_id = b.group_id and v.cancelled_at is null), 0)
         - coalesce((select sum(c.amount) from student_charges c where c.student_id = b.student_id and c.group_id = b.group_id), 0))::numeric(14,2)::text as sum
      from student_balances b where b.student_id = ${student}`);
    for (const r of rowsOf<{ balance: string; sum: string }>(result)) expect(r.balance).toBe(r.sum);
  }

  describe('the front desk takes payments by default', () => {
    it('gives ADMINISTRATOR and SERVICE_SALES the branch cash pages, not the desk keeping', async () => {
      for (const role of ['ADMINISTRATOR', 'SERVICE_SALES'] as const) {
        expect(ROLE_DEFAULT_PAGES[role]).toEqual(expect.arrayContaining(['cashiers_data', 'cashiers_archive']));
        expect(ROLE_DEFAULT_PAGES[role]).not.toContain('cashiers');
        const me = await as(role, 'GET', '/api/auth/me');
        const pages = (me.json as { pages: { name: string; is_readable: boolean }[] }).pages;
        expect(pages.filter((p) => p.is_readable).map((p) => p.name)).toEqual(expect.arrayContaining(['cashiers_data', 'cashiers_archive']));
      }
    });

    it.each(['ADMINISTRATOR', 'SERVICE_SALES'] as const)('%s reads the branch desks and takes a payment; another branch stays unknown', async (role) => {
      const own = await desk('Chilonzor');
      const other = await desk('Yunusobod');
      const list = await as(role, 'GET', `/api/finance/casher/?filial=${await t.filialId('Chilonzor')}`);
      expect(list.status).toBe(200);
      expect((list.json as { results: { id: number }[] }).results.map((c) => c.id)).toContain(own.id);
      expect((await as(role, 'GET', `/api/finance/casher/${other.id}/`)).status).toBe(404);

      const [m] = await memberships(t, 'Chilonzor');
      const before = await balances(role, m.student);
      const res = await as(role, 'POST', '/api/finance/', { body: { casher: own.id, action: 'income', method: 'cash', amount: '120000', student: m.student, group: m.group }, headers: { 'Idempotency-Key': newKey() } });
      expect(res.status).toBe(201);
      const entry = entryCreated.parse(res.json);
      expect(entry).toMatchObject({ amount: '120000.00', kind: { system_key: 'student_payment' }, group: { id: m.group }, allocation: [{ group: { id: m.group }, amount: '120000.00', entry: entry.id }] });
      const after = await balances(role, m.student);
      expect(Number(after.total) - Number(before.total)).toBeCloseTo(120000, 2);
      // Into another branch's desk: unknown.
      const foreign = await as(role, 'POST', '/api/finance/', { body: { casher: other.id, action: 'income', method: 'cash', amount: '1000', student: m.student, group: m.group } });
      expect(foreign.status).toBe(404);
      await expectBalancesMatchLedger(t);
    });

    it('leaves opening, editing and archiving desks, discounts and vouchers to the cashiers page', async () => {
      const own = await desk('Chilonzor');
      const filial = await t.filialId('Chilonzor');
      const [m] = await memberships(t, 'Chilonzor');
      for (const role of ['ADMINISTRATOR', 'SERVICE_SALES'] as const) {
        expect((await as(role, 'POST', '/api/finance/casher/', { body: { name: unique('Kassa'), filial } })).status).toBe(403);
        expect((await as(role, 'PATCH', `/api/finance/casher/${own.id}/`, { body: { is_archived: true } })).status).toBe(403);
        expect((await as(role, 'POST', '/api/finance/voucher/student/', { body: { student: m.student, group: m.group, amount: '1000', reason: 'x' } })).status).toBe(403);
      }
      expect((await as('ACCOUNTING', 'PATCH', `/api/finance/casher/${own.id}/`, { body: { name: unique('Kassa') } })).status).toBe(200);
    });

    it('migration 0016 gives the cash pages to employees still on the old defaults, and to no one else', async () => {
      const oldAdmin = (ROLE_DEFAULT_PAGES.ADMINISTRATOR as readonly string[]).filter((p) => p !== 'cashiers_data' && p !== 'cashiers_archive');
      const untouched = await f.employee('ADMINISTRATOR');
      const chosen = await f.employee('ADMINISTRATOR');
      const setReadable = async (id: number, readable: string[]) => {
        await t.db.update(employeePages).set({ isReadable: false }).where(eq(employeePages.employeeId, id));
        for (const page of readable) await t.db.update(employeePages).set({ isReadable: true }).where(and(eq(employeePages.employeeId, id), sql`${employeePages.page} = ${page}`));
      };
      await setReadable(untouched.id, oldAdmin);
      await setReadable(chosen.id, oldAdmin.filter((p) => p !== 'shop'));
      const migration = readFileSync(new URL('../../server/db/migrations/0016_front_desk_cash.sql', import.meta.url), 'utf8');
      await t.db.execute(sql.raw(migration));
      const readable = async (id: number) =>
        (await t.db.select({ page: employeePages.page }).from(employeePages).where(and(eq(employeePages.employeeId, id), eq(employeePages.isReadable, true)))).map((r) => r.page).sort();
      expect(await readable(untouched.id)).toEqual([...oldAdmin, 'cashiers_data', 'cashiers_archive'].sort());
      expect(await readable(chosen.id)).toEqual(oldAdmin.filter((p) => p !== 'shop').sort());
    });
  });

  describe('a payment without a group', () => {
    it('pays the largest debt first, then the next, and keeps the ledger and both balances consistent', async () => {
      const s = await debtor(2, 3); // A −250 000, B −375 000
      const c = await desk();
      const res = await as('ADMINISTRATOR', 'POST', '/api/finance/', { body: { casher: c.id, action: 'income', method: 'cash', amount: '500000', student: s.student }, headers: { 'Idempotency-Key': newKey() } });
      expect(res.status).toBe(201);
      const created = entryCreated.parse(res.json);
      expect(created.allocation.map((p) => [p.group.id, p.amount])).toEqual([
        [s.b.id, '375000.00'],
        [s.a.id, '125000.00'],
      ]);
      const after = await balances('ADMINISTRATOR', s.student);
      expect([after.of(s.a.id), after.of(s.b.id), after.total]).toEqual(['-125000.00', '0.00', '-125000.00']);
      const rows = await t.db.select({ id: financeEntries.id, group: financeEntries.groupId, amount: financeEntries.amount }).from(financeEntries).where(eq(financeEntries.studentId, s.student));
      expect(rows.map((r) => [r.group, r.amount]).sort()).toEqual([[s.a.id, '125000.00'], [s.b.id, '375000.00']].sort());
      expect((await as('ACCOUNTING', 'GET', `/api/finance/casher/${c.id}/`)).json).toMatchObject({ balance: '500000.00' });

      // More than the debts: the rest goes to the open group that owed most (A, the only one still in debt).
      const more = await as('ADMINISTRATOR', 'POST', '/api/finance/', { body: { casher: c.id, action: 'income', method: 'card', amount: '300000', student: s.student } });
      expect(entryCreated.parse(more.json).allocation.map((p) => [p.group.id, p.amount])).toEqual([[s.a.id, '300000.00']]);
      expect((await balances('ADMINISTRATOR', s.student)).total).toBe('175000.00');
      await expectStudentBalancesMatch(s.student);
      await expectBalancesMatchLedger(t);
    });

    it('answers 400 on group when the student has no group to pay into, and writes nothing', async () => {
      const student = await f.student(await t.filialId('Chilonzor'));
      const c = await desk();
      const res = await as('ADMINISTRATOR', 'POST', '/api/finance/', { body: { casher: c.id, action: 'income', method: 'cash', amount: '1000', student: student.id } });
      expect(res.status).toBe(400);
      expect(res.json.group).toEqual(['The student has no group to pay into: choose a group']);
      expect(await t.db.select().from(financeEntries).where(eq(financeEntries.studentId, student.id))).toEqual([]);
      // A refund still names its group.
      const refund = await as('ADMINISTRATOR', 'POST', '/api/finance/', { body: { casher: c.id, action: 'expense', method: 'cash', amount: '1000', student: student.id } });
      expect(refund.status).toBe(400);
      expect(refund.json.group).toBeDefined();
    });
  });

  describe('archiving a student with money', () => {
    /** A student with +450 000 in group A (paid 700 000, charged 250 000) and 0 in B. */
    async function inCredit() {
      const s = await debtor(2, 0);
      const c = await desk('Chilonzor', '100');
      const paid = await as('ACCOUNTING', 'POST', '/api/finance/', { body: { casher: c.id, action: 'income', method: 'cash', amount: '700000', student: s.student, group: s.a.id } });
      expect(paid.status).toBe(201);
      return { ...s, desk: c };
    }
    const archive = (role: Role, student: number, body: Record<string, unknown>, key = newKey()) =>
      as(role, 'PATCH', `/api/add-group/${student}/`, { body: { is_archived: true, reason: 'Ko‘chib ketdi', ...body }, headers: { 'Idempotency-Key': key } });
    const status = async (student: number) => (await as('ADMINISTRATOR', 'GET', `/api/students/${student}/`)).json.status as string;

    it('asks what to do with the money, and refuses a balance the user did not see', async () => {
      const s = await inCredit();
      const none = await archive('ADMINISTRATOR', s.student, {});
      expect(none.status).toBe(400);
      expect(none.json.balance_action).toEqual(['The student’s balance holds 450000.00: choose to refund it or keep it as credit']);
      const stale = await archive('ADMINISTRATOR', s.student, { balance_action: 'keep', amount: '400000' });
      expect(stale.status).toBe(409);
      expect(stale.json.balance).toBe('450000.00');
      expect(await status(s.student)).not.toBe('archived');
      const noDesk = await archive('ADMINISTRATOR', s.student, { balance_action: 'refund' });
      expect(noDesk.status).toBe(400);
      expect(noDesk.json.casher).toBeDefined();
    });

    it('refunds from a chosen desk: expense entries per group in credit, balances to zero, one history row; a replay refunds nothing more', async () => {
      const s = await inCredit();
      // A desk that holds too little: 409, and nothing changes.
      const poor = await desk('Chilonzor', '1000');
      const short = await archive('ADMINISTRATOR', s.student, { balance_action: 'refund', casher: poor.id, method: 'cash', amount: '450000' });
      expect(short.status).toBe(409);
      expect(short.json.detail).toContain(poor.name);
      expect(await status(s.student)).not.toBe('archived');
      // Another branch's desk: unknown.
      const foreign = await desk('Yunusobod', '1000000');
      expect((await archive('ADMINISTRATOR', s.student, { balance_action: 'refund', casher: foreign.id, amount: '450000' })).status).toBe(404);

      const key = newKey();
      const deskBefore = cashierSchema.parse((await as('ACCOUNTING', 'GET', `/api/finance/casher/${s.desk.id}/`)).json).balance;
      const res = await archive('ADMINISTRATOR', s.student, { balance_action: 'refund', casher: s.desk.id, method: 'cash', amount: '450000' }, key);
      expect(res.status).toBe(200);
      const answer = archivedStudent.parse(res.json);
      expect(answer.status).toBe('archived');
      expect(answer.settlement).toMatchObject({ action: 'refund', amount: '450000.00', cashier: { id: s.desk.id }, method: 'cash', entries: [{ group: { id: s.a.id }, amount: '450000.00' }] });
      const refunds = await t.db
        .select({ action: financeEntries.action, group: financeEntries.groupId, amount: financeEntries.amount, key: financeKinds.systemKey })
        .from(financeEntries)
        .innerJoin(financeKinds, eq(financeKinds.id, financeEntries.kindId))
        .where(and(eq(financeEntries.studentId, s.student), eq(financeEntries.action, 'expense')));
      expect(refunds).toEqual([{ action: 'expense', group: s.a.id, amount: '450000.00', key: 'student_refund' }]);
      expect((await balances('ADMINISTRATOR', s.student)).total).toBe('0.00');
      const deskAfter = cashierSchema.parse((await as('ACCOUNTING', 'GET', `/api/finance/casher/${s.desk.id}/`)).json).balance;
      expect(Number(deskBefore) - Number(deskAfter)).toBeCloseTo(450000, 2);
      const history = historyPage.parse((await as('ADMINISTRATOR', 'GET', `/api/api/v2/students/${s.student}/history`)).json);
      const refundRow = history.results.find((h) => h.action === 'balance.refund');
      expect(refundRow?.detail).toMatchObject({ amount: '450000.00', cashier: { id: s.desk.id }, method: 'cash' });
      expect(history.results.some((h) => h.action === 'status.archive')).toBe(true);

      // The same key replays the answer; no second refund.
      const again = await archive('ADMINISTRATOR', s.student, { balance_action: 'refund', casher: s.desk.id, method: 'cash', amount: '450000' }, key);
      expect(again.status).toBe(200);
      expect(again.headers.get('Idempotent-Replayed')).toBe('true');
      expect((await t.db.select().from(financeEntries).where(and(eq(financeEntries.studentId, s.student), eq(financeEntries.action, 'expense')))).length).toBe(1);
      await expectStudentBalancesMatch(s.student);
      await expectBalancesMatchLedger(t);
    });

    it('keeps the money as credit: nothing leaves a desk, the history says so', async () => {
      const s = await inCredit();
      const res = await archive('SERVICE_SALES', s.student, { balance_action: 'keep', amount: '450000.00' });
      expect(res.status).toBe(200);
      expect(archivedStudent.parse(res.json).settlement).toEqual({ action: 'keep', amount: '450000.00', cashier: null, method: null, entries: [] });
      expect((await balances('ADMINISTRATOR', s.student)).total).toBe('450000.00');
      expect(await t.db.select().from(financeEntries).where(and(eq(financeEntries.studentId, s.student), eq(financeEntries.action, 'expense')))).toEqual([]);
      const history = historyPage.parse((await as('ADMINISTRATOR', 'GET', `/api/api/v2/students/${s.student}/history`)).json);
      expect(history.results.find((h) => h.action === 'balance.keep')?.detail).toEqual({ amount: '450000.00' });
    });

    it('lets only a cash page holder refund; a student without money needs no choice', async () => {
      const s = await inCredit();
      // SERVICE_MANAGER works with students but holds no cash page.
      const refused = await archive('SERVICE_MANAGER', s.student, { balance_action: 'refund', casher: s.desk.id, amount: '450000' });
      expect(refused.status).toBe(403);
      expect(await status(s.student)).not.toBe('archived');
      const zero = await debtor(1, 0);
      const res = await archive('ADMINISTRATOR', zero.student, {});
      expect(res.status).toBe(200);
      expect(archivedStudent.parse(res.json).settlement).toBeNull();
    });
  });
});
