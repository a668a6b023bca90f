// The audit trail: every mutation writes one entry in the same transaction as the change itself.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLog, employees } from '../../db/schema';

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

/** The entry written, answering its instant and its author's name in the same round trip (a save that shows its
 * own history line). */
export async function auditWithAuthor(tx: DbOrTx, entry: AuditEntry): Promise<{ at: Date; authorName: string | null }> {
  const [row] = await tx
    .insert(auditLog)
    .values(rowOf(entry))
    .returning({ at: auditLog.createdAt, authorName: sql<string | null>`(select ${employees.fullName} from ${employees} where ${employees.id} = ${auditLog.actorId})` });
  return row;
}

/** An actor's change (the user who made it, from where): the entry without repeating who and where at each call. */
export function auditBy(tx: DbOrTx, actor: { user: { id: number }; ip: string }, entry: Omit<AuditEntry, 'actorId' | 'ip'>): Promise<void> {
  return audit(tx, { ...entry, actorId: actor.user.id, ip: actor.ip });
}
