// The ledger at 100,000 entries: GET /api/finance/ (the entries list with its totals) with its common filters,
// a cashier's stats and the payment statistics, as the demo accountant calls them. Entries are generated in one
// statement (the balance triggers run for each row, as in production). Never part of `npm test`.
import { and, eq, sql } from 'drizzle-orm';
import { cashiers, employees, filials, financeKinds } from '../server/db/schema';
import { seedDemoIfEmpty } from '../server/seed/demo';
import { benchApp, freshDb, SCRYPT_N, timeScenarios, type Backend, type Timing } from './harness';
import { insertStudents, seedGroups } from './studentList';

export const LEDGER_ENTRIES = 100_000;
const STUDENTS = 10_000;

export async function benchFinanceEntries(backend: Backend, requests = 100): Promise<Timing[]> {
  const { handle, drop } = await freshDb(backend);
  try {
    const db = handle.db;
    await seedDemoIfEmpty(db, SCRYPT_N);
    const [branch] = await db.select({ id: filials.id }).from(filials).where(eq(filials.name, 'Chilonzor'));
    const [director] = await db.select({ id: employees.id }).from(employees).where(eq(employees.role, 'DIRECTOR')).limit(1);
    const seedStart = performance.now();
    await insertStudents(db, branch.id, STUDENTS, 3_000_000);
    await seedGroups(db, branch.id);
    const desks = await db
      .insert(cashiers)
      .values([1, 2, 3].map((n) => ({ filialId: branch.id, name: `Bench kassa ${n}` })))
      .returning({ id: cashiers.id });
    const [payment] = await db.select({ id: financeKinds.id }).from(financeKinds).where(and(eq(financeKinds.systemKey, 'student_payment'), eq(financeKinds.action, 'income')));
    const [rent] = await db.insert(financeKinds).values({ name: 'Bench rent', action: 'expense' }).returning({ id: financeKinds.id });
    const desk = sql.raw(`array[${desks.map((d) => d.id).join(',')}]`);
    // Four of five entries are student payments (cash, card, click, payme) into the student's group; every fifth is
    // a small cash expense. Spread over two years, newest last; amounts never take a cashier below zero.
    await db.execute(sql`
      with s as (
        select row_number() over (order by sg.id) as n, sg.student_id, sg.group_id
        from student_groups sg join students st on st.id = sg.student_id where st.filial_id = ${branch.id}
      ), c as (select count(*) as k from s)
      insert into finance_entries (filial_id, cashier_id, action, kind_id, method, amount, student_id, group_id, author_id, created_at)
      select ${branch.id}, (${desk})[1 + i % 3],
             case when i % 5 = 0 then 'expense' else 'income' end,
             case when i % 5 = 0 then ${rent.id}::int else ${payment.id}::int end,
             case when i % 5 = 0 then 'cash' else (array['cash','card','click','payme'])[1 + (i / 5) % 4] end,
             case when i % 5 = 0 then 10000.00 else 300000.00 + (i % 7) * 50000 end,
             case when i % 5 = 0 then null else s.student_id end,
             case when i % 5 = 0 then null else s.group_id end,
             ${director.id},
             now() - ((${LEDGER_ENTRIES} - i) * interval '10 minutes')
      from generate_series(1, ${LEDGER_ENTRIES}) as i, c
      left join s on true
      where s.n = 1 + i % c.k`);
    await db.execute(sql`analyze`);
    console.error(`${backend}: seeded ${LEDGER_ENTRIES} ledger entries in ${Math.round(performance.now() - seedStart)} ms`);

    const client = await benchApp(handle, 'DIRECTOR');
    const f = branch.id;
    const lastMonth = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const today = new Date().toISOString().slice(0, 10);
    const scenarios: [string, string][] = [
      ['entries, page 1', `/api/finance/?filial=${f}&page=1`],
      ['entries, page 300', `/api/finance/?filial=${f}&page=300`],
      ['entries, one cashier', `/api/finance/?filial=${f}&casher_id=${desks[1].id}&page=1`],
      ['entries, expenses', `/api/finance/?filial=${f}&action=expense&page=1`],
      ['entries, last 30 days', `/api/finance/?filial=${f}&start_date=${lastMonth}&end_date=${today}&page=1`],
      ['cashiers with balances', `/api/finance/casher/no-pg/?filial=${f}`],
      ['cashier stats, 30 days', `/api/finance/casher/stats/${desks[0].id}?start_date=${lastMonth}&end_date=${today}`],
      ['payment statistics, 30 days', `/api/finance/payment_statistics/?filial=${f}&start_date=${lastMonth}&end_date=${today}`],
    ];
    return await timeScenarios(backend, client, scenarios, requests);
  } finally {
    await drop();
  }
}
