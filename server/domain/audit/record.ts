// The audit trail: every mutation writes one entry in the same transaction as the change itself.
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditEntry = {
  actorId: number | null;
  /** `area.verb`, e.g. 'auth.sign_in', 'employee.password_change'. */
  action: string;
  entity: string;
  entityId?: string | number | null;
  filialId?: number | null;
  before?: unknown;
  after?: unknown;
  ip?: string | null;
  /** When it happened, if the caller's clock says (attendance: the request's instant); else the database's now(). */
  at?: Date;
};

const rowOf = (entry: AuditEntry) => ({
  actorId: entry.actorId,
  action: entry.action,
  entity: entry.entity,
  entityId: entry.entityId == null ? null : String(entry.entityId),
  filialId: entry.filialId ?? null,
  before: entry.before ?? null,
  after: entry.after ?? null,
  ip: entry.ip ?? null,
  ...(entry.at ? { createdAt: entry.at } : {}),
});

export async function audit(tx: DbOrTx, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values(rowOf(entry));
}

/**
 * The entry's INSERT as a part of another statement (a data-modifying CTE), answering `created_at` and `actor_id`:
 * a save that writes its rows and its entry in one round trip.
 */
export function auditInsert(tx: DbOrTx, entry: AuditEntry): SQL {
  return tx.insert(auditLog).values(rowOf(entry)).returning({ createdAt: auditLog.createdAt, actorId: auditLog.actorId }).getSQL();
}

/** An actor's change (the user who made it, from where): the entry without repeating who and where at each call. */
export function auditBy(tx: DbOrTx, actor: { user: { id: number }; ip: string }, entry: Omit<AuditEntry, 'actorId' | 'ip'>): Promise<void> {
  return audit(tx, { ...entry, actorId: actor.user.id, ip: actor.ip });
}
