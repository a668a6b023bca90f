// The rows of a raw `db.execute(sql...)` result. Both drivers (PGlite and node-postgres) answer with `{ rows }`,
// but drizzle types the result by driver, so raw statements read their rows through this one cast.
export type Row = Record<string, unknown>;

export const rowsOf = <T = Row>(result: unknown): T[] => (result as { rows: T[] }).rows;
