// Bulk writes for the scale seed: rows gathered column by column in JS and sent as one
// `INSERT ... SELECT FROM unnest($1::int[], $2::text[], ...)` per batch: a handful of parameters however many rows,
// which PGlite and node-postgres both take (PGlite has no COPY FROM STDIN through a driver). Each batch is one
// transaction (see WriteMode for how triggers and foreign keys are handled).
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Column types the writer knows how to put in an array literal. Array columns travel as text and are cast. */
export type ColumnType = 'int' | 'smallint' | 'text' | 'numeric' | 'date' | 'time' | 'timestamptz' | 'bool' | 'jsonb' | 'smallint[]';
export type Column = readonly [name: string, type: ColumnType];
export type Cell = string | number | boolean | null;

const QUOTED: ReadonlySet<ColumnType> = new Set(['text', 'timestamptz', 'jsonb', 'smallint[]', 'time']);

/** One element of a PostgreSQL array literal. */
function element(value: Cell, type: ColumnType): string {
  if (value === null) return 'NULL';
  if (type === 'bool') return value ? 't' : 'f';
  if (!QUOTED.has(type)) return String(value);
  return `"${String(value).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

const arrayType = (type: ColumnType) => (type === 'smallint[]' || type === 'jsonb' ? 'text[]' : `${type}[]`);

/** Seconds spent in each table's INSERTs, for the seed's progress lines. */
export const writeSeconds = new Map<string, number>();

/**
 * What a table adds to its batch statement: balance tables moved by the rows (see balances.ts), as `, name as
 * (...)` WITH items reading the inserted rows from `ins`; statements to run before it in the batch's transaction;
 * the columns those need from `ins`; and the trigger to switch off while the batch is written.
 */
export type BatchExtras = {
  returning: string[];
  trigger: string;
  before?: (cells: readonly Cell[][]) => SQL[];
  ctes: SQL;
};

/** A single-column foreign key of the table: checked for the whole batch in one query in fast mode. */
type ForeignKey = { column: string; parent: string; parentColumn: string };

/**
 * How batches are written. With `fast` (the database user is a superuser) each batch's transaction sets
 * session_replication_role = replica, which skips the row triggers, foreign-key checks included: those checks,
 * one lookup per row and key, are most of the cost of a bulk load (on PGlite by far). The same transaction then
 * checks every foreign key of the batch in one anti-join and rolls back if any row lacks its parent, and keeps
 * the balances as the triggers would (balances.ts), so nothing is left unchecked and nothing stays switched off.
 * Without it, the foreign-key triggers run as usual and only the balance trigger is switched off per batch.
 */
export type WriteMode = { fast: boolean; foreignKeys: Map<string, ForeignKey[]> };

export async function writeMode(db: Db): Promise<WriteMode> {
  const su = await db.execute(sql`select rolsuper from pg_roles where rolname = current_user`);
  const fast = Boolean((su as unknown as { rows: { rolsuper: boolean | string }[] }).rows[0]?.rolsuper === true || (su as unknown as { rows: { rolsuper: boolean | string }[] }).rows[0]?.rolsuper === 't');
  const fk = await db.execute(sql`
    select c.conrelid::regclass::text as child, a.attname as column, c.confrelid::regclass::text as parent, pa.attname as parent_column
    from pg_constraint c
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
    join pg_attribute pa on pa.attrelid = c.confrelid and pa.attnum = c.confkey[1]
    where c.contype = 'f' and array_length(c.conkey, 1) = 1 and c.connamespace = 'public'::regnamespace`);
  const foreignKeys = new Map<string, ForeignKey[]>();
  for (const r of (fk as unknown as { rows: { child: string; column: string; parent: string; parent_column: string }[] }).rows) {
    const child = r.child.replace(/"/g, '');
    const list = foreignKeys.get(child) ?? [];
    list.push({ column: r.column, parent: r.parent.replace(/"/g, ''), parentColumn: r.parent_column });
    foreignKeys.set(child, list);
  }
  return { fast, foreignKeys };
}

/** Writes rows of one table in batches of `batchSize`; `push` takes the cells in column order. */
export class TableWriter {
  private cells: Cell[][];
  private size = 0;
  written = 0;

  constructor(
    private readonly db: Db,
    private readonly mode: WriteMode,
    readonly table: string,
    private readonly columns: readonly Column[],
    private readonly batchSize = 10_000,
    private readonly extras?: BatchExtras,
  ) {
    this.cells = columns.map(() => []);
  }

  async push(...row: Cell[]): Promise<void> {
    if (row.length !== this.columns.length) throw new Error(`${this.table}: ${row.length} cells for ${this.columns.length} columns`);
    for (let i = 0; i < row.length; i++) this.cells[i].push(row[i]);
    this.size++;
    if (this.size >= this.batchSize) await this.flush();
  }

  /** `insert into <table> (<columns>) select ... from unnest(...)`, without RETURNING. */
  private insertSql(): SQL {
    const names = this.columns.map(([name]) => `"${name}"`).join(', ');
    const params = this.columns.map(
      ([, type], i) => sql`${`{${this.cells[i].map((v) => element(v, type)).join(',')}}`}::${sql.raw(arrayType(type))}`,
    );
    const select = this.columns.map(([, type], i) => (type === 'smallint[]' || type === 'jsonb' ? `c${i}::${type}` : `c${i}`)).join(', ');
    const alias = this.columns.map((_, i) => `c${i}`).join(', ');
    return sql`insert into ${sql.raw(`"${this.table}"`)} (${sql.raw(names)}) select ${sql.raw(select)} from unnest(${sql.join(params, sql`, `)}) as t(${sql.raw(alias)})`;
  }

  async flush(): Promise<void> {
    if (!this.size) return;
    const started = performance.now();
    const { fast } = this.mode;
    const keys = fast ? (this.mode.foreignKeys.get(this.table) ?? []).filter((k) => this.columns.some(([c]) => c === k.column)) : [];
    const extras = this.extras;
    const insert = this.insertSql();
    if (!keys.length && !extras) {
      await this.db.execute(insert);
    } else {
      const returning = [...new Set([...keys.map((k) => k.column), ...(extras?.returning ?? [])])];
      const broken = keys.length
        ? keys.map((k) => `(select count(*) from ins where ins."${k.column}" is not null and not exists (select 1 from "${k.parent}" p where p."${k.parentColumn}" = ins."${k.column}"))`).join(' + ')
        : '0';
      await this.db.transaction(async (tx) => {
        if (fast) await tx.execute(sql`set local session_replication_role = replica`);
        for (const statement of extras?.before?.(this.cells) ?? []) await tx.execute(statement);
        if (extras && !fast) await tx.execute(sql.raw(`alter table "${this.table}" disable trigger ${extras.trigger}`));
        const result = await tx.execute(
          sql`with ins as (${insert} returning ${sql.raw(returning.join(', '))})${extras?.ctes ?? sql``} select (${sql.raw(broken)})::int as broken`,
        );
        const bad = Number((result as unknown as { rows: { broken: number }[] }).rows[0].broken);
        if (bad) throw new Error(`scale seed: ${bad} rows of ${this.table} point at a missing parent row`);
        if (extras && !fast) await tx.execute(sql.raw(`alter table "${this.table}" enable trigger ${extras.trigger}`));
      });
    }
    writeSeconds.set(this.table, (writeSeconds.get(this.table) ?? 0) + (performance.now() - started) / 1000);
    this.written += this.size;
    this.cells = this.columns.map(() => []);
    this.size = 0;
  }
}

/**
 * Takes `n` consecutive ids from the table's id sequence and answers the first. Rows inserted with these ids
 * can reference each other before they are written (a student's lead, a reversal's entry); the sequence is
 * already past them, so later inserts by the app never collide. Run it while nobody else writes the table.
 */
export async function reserveIds(db: Db, table: string, n: number): Promise<number> {
  if (n <= 0) return 0;
  const seq = sql`pg_get_serial_sequence(${`"${table}"`}, 'id')`;
  const result = await db.execute(sql`select setval(${seq}, nextval(${seq}) + ${n - 1}::int) as last`);
  const last = Number((result as unknown as { rows: { last: string | number }[] }).rows[0].last);
  return last - n + 1;
}

export async function countRows(db: Db, table: string): Promise<number> {
  const result = await db.execute(sql.raw(`select count(*)::int as n from "${table}"`));
  return Number((result as unknown as { rows: { n: number }[] }).rows[0].n);
}
