// The branch a new course or homework is created in: inside the user's scope and an active branch, else 404
// like any object outside the scope (resolveFilial).
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { filials } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { resolveFilial } from '../core/scope';

export async function assertOwnBranch(tx: DbOrTx, user: AuthUser, filialId: number): Promise<void> {
  resolveFilial(user, filialId);
  const [row] = await tx.select({ isArchived: filials.isArchived }).from(filials).where(eq(filials.id, filialId));
  if (!row || row.isArchived) throw notFound('Branch not found');
}
