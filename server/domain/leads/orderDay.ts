// What an order may name (create_order and change_order alike): a main, planned or running group of the lead's
// branch (400 on `group`), and a first lesson within the group's dates, on a weekday the group meets, whose lesson
// that day is not cancelled (400 on `first_lesson_date`). The order dialog offers only such days; the server
// holds the rule so no other client can book a day without a lesson.
import { and, eq } from 'drizzle-orm';
import { CLOSED_GROUP_STATUSES } from '../../../contract/groups';
import type { LeadOrder } from '../../../contract/leadStages';
import { isoWeekday } from '../../../contract/schedule';
import type { DbOrTx } from '../../db/client';
import { groups, lessons } from '../../db/schema';
import { fieldError } from '../core/errors';

export async function checkOrder(tx: DbOrTx, leadFilial: number, order: LeadOrder): Promise<void> {
  const [group] = await tx
    .select({ filialId: groups.filialId, status: groups.status, isSecondary: groups.isSecondary, startDate: groups.startDate, endDate: groups.endDate, days: groups.days })
    .from(groups)
    .where(eq(groups.id, order.group));
  if (!group || group.filialId !== leadFilial || group.isSecondary || CLOSED_GROUP_STATUSES.includes(group.status)) {
    throw fieldError('group', 'validation.notFound');
  }
  const day = order.first_lesson_date;
  if (day < group.startDate || day > group.endDate) throw fieldError('first_lesson_date', 'validation.invalid');
  if (!group.days.includes(isoWeekday(day))) throw fieldError('first_lesson_date', 'validation.notLessonDay');
  // The group's own lesson of that day (at most one regular lesson a day) may have been cancelled.
  const [lesson] = await tx
    .select({ status: lessons.status })
    .from(lessons)
    .where(and(eq(lessons.groupId, order.group), eq(lessons.date, day), eq(lessons.kind, 'regular')));
  if (lesson?.status === 'cancelled') throw fieldError('first_lesson_date', 'validation.lessonCancelled');
}
