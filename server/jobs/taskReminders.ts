// The overdue reminder: once a minute, every open task whose due time has passed and whose performer has not yet
// been told gets one notification (tasks.overdue_notified_at marks it, so a task is reminded once per due time).
import { and, inArray, isNull, lt, sql } from 'drizzle-orm';
import { taskLink } from '../../contract/tasks';
import type { Db } from '../db/client';
import { tasks } from '../db/schema';
import { notify } from '../domain/notifications/notifications';
import { taskText } from '../domain/tasks/texts';
import { everyPeriod } from './runOnce';
import type { Clock } from '../domain/core/clock';

/** Notifies the performers of newly overdue tasks; returns the ids of the tasks reminded. */
export async function remindOverdueTasks(db: Db, localesDir: string, now: Date): Promise<number[]> {
  return db.transaction(async (tx) => {
    // FOR UPDATE SKIP LOCKED: two app processes never remind the same task twice.
    const due = await tx
      .select({ id: tasks.id, title: tasks.title, dueAt: tasks.dueAt, performerId: tasks.performerId, filialId: tasks.filialId })
      .from(tasks)
      .where(and(inArray(tasks.status, ['new', 'in_progress']), lt(tasks.dueAt, now), isNull(tasks.overdueNotifiedAt)))
      .orderBy(tasks.id)
      .limit(500)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    await notify(
      tx,
      due.map((t) => ({ userId: t.performerId, filialId: t.filialId, link: taskLink(t.id), comment: taskText(localesDir, 'overdue', { title: t.title, due: t.dueAt }) })),
    );
    const ids = due.map((t) => t.id);
    await tx.update(tasks).set({ overdueNotifiedAt: sql`now()` }).where(and(inArray(tasks.id, ids), isNull(tasks.overdueNotifiedAt)));
    return ids;
  });
}

/** Runs the reminder now and every minute, once per period across processes (runOnce.ts); returns the stop function. */
export function scheduleTaskReminders(db: Db, localesDir: string, clock: Clock, everyMs = 60_000): () => void {
  return everyPeriod(db, clock, 'task-reminders', everyMs, async (now) => {
    const ids = await remindOverdueTasks(db, localesDir, now);
    if (ids.length) console.log(`Task reminders: ${ids.length} overdue.`);
  });
}
