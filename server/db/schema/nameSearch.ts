// The text that name search matches, as one SQL expression shared by the queries and the trigram index over it
// (PostgreSQL uses an expression index only for the same expression).
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/** Uzbek Latin's o‘ and g‘ are typed with any of these; the search treats them all as the ASCII apostrophe. */
export const APOSTROPHES = '‘’ʻʼ`';

/** lower(name) with every apostrophe of APOSTROPHES made the ASCII one. */
export function searchableName(column: AnyPgColumn): SQL {
  return sql`translate(lower(${column}), ${sql.raw(`'${APOSTROPHES}'`)}, ${sql.raw(`'${"''".repeat(APOSTROPHES.length)}'`)})`;
}
