// The two balance tables of migration 0004 are kept by row triggers: a plpgsql call and an upsert of the same few
// rows per ledger entry or charge, the slow part of a bulk load. For a batch the scale seed writes with the
// table's balance trigger off (bulk.ts: replica role in fast mode, else ALTER TABLE ... DISABLE TRIGGER, which
// holds an exclusive lock on the table until the batch commits) and adds the batch's sums to the balances in the
// same statement, so the balances end exactly as the triggers would have left them. Since migration 0009 those
// triggers also move student_totals (the sum of a student's balances), so the batch moves it here too.
import { sql } from 'drizzle-orm';
import type { BatchExtras, Cell } from './bulk';

/** A batch of student_charges: each (student, group) loses the sum of its new charges. */
export const chargeBalances: BatchExtras = {
  trigger: 'student_charges_balances',
  returning: ['student_id', 'group_id', 'amount'],
  ctes: sql`, bal_moved as (
    insert into student_balances as s (student_id, group_id, balance)
    select student_id, group_id, -sum(amount) from ins group by student_id, group_id
    on conflict (student_id, group_id) do update set balance = s.balance + excluded.balance
    returning 1),
  tot_moved as (
    insert into student_totals as t (student_id, balance)
    select student_id, -sum(amount) from ins group by student_id
    on conflict (student_id) do update set balance = t.balance + excluded.balance
    returning 1)`,
};

/**
 * A batch of finance_entries (cashier_id and method at the given cell columns). As in the trigger, the (cashier,
 * method) rows are made to exist first and then moved, because an upsert would check CHECK (balance >= 0) against
 * a bare negative sum before finding the row. The CHECK still refuses a batch that takes a desk below zero.
 */
export function ledgerBalances(cashierColumn: number, methodColumn: number): BatchExtras {
  return {
    trigger: 'finance_entries_balances',
    returning: ['cashier_id', 'method', 'student_id', 'group_id', 'action', 'amount'],
    before(cells: readonly Cell[][]) {
      const pairs = new Map<string, [number, string]>();
      cells[cashierColumn].forEach((c, i) => pairs.set(`${c}/${cells[methodColumn][i]}`, [Number(c), String(cells[methodColumn][i])]));
      const list = [...pairs.values()];
      return [
        sql`insert into cashier_balances (cashier_id, method, balance)
          select c, m, 0 from unnest(${`{${list.map(([c]) => c).join(',')}}`}::int[], ${`{${list.map(([, m]) => m).join(',')}}`}::text[]) as t(c, m)
          on conflict (cashier_id, method) do nothing`,
      ];
    },
    ctes: sql`, bal_delta as (
      select cashier_id, method, student_id, group_id, case when action = 'income' then amount else -amount end as d from ins),
    bal_desks as (
      update cashier_balances c set balance = c.balance + x.d
      from (select cashier_id, method, sum(d) as d from bal_delta group by cashier_id, method) x
      where c.cashier_id = x.cashier_id and c.method = x.method
      returning 1),
    bal_students as (
      insert into student_balances as s (student_id, group_id, balance)
      select student_id, group_id, sum(d) from bal_delta where student_id is not null and group_id is not null
      group by student_id, group_id
      on conflict (student_id, group_id) do update set balance = s.balance + excluded.balance
      returning 1),
    tot_students as (
      insert into student_totals as t (student_id, balance)
      select student_id, sum(d) from bal_delta where student_id is not null and group_id is not null
      group by student_id
      on conflict (student_id) do update set balance = t.balance + excluded.balance
      returning 1)`,
  };
}
