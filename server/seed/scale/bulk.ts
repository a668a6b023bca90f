// Bulk writes for the scale seed: rows gathered column by column in JS and sent as one
// `INSERT ... SELECT FROM unnest($1::int[], $2::text[], ...)` per batch: a handful of parameters however many rows,
// which PGlite and node-postgres both take (PGlite has no COPY FROM STDIN through a driver). Each batch is one
// statement, so it is its own transaction; the balance triggers of migration 0004 run for every row as usual.
import { sql } from 'drizzle-orm';
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

/** Writes rows of one table in batches of `batchSize`; `push` takes the cells in column order. */
export class TableWriter {
  private cells: Cell[][];
  private size = 0;
  written = 0;

  constructor(
    private readonly db: Db,
    readonly table: string,
    private readonly columns: readonly Column[],
    private readonly batchSize = 10_000,
  ) {
    this.cells = columns.map(() => []);
  }

  async push(...row: Cell[]): Promise<void> {
    if (row.length !== this.columns.length) throw new Error(`${this.table}: ${row.length} cells for ${this.columns.length} columns`);
    for (let i = 0; i < row.length; i++) this.cells[i].push(row[i]);
    this.size++;
    if (this.size >= this.batchSize) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.size) return;
    const names = this.columns.map(([name]) => `"${name}"`).join(', ');
    const params = this.columns.map(
      ([, type], i) => sql`${`{${this.cells[i].map((v) => element(v, type)).join(',')}}`}::${sql.raw(arrayType(type))}`,
    );
    const select = this.columns.map(([, type], i) => (type === 'smallint[]' || type === 'jsonb' ? `c${i}::${type}` : `c${i}`)).join(', ');
    const alias = this.columns.map((_, i) => `c${i}`).join(', ');
    await this.db.execute(
      sql`insert into ${sql.raw(`"${this.table}"`)} (${sql.raw(names)}) select ${sql.raw(select)} from unnest(${sql.join(params, sql`, `)}) as t(${sql.raw(alias)})`,
    );
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
