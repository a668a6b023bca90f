// The director's keys of the public lead form, one or more per branch: made (the key is answered once and stored
// as its SHA-256), listed without the secret, their label and allowed origins edited, revoked. Every write is in
// the audit log.
import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { CreatedLeadKey, LeadKey, leadKeyCreateBody, leadKeyPatchBody } from '../../../contract/leadCapture';
import type { Db, DbOrTx } from '../../db/client';
import { filials, leadKeys } from '../../db/schema';
import { audit } from '../audit/record';
import type { Actor, AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { allowedFilials, inScope } from '../core/scope';

/** The stored form of a key: its SHA-256 (a random 32-byte secret needs no slow hash). */
export const hashLeadKey = (key: string) => createHash('sha256').update(key).digest('hex');

const columns = {
  id: leadKeys.id,
  label: leadKeys.label,
  origins: leadKeys.origins,
  createdAt: leadKeys.createdAt,
  lastUsedAt: leadKeys.lastUsedAt,
  revokedAt: leadKeys.revokedAt,
};

function toLeadKey(row: { id: number; label: string; origins: string[]; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null }): LeadKey {
  return {
    id: row.id,
    label: row.label,
    origins: row.origins,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

/** An active branch of the user's scope; 404 otherwise. */
async function branchOf(db: DbOrTx, user: AuthUser, filialId: number): Promise<void> {
  const [row] = await db.select({ id: filials.id }).from(filials).where(and(eq(filials.id, filialId), eq(filials.isArchived, false)));
  if (!row || !inScope(allowedFilials(user), filialId)) throw notFound('Branch not found');
}

export async function listLeadKeys(db: Db, user: AuthUser, filialId: number): Promise<LeadKey[]> {
  await branchOf(db, user, filialId);
  const rows = await db.select(columns).from(leadKeys).where(eq(leadKeys.filialId, filialId)).orderBy(asc(leadKeys.id));
  return rows.map(toLeadKey);
}

export async function createLeadKey(db: Db, actor: Actor, filialId: number, body: z.output<typeof leadKeyCreateBody>): Promise<CreatedLeadKey> {
  return db.transaction(async (tx) => {
    await branchOf(tx, actor.user, filialId);
    const key = `lk_${randomBytes(24).toString('base64url')}`;
    const [row] = await tx
      .insert(leadKeys)
      .values({ filialId, label: body.label ?? '', origins: body.origins ?? [], keyHash: hashLeadKey(key), createdBy: actor.user.id, createdAt: actor.now })
      .returning(columns);
    await audit(tx, { actorId: actor.user.id, action: 'lead_key.create', entity: 'lead_key', entityId: row.id, filialId, after: toLeadKey(row), ip: actor.ip });
    return { id: row.id, key };
  });
}

/** The branch's key, locked for the transaction; 404 when it is another branch's or unknown. */
async function lockKey(tx: DbOrTx, actor: Actor, filialId: number, keyId: number) {
  await branchOf(tx, actor.user, filialId);
  const [row] = await tx.select(columns).from(leadKeys).where(and(eq(leadKeys.id, keyId), eq(leadKeys.filialId, filialId))).for('update');
  if (!row) throw notFound('Lead key not found');
  return row;
}

export async function patchLeadKey(db: Db, actor: Actor, filialId: number, keyId: number, body: z.output<typeof leadKeyPatchBody>): Promise<LeadKey> {
  return db.transaction(async (tx) => {
    const before = await lockKey(tx, actor, filialId, keyId);
    const [after] = await tx
      .update(leadKeys)
      .set({ label: body.label ?? before.label, origins: body.origins ?? before.origins })
      .where(eq(leadKeys.id, keyId))
      .returning(columns);
    await audit(tx, { actorId: actor.user.id, action: 'lead_key.update', entity: 'lead_key', entityId: keyId, filialId, before: toLeadKey(before), after: toLeadKey(after), ip: actor.ip });
    return toLeadKey(after);
  });
}

/** Revoking twice is no error: the key stays revoked from the first time. */
export async function revokeLeadKey(db: Db, actor: Actor, filialId: number, keyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockKey(tx, actor, filialId, keyId);
    if (before.revokedAt) return;
    const [after] = await tx.update(leadKeys).set({ revokedAt: actor.now }).where(eq(leadKeys.id, keyId)).returning(columns);
    await audit(tx, { actorId: actor.user.id, action: 'lead_key.revoke', entity: 'lead_key', entityId: keyId, filialId, before: toLeadKey(before), after: toLeadKey(after), ip: actor.ip });
  });
}
