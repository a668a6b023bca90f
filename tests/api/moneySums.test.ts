// Property: any history of accepted amounts keeps every sum readable and exact. Each run is a fresh branch with two
// cashiers and a student in a group; a generated sequence of moves (income, student payments, expenses within what
// the desk holds, handovers, shift closes), each with an amount the contract accepts and repeated up to 150 times,
// is written the way the app writes it (repeats as one statement through the ledger's triggers, handovers and
// closes through the API); then every reader of sums must answer 200 with exactly what a BigInt model says.
// 150 entries at the limit are 1.5 × 10^12 so'm: beyond NUMERIC(14,2), where sums used to overflow.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { entriesPage } from '../../contract/finance';
import { MONEY_ENTRY_MAX, amountSchema, fromCents, toCents } from '../../contract/money';
import { employeeProfiles } from '../../server/db/schema';
import { centreToday } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { moneyFixture } from './financeFixtures';
import { expectBalancesMatchLedger, ledgerCaller } from './financeLedgerSupport';
import { backends, useTestApp } from './harness';

type Move = { kind: 'income' | 'payment' | 'expense' | 'handover' | 'close'; amount: string; times: number };

const MAX = toCents(MONEY_ENTRY_MAX);
/** Amounts the contract accepts, leaning on the limit itself. */
const acceptedAmount = fc
  .oneof(
    { weight: 3, arbitrary: fc.constant(MAX) },
    { weight: 1, arbitrary: fc.constantFrom(1n, MAX - 1n) },
    { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: MAX }) },
  )
  .map((cents) => amountSchema.parse(fromCents(cents)));
const move: fc.Arbitrary<Move> = fc.record({
  kind: fc.constantFrom('income', 'payment', 'expense', 'handover', 'close'),
  amount: acceptedAmount,
  times: fc.integer({ min: 1, max: 150 }),
});

