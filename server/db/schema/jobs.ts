import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from './employees';

/**
 * One row per run of a background job and period (server/jobs/runOnce.ts): the process whose insert wins runs the
 * job for that period, every other process skips it. `finished_at` stays null while it runs (or when it died).
 */
export const jobRuns = pgTable(
  'job_runs',
  {
    job: text('job').notNull(),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    /** The process that ran it: host, pid and a random id (several processes may share a pid across hosts). */
    holder: text('holder').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Null while running or on success; the brief error of a failed run. */
    error: text('error'),
  },
  (t) => [primaryKey({ columns: [t.job, t.periodStart] })],
);

/**
 * With a read replica (DATABASE_REPLICA_URL): the primary's WAL position just after an employee's last write, so
 * that employee's heavy reads wait for a replica that has replayed it, or go to the primary (server/db/replica.ts).
 */
export const replicaWriteMarks = pgTable('replica_write_marks', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  /** pg_lsn as text ("16/B374D848"). */
  lsn: text('lsn').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
