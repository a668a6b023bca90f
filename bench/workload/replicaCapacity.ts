// `npm run bench -- capacity --replica`: what moving the heavy reads to a streaming replica gains (issue 19 §2).
// A throwaway primary (wal_level=replica) and its standby on spare ports of this machine, the dataset seeded into
// the primary and copied by pg_basebackup; then the same capacity ladder twice on that primary: without
// DATABASE_REPLICA_URL and with it. Both runs share the machine's two cores with both clusters, so the figure says
// what a replica gains on the same machine; on a machine of its own it would also add its cores.
import pg from 'pg';
import { startPrimaryAndStandby } from '../../tests/support/pgClusters';
import { databaseUrl, postgresDataset, postgresName, type Scale } from '../dataset';
import { freePort } from '../server';
import { runCapacity, type CapacityResult } from './capacity';

/** `replica_transactions`: what the standby served during the second ladder (evidence the reads went there). */
export type ReplicaCapacityResult = { date: string; primary_only: CapacityResult; with_replica: CapacityResult; replica_transactions: number };

type Opts = { scale: Scale; levels: number[]; stageSeconds: number; thinkMs: number; log(line: string): void };

/** Transactions the server of `url` has finished in its database (commits and rollbacks). */
async function transactions(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ n: string }>('select xact_commit + xact_rollback as n from pg_stat_database where datname = current_database()');
    return Number(r.rows[0].n);
  } finally {
    await client.end();
  }
}

export async function runReplicaCapacity(opts: Opts): Promise<ReplicaCapacityResult> {
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  opts.log(`capacity --replica: a primary on ${primaryPort}, its standby on ${standbyPort}; seeding ${opts.scale.students} students into the primary`);
  const pair = await startPrimaryAndStandby(primaryPort, standbyPort, async (primary) => {
    await postgresDataset(opts.scale, true, opts.log, primary.url('postgres'));
  });
  try {
    const name = postgresName(opts.scale);
    const primaryUrl = databaseUrl(name, pair.primary.url('postgres'));
    const replicaUrl = databaseUrl(name, pair.standby.url('postgres'));
    opts.log('capacity --replica: the ladder on the primary alone');
    const primaryOnly = await runCapacity({ ...opts, dbEnv: { DATABASE_URL: primaryUrl } });
    opts.log('capacity --replica: the ladder with the reports on the replica');
    const before = await transactions(replicaUrl);
    const withReplica = await runCapacity({ ...opts, dbEnv: { DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: replicaUrl } });
    const served = (await transactions(replicaUrl)) - before;
    opts.log(`capacity --replica: the standby served ${served} transactions`);
    return { date: new Date().toISOString(), primary_only: primaryOnly, with_replica: withReplica, replica_transactions: served };
  } finally {
    await pair.stop();
  }
}
