// Autovacuum's part, when the PostgreSQL under the bench has it off (a test cluster may: this machine's sets
// `autovacuum = off` for its tests). A production server keeps it on (the default), and without it the workload's
// writes (lead moves, payments' kept totals, registers) leave dead rows and stale visibility maps that slow every run
// after the first, so a ladder measured the database's history rather than the code. The bench then vacuums the
// database before the run and, while the run lasts, does each minute what autovacuum would with its default
// settings: VACUUM a table whose dead rows passed 50 + 20 % of its rows, ANALYZE one whose changes passed 50 + 10 %,
// throttled as autovacuum is (2 ms of sleep per 200 cost units).
import pg from 'pg';

export type VacuumStandIn = { stop(): Promise<void>; vacuumed(): string[] };

const EVERY_MS = 60_000;

/** Starts the stand-in on the database of `url`; null when the server runs autovacuum itself. */
export async function standInForAutovacuum(url: string, log: (line: string) => void): Promise<VacuumStandIn | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ autovacuum: string }>('show autovacuum');
  if (rows[0].autovacuum === 'on') {
    await client.end();
    return null;
  }
  const started = performance.now();
  await client.query('vacuum (analyze)');
  log(`autovacuum is off on this PostgreSQL: the database vacuumed before the run (${((performance.now() - started) / 1000).toFixed(1)} s), and each minute as autovacuum would`);
  await client.query(`set vacuum_cost_delay = '2ms'`);
  await client.query('set vacuum_cost_limit = 200');
  const done: string[] = [];
  let pass: Promise<void> = Promise.resolve();
  const round = async () => {
    const due = await client.query<{ name: string; vacuum: boolean; analyze: boolean }>(`
      select format('%I.%I', schemaname, relname) as name,
        n_dead_tup > 50 + 0.2 * n_live_tup as vacuum, n_mod_since_analyze > 50 + 0.1 * n_live_tup as analyze
      from pg_stat_user_tables
      where n_dead_tup > 50 + 0.2 * n_live_tup or n_mod_since_analyze > 50 + 0.1 * n_live_tup`);
    for (const t of due.rows) {
      await client.query(`${t.vacuum ? 'vacuum (analyze)' : 'analyze'} ${t.name}`);
      done.push(`${t.vacuum ? 'vacuum' : 'analyze'} ${t.name}`);
    }
  };
  const timer = setInterval(() => {
    pass = pass.then(round).catch((e: unknown) => log(`vacuum stand-in: ${e instanceof Error ? e.message : String(e)}`));
  }, EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await pass;
      await client.end();
    },
    vacuumed: () => [...done],
  };
}
