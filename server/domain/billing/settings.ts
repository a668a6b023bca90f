// The branch's billing switch (ours): is an excused absence charged? Switching it re-syncs the branch's charges
// of the billing window (the months of the last 40 days, as the safety-net job does): older months stay settled.
import { eq } from 'drizzle-orm';
import type { BillingSettings } from '../../../contract/sales';
import type { Db, DbOrTx } from '../../db/client';
import { filials } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { audit } from '../audit/record';
import { addDays, centreToday } from '../lessons/dates';
import type { Actor } from '../lessons/access';
import { oneBranch } from '../core/scope';
import { syncCharges } from './charges';

export const BILLING_WINDOW_DAYS = 40;

async function settingsOf(q: DbOrTx, id: number): Promise<BillingSettings> {
  const [row] = await q.select({ filial: filials.id, charge_excused: filials.chargeExcused }).from(filials).where(eq(filials.id, id));
  if (!row) throw notFound('Branch not found');
  return row;
}

export async function getBillingSettings(db: DbOrTx, user: AuthUser, filial?: number): Promise<BillingSettings> {
  return settingsOf(db, oneBranch(user, filial));
}

export async function setBillingSettings(db: Db, actor: Actor, body: { filial: number; charge_excused: boolean }): Promise<BillingSettings> {
  const id = oneBranch(actor.user, body.filial);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: filials.id }).from(filials).where(eq(filials.id, id)).for('update');
    if (!locked) throw notFound('Branch not found');
    const before = await settingsOf(tx, id);
    await tx.update(filials).set({ chargeExcused: body.charge_excused }).where(eq(filials.id, id));
    const today = centreToday(actor.now);
    const synced = before.charge_excused === body.charge_excused ? null : await syncCharges(tx, { filialId: id, from: addDays(today, -BILLING_WINDOW_DAYS), to: today }, actor.now);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'billing.settings',
      entity: 'filial',
      entityId: id,
      filialId: id,
      before,
      after: { charge_excused: body.charge_excused, synced },
      ip: actor.ip,
    });
    return settingsOf(tx, id);
  });
}
