// Heavy reads on a PostgreSQL streaming replica (DATABASE_REPLICA_URL; docs/deployment.md, "A read replica").
// The reports, their exports and the statistics read from the replica; everything else, and every write, stays on
// the primary. Two rules keep what a user sees right:
// - read your writes: after each write request an employee makes, the primary's WAL position is stored for them
//   (replica_write_marks, on the primary, so every process sees it). Their heavy reads use the replica only once it
//   has replayed that position; until then (a few milliseconds normally) they go to the primary.
// - bounded staleness: a replica further behind than REPLICA_MAX_LAG seconds, or not answering, is passed over and
//   every heavy read goes to the primary until it catches up. Others' writes thus show in a report within that bound.
import { eq, sql } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { describeErrorBriefly } from '../log/redact';
import type { Db } from './client';
import { replicaWriteMarks } from './schema';

/** The database an employee's heavy read should use. */
export type HeavyReads = (employeeId: number) => Promise<Db>;

export type ReplicaChoice = { db: 'replica' | 'primary'; reason: 'caught_up' | 'behind_own_write' | 'lagging' | 'unreachable' };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Where an employee's heavy read goes, and why. */
export async function chooseReplica(primary: Db, replica: Db, employeeId: number, maxLagSeconds: number): Promise<ReplicaChoice> {
  const [mark] = await primary.select({ lsn: replicaWriteMarks.lsn }).from(replicaWriteMarks).where(eq(replicaWriteMarks.employeeId, employeeId));
  let state: { caught_up: boolean; lag: number | string | null };
  try {
    // An idle primary sends nothing, so the time since the last replayed transaction is no lag when all that was
    // received has been replayed.
    [state] = rowsOf<typeof state>(
      await replica.execute(sql`
        select (${mark?.lsn ?? null}::pg_lsn is null or pg_last_wal_replay_lsn() >= ${mark?.lsn ?? null}::pg_lsn) as caught_up,
          case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
            else extract(epoch from now() - pg_last_xact_replay_timestamp()) end as lag`),
    );
  } catch (err) {
    console.error('Read replica unavailable, reading from the primary:', describeErrorBriefly(err));
    return { db: 'primary', reason: 'unreachable' };
  }
  if (Number(state.lag ?? 0) > maxLagSeconds) return { db: 'primary', reason: 'lagging' };
  if (!state.caught_up) return { db: 'primary', reason: 'behind_own_write' };
  return { db: 'replica', reason: 'caught_up' };
}

/** Heavy reads: the primary without a replica, else the replica whenever chooseReplica allows. */
export function heavyReads(primary: Db, replica: Db | null, maxLagSeconds: number): HeavyReads {
  if (!replica) return async () => primary;
  return async (employeeId) => ((await chooseReplica(primary, replica, employeeId, maxLagSeconds)).db === 'replica' ? replica : primary);
}

/**
 * Middleware behind requireAuth, installed only with a replica: after a write request that did not fail, stores
 * the primary's WAL position for the employee (after the handler committed, so the position covers the write).
 */
export function rememberWrites(primary: Db): MiddlewareHandler<{ Variables: { user: { id: number } } }> {
  return async (c, next) => {
    await next();
    if (!WRITES.has(c.req.method) || c.res.status >= 400) return;
    const employeeId = c.get('user')?.id;
    if (!employeeId) return;
    // A failure here leaves the answer as it is (the write happened); the employee may then see a report older
    // than their write, within the replica's lag.
    await primary
      .insert(replicaWriteMarks)
      .values({ employeeId, lsn: sql`pg_current_wal_insert_lsn()::text` })
      .onConflictDoUpdate({ target: replicaWriteMarks.employeeId, set: { lsn: sql`excluded.lsn`, at: sql`now()` } })
      .catch((err: unknown) => console.error('Could not record a write for the read replica:', describeErrorBriefly(err)));
  };
}
