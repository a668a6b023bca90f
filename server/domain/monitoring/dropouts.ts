// GET /monitoring/dropouts/: the early-warning list of one branch — open memberships of live students in the
// branch's planned or active groups where
//   - the latest held lessons of the group (the last ABSENCE_LOOKBACK_DAYS days) end with two or more unexcused
//     absences ('absent') in a row; only lessons with the student's attendance recorded count, 'late' and
//     'excused' break the streak; or
//   - the balance in the group (student_balances) is below what the group's next planned lesson will charge:
//     contract/billing.ts lessonCharge in SQL — the month's price (the membership's, else the group's, after the
//     sale in force) over the month's regular lessons, by the lesson's place in the month, so the month adds up
//     exactly. A student frozen on that day is not charged and not listed for the balance.
// One statement: window functions number the month's lessons; the absence streak is one hashed aggregate per
// membership (the last lesson not missed, and the absences after it), so the branch's attendance is never sorted
// (a window over it sorted 360,000 rows on disk at scale). Lessons by lessons_filial_date_idx.
import { sql } from 'drizzle-orm';
import { ABSENCES_IN_ROW, ABSENCE_LOOKBACK_DAYS, type DropoutReason, type DropoutRow, type DropoutsQuery } from '../../../contract/monitoring';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../core/actor';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { isTeaching } from '../lessons/access';
import { resolveFilial } from '../core/scope';

type Raw = Record<string, unknown>;

function toRow(r: Raw, filial: number): DropoutRow {
  const absences = Number(r.absences_in_row ?? 0);
  const balance = String(r.balance);
  const nextCharge = r.next_charge == null ? null : String(r.next_charge);
  const reasons: DropoutReason[] = [];
  if (absences >= ABSENCES_IN_ROW) reasons.push('absences');
  if (r.balance_low === true || r.balance_low === 't') reasons.push('balance');
  return {
    student: { id: Number(r.student_id), full_name: String(r.full_name), phone: String(r.phone), parent_phone: r.parent_phone == null ? null : String(r.parent_phone) },
    filial,
    group: { id: Number(r.group_id), name: String(r.group_name) },
    reasons,
    absences_in_row: absences,
    balance,
    next_charge: nextCharge,
    next_lesson_date: r.next_date == null ? null : String(r.next_date),
  };
}

export async function listDropouts(q: DbOrTx, user: AuthUser, query: DropoutsQuery, url: string, today: string): Promise<Page<DropoutRow>> {
  resolveFilial(user, query.filial);
  const F = query.filial;
  // A teacher or assistant sees the students of their own groups only (students/teacherScope.ts).
  const ownGroups = isTeaching(user) ? sql`and (g.teacher_id = ${user.id} or g.assistant_id = ${user.id})` : sql``;
  const result = await q.execute(sql`
    with marks as (
      -- One pass, hashed (no sort): per membership the last lesson not missed and the times of the absences.
      select a.student_id, l.group_id,
        max(l.date + l.start_time) filter (where a.status <> 'absent') as ok_at,
        array_agg(l.date + l.start_time) filter (where a.status = 'absent') as absent_at
      from lessons l
      join attendance a on a.lesson_id = l.id
      where l.filial_id = ${F} and l.group_id is not null and l.status = 'held'
        and l.date between ${today}::date - ${ABSENCE_LOOKBACK_DAYS}::int and ${today}::date
      group by a.student_id, l.group_id
    ),
    streaks as (
      select student_id, group_id,
        (select count(*) from unnest(absent_at) x where x > coalesce(ok_at, '-infinity'::timestamp))::int as absences_in_row
      from marks where absent_at is not null
    ),
    month_lessons as (
      select l.id, l.group_id, l.date, l.status,
        row_number() over (partition by l.group_id, date_trunc('month', l.date) order by l.date, l.id) as pos,
        count(*) over (partition by l.group_id, date_trunc('month', l.date)) as n
      from lessons l
      where l.filial_id = ${F} and l.kind = 'regular' and l.group_id is not null and l.status <> 'cancelled'
        and l.date >= date_trunc('month', ${today}::date)::date
        and l.date < (date_trunc('month', ${today}::date) + interval '2 months')::date
    ),
    next_lesson as (
      select distinct on (group_id) group_id, date, pos, n from month_lessons
      where status = 'planned' and date >= ${today}::date
      order by group_id, date, id
    ),
    members as (
      select sg.student_id, sg.group_id, g.name as group_name, s.full_name, s.phone, s.parent_phone,
        coalesce(sg.price, g.price) as price, coalesce(b.balance, 0)::numeric(22,2) as balance,
        coalesce(st.absences_in_row, 0) as absences_in_row, nl.date as next_date, nl.pos, nl.n,
        sale.kind as sale_kind, sale.value as sale_value,
        nl.date is not null and exists (
          select 1 from student_freezes z
          where z.student_id = sg.student_id and z.from_date <= nl.date
            and least(z.to_date, coalesce(z.ended_on, z.to_date)) >= nl.date
        ) as frozen
      from student_groups sg
      join groups g on g.id = sg.group_id
      join students s on s.id = sg.student_id
      left join student_balances b on b.student_id = sg.student_id and b.group_id = sg.group_id
      left join streaks st on st.student_id = sg.student_id and st.group_id = sg.group_id
      left join next_lesson nl on nl.group_id = sg.group_id
      left join lateral (
        select sa.kind, sa.value from student_sales ss join sales sa on sa.id = ss.sale_id
        where ss.student_id = sg.student_id and ss.group_id = sg.group_id and ss.from_date <= coalesce(nl.date, ${today}::date)
          and (ss.ended_on is null or ss.ended_on >= coalesce(nl.date, ${today}::date))
        order by ss.from_date desc, ss.id desc limit 1
      ) sale on true
      where g.filial_id = ${F} and g.status in ('planned', 'active') and sg.left_on is null and s.is_archived = false ${ownGroups}
    ),
    charged as (
      select m.*,
        -- contract/billing.ts lessonCharge: whole so'm, one more on the last (price mod n) lessons, tiyin on the last.
        case when m.pos is null or m.frozen then null
          else div(floor(p.monthly), m.n) + case when m.pos > m.n - mod(floor(p.monthly), m.n) then 1 else 0 end
            + case when m.pos = m.n then p.monthly - floor(p.monthly) else 0 end end as next_charge
      from members m
      cross join lateral (
        select case
          when m.sale_kind = 'fixed' then greatest(m.price - m.sale_value, 0)
          when m.sale_kind = 'percent' then greatest(round(m.price * (100 - m.sale_value) / 100, 0), 0)
          else m.price end as monthly
      ) p
    ),
    flagged as (
      select c.*, (c.next_charge is not null and c.balance < c.next_charge) as balance_low from charged c
    )
    select student_id, group_id, group_name, full_name, phone, parent_phone, balance::text as balance,
      absences_in_row, next_date::text as next_date, next_charge::numeric(22,2)::text as next_charge, balance_low,
      count(*) over () as total
    from flagged
    where absences_in_row >= ${ABSENCES_IN_ROW} or balance_low
    order by absences_in_row desc, balance, full_name, student_id, group_id
    limit ${query.page_size} offset ${pageOffset(query)}`);
  const rows = (result as unknown as { rows: Raw[] }).rows;
  let count = rows.length ? Number(rows[0].total) : 0;
  // A page past the end has no rows to carry the total: count separately only then.
  if (!rows.length && query.page > 1) {
    const first = await listDropouts(q, user, { ...query, page: 1, page_size: 1 }, url, today);
    count = first.count;
  }
  return toPage(url, query, count, rows.map((r) => toRow(r, F)));
}
