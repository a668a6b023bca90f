// A fingerprint of a whole database: per table (public and drizzle schemas) its row count and the md5 of its rows
// in primary-key order, and every sequence's last value. Two equal snapshots mean equal contents.
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/db/client';
import { rowsOf } from './crashSetup';

export type Snapshot = Record<string, string>;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function snapshot(db: Db): Promise<Snapshot> {
  const tables = rowsOf<{ schema: string; name: string; pk: string[] | string | null }>(
    await db.execute(sql`
      select t.table_schema as schema, t.table_name as name,
        (select array_agg(a.attname::text order by array_position(i.indkey, a.attnum))
           from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
          where i.indrelid = (quote_ident(t.table_schema) || '.' || quote_ident(t.table_name))::regclass and i.indisprimary) as pk
      from information_schema.tables t
      where t.table_schema in ('public', 'drizzle') and t.table_type = 'BASE TABLE'
      order by 1, 2`),
  );
  const out: Snapshot = {};
  for (const t of tables) {
    const table = `${ident(t.schema)}.${ident(t.name)}`;
    // PGlite hands arrays back parsed, node-postgres too for text[]; be lenient with '{a,b}'.
    const pk = Array.isArray(t.pk) ? t.pk : t.pk ? t.pk.replace(/^\{|\}$/g, '').split(',') : [];
    const order = pk.length ? pk.map((c) => `r.${ident(c)}`).join(', ') : 'r::text';
    const [row] = rowsOf<{ n: number; md5: string | null }>(
      await db.execute(sql.raw(`select count(*)::int as n, md5(string_agg(r::text, E'\\n' order by ${order})) as md5 from ${table} r`)),
    );
    out[`${t.schema}.${t.name}`] = `${row.n} ${row.md5 ?? '-'}`;
  }
  for (const s of rowsOf<{ name: string; last: string | null }>(await db.execute(sql`select schemaname || '.' || sequencename as name, last_value::text as last from pg_sequences order by 1`))) {
    out[`sequence ${s.name}`] = s.last ?? 'unused';
  }
  return out;
}