describe.each(backends())('sums of accepted amounts on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const { as } = ledgerCaller(t);

  it('any accepted sequence of amounts keeps every sum readable and exact (property)', async () => {
    const f = eduFixture(t);
    const m = moneyFixture(t, f);
    const kinds = {
      payment: await m.systemKind('student_payment', 'income'),
      other: await m.kind('Katta kirim', 'income'),
      rent: await m.kind('Katta ijara', 'expense'),
    };
    let run = 0;
    const today = centreToday(new Date());
    const period = `start_date=${today.slice(0, 8)}01&end_date=${today}`;

    await fc.assert(
      fc.asyncProperty(fc.array(move, { minLength: 1, maxLength: 5 }), async (moves) => {
        run += 1;
        const filial = await m.filial(`Katta filial ${process.pid}-${backend}-${run}`);
        const A = await m.cashier(filial, `A ${run}`);
        const B = await m.cashier(filial, `B ${run}`);
        // A teacher of the run's own, paid half of what their students pay.
        const teacher = await f.employee('TEACHER');
        const terms = { salaryKind: 'percent' as const, salaryPercent: '50.00' };
        await t.db.insert(employeeProfiles).values({ employeeId: teacher.id, ...terms }).onConflictDoUpdate({ target: employeeProfiles.employeeId, set: terms });
        const group = await f.group({ filialId: filial, teacherId: teacher.id });
        const student = await f.student(filial);
        await f.member(student.id, group.id, today);
        // The model: cash per desk, plain sums per action (the list's totals), the report's sides, payments.
        const cash = { [A]: 0n, [B]: 0n };
        const listed = { income: 0n, expense: 0n };
        const report = { income: 0n, expense: 0n };
        let paid = 0n;

        const bulk = async (action: 'income' | 'expense', kindId: number, amount: string, times: number, withStudent: boolean) =>
          t.db.execute(sql`
            insert into finance_entries (filial_id, cashier_id, action, kind_id, method, amount, student_id, group_id, author_id)
            select ${filial}, ${A}, ${action}, ${kindId}, 'cash', ${amount}::numeric, ${withStudent ? student.id : null}::int,
              ${withStudent ? group.id : null}::int, ${t.demo('DIRECTOR').id}
            from generate_series(1, ${times})`);

        for (const mv of moves) {
          const cents = toCents(mv.amount);
          if (mv.kind === 'income' || mv.kind === 'payment') {
            await bulk('income', mv.kind === 'payment' ? kinds.payment : kinds.other, mv.amount, mv.times, mv.kind === 'payment');
            const sum = cents * BigInt(mv.times);
            cash[A] += sum;
            listed.income += sum;
            report.income += sum;
            if (mv.kind === 'payment') paid += sum;
          } else if (mv.kind === 'expense') {
            // The API refuses what the desk does not hold (409), so the history holds only what fits.
            const times = Math.min(mv.times, Number(cash[A] / cents));
            if (times === 0) continue;
            await bulk('expense', kinds.rent, mv.amount, times, false);
            const sum = cents * BigInt(times);
            cash[A] -= sum;
            listed.expense += sum;
            report.expense += sum;
          } else if (mv.kind === 'handover') {
            const res = await as('DIRECTOR', 'POST', '/api/finance/handover/', { body: { from_casher: A, to_casher: B, method: 'cash', amount: mv.amount } });
            if (cash[A] < cents) {
              expect(res.status, res.text).toBe(409);
              continue;
            }
            expect(res.status, res.text).toBe(201);
            cash[A] -= cents;
            cash[B] += cents;
            listed.expense += cents;
          } else {
            const res = await as('DIRECTOR', 'POST', `/api/finance/casher/${A}/close/`, { body: { counted: mv.amount, comment: '' } });
            expect(res.status, res.text).toBe(201);
            const difference = cents - cash[A];
            expect(res.json).toMatchObject({ expected: fromCents(cash[A]), counted: mv.amount, difference: fromCents(difference) });
            if (difference > 0n) (listed.income += difference), (report.income += difference);
            if (difference < 0n) (listed.expense -= difference), (report.expense -= difference);
            cash[A] = cents;
          }
        }

        const ok = async (path: string) => {
          const res = await as('DIRECTOR', 'GET', path);
          expect(res.status, `${path}: ${res.text.slice(0, 300)}`).toBe(200);
          return res.json;
        };
        expect(await ok(`/api/finance/casher/${A}/`)).toMatchObject({ balance: fromCents(cash[A]), balances: { cash: fromCents(cash[A]) } });
        expect(await ok(`/api/finance/casher/${B}/`)).toMatchObject({ balance: fromCents(cash[B]) });
        const list = entriesPage.parse(await ok(`/api/finance/?casher_id=${A}`));
        expect(list.totals).toEqual({ income: fromCents(listed.income), expense: fromCents(listed.expense), net: fromCents(listed.income - listed.expense) });
        const branch = await ok(`/api/finance/report/?filial=${filial}&${period}`);
        expect(branch).toMatchObject({ income: fromCents(report.income), expense: fromCents(report.expense), net: fromCents(report.income - report.expense) });
        expect(await ok(`/api/finance/casher/stats/${A}?${period}`)).toMatchObject({ opening: '0.00', closing: fromCents(cash[A]), income: fromCents(report.income) });
        const salary = (await ok(`/api/salary/?month=${today.slice(0, 7)}`)) as { rows: { employee: { id: number }; facts: { paid: string }; amount: string }[] };
        const row = salary.rows.find((r) => r.employee.id === teacher.id)!;
        expect(row.facts.paid).toBe(fromCents(paid));
        expect(row.amount).toBe(fromCents((paid + 1n) / 2n));
        const students = (await ok(`/api/students/?filial=${filial}`)) as { results: { id: number; balance: string }[] };
        expect(students.results.find((s) => s.id === student.id)?.balance).toBe(fromCents(paid));
        for (const path of [
          `/api/finance/?filial=${filial}`,
          `/api/finance/casher/?filial=${filial}`,
          `/api/finance/payment_casher/${A}`,
          `/api/finance/payment_statistics/?filial=${filial}`,
          `/api/finance/method-amount/?filial=${filial}`,
          `/api/finance/report/?${period}`,
          `/api/finance/debtors/?filial=${filial}`,
          `/api/monitoring/dropouts/?filial=${filial}`,
          `/api/finance/report/excel/?filial=${filial}&${period}`,
          `/api/salary/excel/?month=${today.slice(0, 7)}`,
          `/api/students/excel/?filial=${filial}`,
        ])
          await ok(path);
      }),
      { numRuns: 6 },
    );
    await expectBalancesMatchLedger(t);
  }, 300_000);
});
