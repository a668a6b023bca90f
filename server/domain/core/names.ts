// Names that must be free among the active rows of a table (cashiers of a branch, kinds of a side, marketing
// sources and groups), compared without letters' case.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { fieldError } from './errors';

type Named = PgTable & { id: PgColumn; name: PgColumn; isArchived: PgColumn };

/**
 * Another active row of that name (`within`: of that branch or side; `exceptId`: the row being renamed) is a 400 on
 * `name`. The caller first takes the lock that makes writers of these names take turns.
 */
export async function assertNameFree(tx: DbOrTx, table: Named, name: string, within?: SQL, exceptId?: number, message = 'validation.nameTaken'): Promise<void> {
  const [taken] = await tx
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(within, eq(table.isArchived, false), sql`lower(${table.name}) = lower(${name})`, exceptId == null ? undefined : ne(table.id, exceptId)))
    .limit(1);
  if (taken) throw fieldError('name', message);
}
