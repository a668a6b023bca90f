// Background jobs with several app processes on one database: each job runs once per period, whichever process
// gets there first. Time is cut into periods of the job's interval (10 minutes: 10:00, 10:10 ...); a process's timer
// fires some time in a period and claims it with one INSERT into job_runs (PK job + period start): the winner runs
// the job, every other process skips that period. A claim is also refused while an earlier run of the job is still
// going (started less than two periods ago and not finished), so a slow run is not joined by another process; a
// run that died with its process stops blocking after those two periods; a process that stops on a signal releases
// its runs at once (releaseRuns). Rows older than a week are deleted.
// Every job is safe to run twice anyway (row locks, conditional updates); this keeps them from doing the work twice.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';
import type { Clock } from '../domain/core/clock';
import { describeErrorBriefly } from '../log/redact';

/** This process, as job_runs.holder shows it. */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
const KEEP_MS = 7 * 24 * 3_600_000;

/** The start of the period of `everyMs` that holds `now`. */
export const periodStart = (now: Date, everyMs: number) => new Date(Math.floor(now.getTime() / everyMs) * everyMs);

/** Claims the job's period holding `now`; true when this process is to run it. */
export async function claimPeriod(db: Db, job: string, everyMs: number, now: Date, holder = PROCESS_HOLDER): Promise<boolean> {
  const period = periodStart(now, everyMs);
  const running = new Date(now.getTime() - 2 * everyMs);
  const result = await db.execute(sql`
    insert into ${jobRuns} (job, period_start, holder, started_at)
    select ${job}, ${period.toISOString()}::timestamptz, ${holder}, ${now.toISOString()}::timestamptz
    where not exists (
      select 1 from ${jobRuns}
      where job = ${job} and finished_at is null and started_at > ${running.toISOString()}::timestamptz)
    on conflict do nothing
    returning job`);
  const claimed = (result as unknown as { rows: unknown[] }).rows.length === 1;
  if (claimed) await db.delete(jobRuns).where(and(eq(jobRuns.job, job), lt(jobRuns.periodStart, new Date(now.getTime() - KEEP_MS))));
  return claimed;
}

/**
 * A stopping process's unfinished runs, closed with an error: its jobs are cut short with it, and the next period
 * is free to any process at once rather than two periods later. Returns how many were released.
 */
export async function releaseRuns(db: Db, now: Date, holder = PROCESS_HOLDER): Promise<number> {
  const released = await db
    .update(jobRuns)
    .set({ finishedAt: now, error: 'stopped with its process' })
    .where(and(eq(jobRuns.holder, holder), isNull(jobRuns.finishedAt)))
    .returning({ job: jobRuns.job });
  return released.length;
}

async function finish(db: Db, job: string, everyMs: number, now: Date, finishedAt: Date, error: string | null) {
  await db
    .update(jobRuns)
    .set({ finishedAt, error })
    .where(and(eq(jobRuns.job, job), eq(jobRuns.periodStart, periodStart(now, everyMs))));
}

/**
 * Runs `work` now and every `everyMs` on `clock`, at most once per period across every process on the database
 * (and never twice at once in this one). A failed run is logged and recorded; the next period tries again.
 * Returns stop().
 */
export function everyPeriod(db: Db, clock: Clock, job: string, everyMs: number, work: (now: Date) => Promise<void>): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    const now = clock.now();
    try {
      if (!(await claimPeriod(db, job, everyMs, now))) return;
      let error: string | null = null;
      try {
        await work(now);
      } catch (err: unknown) {
        error = describeErrorBriefly(err);
        console.error(`${job} job failed:`, error);
      }
      await finish(db, job, everyMs, now, clock.now(), error);
    } catch (err: unknown) {
      console.error(`${job} job could not be scheduled:`, describeErrorBriefly(err));
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
