// The fee reminder (issue 17): once a day, for each branch that switched it on, the students whose month's first
// lesson (in any of their groups) falls within the branch's N days ahead and whose balance does not cover the
// month's fee (the sum of their groups' monthly prices, their own price where set; discounts aside) get one
// reminder for that month. Once per student per month (source `month:YYYY-MM`); a day the job missed is caught up,
// since any first lesson still ahead within N days qualifies.
import { sql } from 'drizzle-orm';
import { addDays, centreToday, firstOfMonth, lastOfMonth } from '../../../contract/centreDay';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { balanceOf, dayText, moneyText, type PaymentLinkOf, queueStudentEvent } from './events';

type Due = { student_id: number; filial_id: number; first_day: string; month: string; fee: string; groups: string };

/** Queues the day's fee reminders at `now`; answers the ids queued. */
export async function queueFeeReminders(db: Db, now: Date, linkOf?: PaymentLinkOf): Promise<number[]> {
  const today = centreToday(now);
  const queued: number[] = [];
  const branches = rowsOf<{ id: number; days: number }>(
    await db.execute(sql`
      select f.id, f.fee_reminder_days as days from filials f
      join parent_message_events e on e.filial_id = f.id and e.event = 'feeReminder' and e.enabled
      where not f.is_archived`),
  );
  for (const branch of branches) {
    const until = addDays(today, branch.days);
    const due = rowsOf<Due>(
      await db.execute(sql`
        with firsts as (
          select sg.student_id, s.filial_id, to_char(l.date, 'YYYY-MM') as month, min(l.date)::text as first_day
          from student_groups sg
          join students s on s.id = sg.student_id and not s.is_archived and s.filial_id = ${branch.id}
          join lessons l on l.group_id = sg.group_id and l.kind = 'regular' and l.status <> 'cancelled'
            and l.date >= sg.joined_on and (sg.left_on is null or l.date <= sg.left_on)
          where l.date between ${firstOfMonth(today)} and ${lastOfMonth(until)}
          group by sg.student_id, s.filial_id, to_char(l.date, 'YYYY-MM')
        )
        select f.student_id, f.filial_id, f.first_day, f.month,
          sum(coalesce(sg.price, g.price))::numeric(22,2)::text as fee,
          string_agg(g.name, ', ' order by g.name) as groups
        from firsts f
        join student_groups sg on sg.student_id = f.student_id and sg.joined_on <= f.first_day::date
          and (sg.left_on is null or sg.left_on >= f.first_day::date)
        join groups g on g.id = sg.group_id
        where f.first_day::date between ${today} and ${until}
          and not exists (select 1 from parent_messages m where m.event = 'feeReminder' and m.student_id = f.student_id and m.source_id = 'month:' || f.month)
        group by f.student_id, f.filial_id, f.first_day, f.month
        having coalesce((select st.balance from student_totals st where st.student_id = f.student_id), 0) < sum(coalesce(sg.price, g.price))`),
    );
    for (const d of due) {
      const id = await db.transaction(async (tx) => {
        const balance = await balanceOf(tx, d.student_id);
        const link = (await linkOf?.(tx, d.student_id)) ?? '';
        const values = { group: d.groups, date: dayText(d.first_day), amount: moneyText(d.fee), balance: moneyText(balance), link };
        const result = await queueStudentEvent(tx, { filialId: d.filial_id, studentId: d.student_id, event: 'feeReminder', sourceId: `month:${d.month}`, values }, now);
        return typeof result === 'number' ? result : null;
      });
      if (id !== null) queued.push(id);
    }
  }
  return queued;
}
