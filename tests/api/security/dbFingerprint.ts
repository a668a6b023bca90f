// A cheap fingerprint of every table's rows (count and an order-free sum of row hashes), to prove that refused
// requests changed nothing. Auth bookkeeping is left out: the matrix signs its users in before it starts, and a
// refused request must not touch those tables either, but sign-in throttling rows are keyed by address, not user.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../server/db/client';

const SKIPPED = new Set(['login_attempts', '__drizzle_migrations']);

/** `skip`: tables the calling test itself writes between the two fingerprints. */
export async function dbFingerprint(db: Db, skip: readonly string[] = []): Promise<Map<string, string>> {
  const tables = (
    (await db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by 1`)) as unknown as {
      rows: { tablename: string }[];
    }
  ).rows
    .map((r) => r.tablename)
    .filter((name) => !SKIPPED.has(name) && !skip.includes(name));
  const union = sql.join(
    tables.map(
      (name) =>
        sql`select ${name}::text as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as print from ${sql.identifier(name)} t`,
    ),
    sql` union all `,
  );
  const rows = ((await db.execute(union)) as unknown as { rows: { name: string; print: string }[] }).rows;
  return new Map(rows.map((r) => [r.name, r.print]));
}

/** Counts answers by status, for the figures the matrix prints. */
export class StatusTally {
  private counts = new Map<number, number>();
  add(status: number) {
    this.counts.set(status, (this.counts.get(status) ?? 0) + 1);
  }
  toString() {
    return [...this.counts.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
  }
}

/** Names of the tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
}
