// Branches. Only the list for now; creating and editing branches comes with the control area.
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Filial } from '../../contract/filial';
import type { Db } from '../db/client';
import { filials } from '../db/schema';
import type { AuthUser } from '../http/context';
import { allowedFilials } from './scope';

/** The active branches in the user's scope, by id. */
export async function listFilials(db: Db, user: AuthUser): Promise<Filial[]> {
  const scope = allowedFilials(user);
  return db
    .select({ id: filials.id, name: filials.name })
    .from(filials)
    .where(and(eq(filials.isArchived, false), scope === 'all' ? undefined : inArray(filials.id, scope)))
    .orderBy(asc(filials.id));
}
