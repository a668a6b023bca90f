// The public lead form (POST /api/public/leads/): the branch's key, the origins it allows, the limits per address
// and per key (counted in login_attempts by the sign-in throttle's mechanism, so every process sees one count),
// and the lead itself.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { publicLeadBody } from '../../../contract/leadCapture';
import type { Db } from '../../db/client';
import { filials, leadKeys } from '../../db/schema';
import { translate } from '../../i18n';
import { reserveAttempt, type ThrottleKey } from '../../auth/throttle';
import { DomainError, unauthorized } from '../core/errors';
import { resolveNamed, takeArrivedLead } from './arrivedLeads';
import { hashLeadKey } from './leadKeys';

export type FormKey = { id: number; filialId: number; origins: string[] };

/** The live key (not revoked, its branch open) the header names; 401 for none, an unknown or a revoked one. */
export async function formKeyOf(db: Db, header: string | undefined): Promise<FormKey> {
  const key = header?.trim();
  if (!key) throw unauthorized('The X-Lead-Key header is required');
  const [row] = await db
    .select({ id: leadKeys.id, filialId: leadKeys.filialId, origins: leadKeys.origins })
    .from(leadKeys)
    .innerJoin(filials, eq(filials.id, leadKeys.filialId))
    .where(and(eq(leadKeys.keyHash, hashLeadKey(key.slice(0, 200))), isNull(leadKeys.revokedAt), eq(filials.isArchived, false)));
  if (!row) throw unauthorized('Unknown or revoked lead key');
  return row;
}

/** A preflight carries no key: it passes when any live key allows the origin (the post itself then checks its own). */
export async function someKeyAllows(db: Db, origin: string): Promise<boolean> {
  const [row] = await db
    .select({ id: leadKeys.id })
    .from(leadKeys)
    .where(and(isNull(leadKeys.revokedAt), sql`${origin.toLowerCase()} = any(${leadKeys.origins})`))
    .limit(1);
  return Boolean(row);
}

/** Counts one post against `key`'s limit of `max` in 15 minutes; 429 with the wait once it is spent. */
export async function countPost(db: Db, key: string, max: number, now: Date): Promise<void> {
  const limit: ThrottleKey = { key, kind: 'lock', max };
  const wait = await reserveAttempt(db, [limit], now);
  if (wait > 0) throw new DomainError('too_many', { text: `Too many requests. Try again in ${wait} seconds.`, extra: { retry_after: wait }, retryAfter: wait });
}

export const addressLimitKey = (address: string) => `leadform-ip:${address}`;
export const formKeyLimitKey = (keyId: number) => `leadform-key:${keyId}`;

/** The lead in the key's branch; an unknown subject or source name is kept in the comment rather than lost. */
export async function takePublicLead(db: Db, localesDir: string, key: FormKey, body: z.output<typeof publicLeadBody>, ip: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const subject = await resolveNamed(tx, 'subject', body.subject);
    const source = await resolveNamed(tx, 'source', body.source);
    const extra = [subject.unmatched && `${subject.unmatched}`, source.unmatched && `(${source.unmatched})`].filter(Boolean).join(' ');
    const comment = [body.comment ?? '', extra].filter(Boolean).join('\n');
    const id = await takeArrivedLead(tx, (k, params) => translate(localesDir, 'uz', k, params), {
      filialId: key.filialId,
      fullName: body.full_name,
      phone: body.phone,
      subjectId: subject.id,
      sourceId: source.id,
      comment,
      via: { kind: 'form', keyId: key.id },
      ip,
    });
    await tx.update(leadKeys).set({ lastUsedAt: now }).where(eq(leadKeys.id, key.id));
    return id;
  });
}
