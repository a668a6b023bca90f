// A group's regular lessons follow its schedule: one `regular` lesson on every date between its start and end
// dates whose weekday is one of its days, in its room, with its teacher, at its times. Regenerating from a date
// on rewrites only what is still to come and untouched: planned, not moved, no attendance marked. Held and
// cancelled lessons, moved ones and everything before that date stay as they are.
import { and, eq, gte, isNull, notExists, sql } from 'drizzle-orm';
import { CLOSED_GROUP_STATUSES } from '../../../contract/groups';
import type { DbOrTx } from '../../db/client';
import { attendance, type groups, lessons } from '../../db/schema';
import { lessonDates } from '../lessons/dates';

/** The group columns lesson generation reads. */
export type LessonSource = Pick<
  typeof groups.$inferSelect,
  'id' | 'filialId' | 'roomId' | 'teacherId' | 'days' | 'startTime' | 'endTime' | 'startDate' | 'endDate' | 'status'
>;

/** A PostgreSQL array literal of dates, sent as one parameter however many dates there are. */
const dateArray = (dates: string[]) => sql`${`{${dates.join(',')}}`}::date[]`;

/**
 * Makes the group's regular lessons from `from` on match its schedule (none once it is finished or archived).
 * Returns how many lessons were added, removed and updated.
 */
export async function regenerateLessons(tx: DbOrTx, g: LessonSource, from: string, createdBy: number | null) {
  const first = g.startDate > from ? g.startDate : from;
  const dates = CLOSED_GROUP_STATUSES.includes(g.status) ? [] : lessonDates(first, g.endDate, g.days);

  // Lessons still free to rewrite: regular, planned, in place, nothing marked.
  const rewritable = and(
    eq(lessons.groupId, g.id),
    eq(lessons.kind, 'regular'),
    eq(lessons.status, 'planned'),
    isNull(lessons.movedFromDate),
    gte(lessons.date, from),
    notExists(tx.select({ one: sql`1` }).from(attendance).where(eq(attendance.lessonId, lessons.id))),
  );

  const removed = await tx
    .delete(lessons)
    .where(and(rewritable, sql`${lessons.date} <> all(${dateArray(dates)})`))
    .returning({ id: lessons.id });

  const updated = await tx
    .update(lessons)
    .set({ filialId: g.filialId, roomId: g.roomId, teacherId: g.teacherId, startTime: g.startTime, endTime: g.endTime })
    .where(
      and(
        rewritable,
        sql`(${lessons.roomId}, ${lessons.teacherId}, ${lessons.startTime}, ${lessons.endTime}, ${lessons.filialId})
          is distinct from (${g.roomId}::int, ${g.teacherId}::int, ${g.startTime}::time, ${g.endTime}::time, ${g.filialId}::int)`,
      ),
    )
    .returning({ id: lessons.id });

  let added = 0;
  if (dates.length) {
    // One statement for every date; a date that already has the group's regular lesson (held, cancelled, or
    // kept) is skipped by the unique index, and a date whose lesson was moved elsewhere is not filled again.
    const result = await tx.execute(sql`
      insert into ${lessons} (filial_id, group_id, kind, date, start_time, end_time, room_id, teacher_id, status, created_by)
      select ${g.filialId}, ${g.id}, 'regular', d, ${g.startTime}, ${g.endTime}, ${g.roomId}, ${g.teacherId}, 'planned', ${createdBy}
      from unnest(${dateArray(dates)}) as d
      where not exists (select 1 from ${lessons} m where m.group_id = ${g.id} and m.moved_from_date = d)
      on conflict (group_id, date) where kind = 'regular' do nothing
      returning id`);
    added = (result as unknown as { rows: unknown[] }).rows.length;
  }
  return { added, removed: removed.length, updated: updated.length };
}
