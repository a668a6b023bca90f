// Who is expected at a lesson (its roster): the one rule behind the attendance sheet, the charges, monitoring's
// expected count and the group header's student count. An individual extra lesson is for its chosen students;
// any other lesson is for the group's members on that date — joined on or before it and not yet left (left_on is
// the last day in the group, so a student who moves on the 10th has left_on the 9th and is not on the old group's
// roster from the 10th) — who are not frozen that day (a freeze covers from_date to the earlier of to_date and
// ended_on, its last frozen day).
import { sql, type SQL } from 'drizzle-orm';
import { centreWallClock } from '../../../contract/lessonClock';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/rows';

export type MembershipSpan = { studentId: number; joinedOn: string; leftOn: string | null };
export type FreezeSpan = { studentId: number; fromDate: string; toDate: string; endedOn: string | null };

export function isMemberOn(span: Pick<MembershipSpan, 'joinedOn' | 'leftOn'>, date: string): boolean {
  return span.joinedOn <= date && (span.leftOn === null || span.leftOn >= date);
}

/** A freeze covers its first day through the earlier of its planned last day and the day it was ended on. */
export function isFrozenOn(freeze: Pick<FreezeSpan, 'fromDate' | 'toDate' | 'endedOn'>, date: string): boolean {
  const last = freeze.endedOn !== null && freeze.endedOn < freeze.toDate ? freeze.endedOn : freeze.toDate;
  return freeze.fromDate <= date && date <= last;
}

/**
 * Student ids on the roster of a lesson on `date`, in the order first seen; `chosen` wins when not empty (an
 * individual lesson is for exactly the students picked for it).
 */
export function rosterOn(
  date: string,
  memberships: readonly MembershipSpan[],
  freezes: readonly FreezeSpan[] = [],
  chosen: readonly number[] = [],
): number[] {
  if (chosen.length) return [...new Set(chosen)];
  const frozen = new Set(freezes.filter((f) => isFrozenOn(f, date)).map((f) => f.studentId));
  const ids = new Set<number>();
  for (const m of memberships) if (isMemberOn(m, date) && !frozen.has(m.studentId)) ids.add(m.studentId);
  return [...ids];
}

/**
 * The same rule in SQL, for statements that count or join rosters: `membership` is the alias of a
 * student_groups row, `date` a date expression. True when that member is on the group's roster that day.
 */
export function onRosterSql(membership: string, date: SQL): SQL {
  const m = sql.raw(membership);
  return sql`(${m}.joined_on <= ${date} and (${m}.left_on is null or ${m}.left_on >= ${date})
    and not ${frozenOnSql(sql`${m}.student_id`, date)})`;
}

/** Whether the student (an id expression) is frozen on `date` (a date expression). */
export function frozenOnSql(studentId: SQL, date: SQL): SQL {
  return sql`exists (select 1 from student_freezes fz where fz.student_id = ${studentId} and fz.from_date <= ${date}
    and least(fz.to_date, coalesce(fz.ended_on, fz.to_date)) >= ${date})`;
}

/**
 * The last day in a group of a student who leaves it at `now` (archived, or dropped from a secondary group): today
 * when a lesson of the group has already begun today (they were expected at it, and it may be marked and charged),
 * else yesterday, so they are on the roster of no lesson that begins after they left. `groupId` is an SQL
 * expression (the membership row's group).
 */
export function lastDaySql(groupId: SQL, now: Date): SQL {
  const { date, time } = centreWallClock(now);
  return sql`(case when exists (select 1 from lessons ld where ld.group_id = ${groupId} and ld.date = ${date}::date
    and ld.status <> 'cancelled' and ld.start_time <= ${time}::time) then ${date}::date else ${date}::date - 1 end)`;
}

/**
 * Whether a lesson of a group the student is in today has begun by `now` (as lastDaySql asks for one group). When
 * the caller fixed another `today` than the clock's, none has.
 */
export async function lessonBegunToday(tx: DbOrTx, studentId: number, today: string, now: Date): Promise<boolean> {
  const { date, time } = centreWallClock(now);
  if (date !== today) return false;
  const result = await tx.execute(sql`select exists (select 1 from lessons l join student_groups m on m.group_id = l.group_id
    where m.student_id = ${studentId} and m.joined_on <= ${today}::date and (m.left_on is null or m.left_on >= ${today}::date)
    and l.date = ${today}::date and l.status <> 'cancelled' and l.start_time <= ${time}::time) as begun`);
  const begun = rowsOf<{ begun: unknown }>(result)[0]?.begun;
  return begun === true || begun === 't';
}

/**
 * The day whose roster a group's header counts at `now`: the date of the group's next lesson that has not begun
 * (not cancelled, not an individual lesson for chosen students). With none left (lessons not generated yet, or the
 * group over) it is today, or the group's first day when that is later, so a group that starts next month counts
 * the students already put in it. A group has one regular lesson a day, so this is that lesson's roster.
 */
export function nextRosterDateSql(groupId: SQL, now: Date): SQL {
  const { date, time } = centreWallClock(now);
  return sql`coalesce((select min(ln.date) from lessons ln where ln.group_id = ${groupId} and ln.status <> 'cancelled'
    and (ln.date > ${date}::date or (ln.date = ${date}::date and ln.start_time > ${time}::time))
    and not exists (select 1 from lesson_students lsn where lsn.lesson_id = ln.id)),
    greatest(${date}::date, (select gs.start_date from groups gs where gs.id = ${groupId})))`;
}

/** How many students are on the roster of the group's next lesson (nextRosterDateSql): the header's count. */
export function nextRosterCountSql(groupId: SQL, now: Date): SQL {
  return sql`(select count(*)::int from student_groups sgc, (select ${nextRosterDateSql(groupId, now)} as d) nrd
    where sgc.group_id = ${groupId} and ${onRosterSql('sgc', sql`nrd.d`)})`;
}
