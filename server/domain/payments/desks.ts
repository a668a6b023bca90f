// Where online payments land: one cash desk per branch and provider ("Payme", "Click"), made on first use, and the
// author the ledger names for a payment no employee typed (the centre's first director, who answers for the
// centre's accounts with the providers).
import { and, asc, eq } from 'drizzle-orm';
import type { OnlineProvider } from '../../../contract/onlinePayments';
import type { DbOrTx } from '../../db/client';
import { cashiers, employees } from '../../db/schema';
import type { Actor } from '../core/actor';

export const DESK_NAMES: Record<OnlineProvider, string> = { payme: 'Payme', click: 'Click' };

/** The id of the branch's desk for `provider`, creating it (once, even when two payments race) on first use. */
export async function onlineDesk(tx: DbOrTx, filialId: number, provider: OnlineProvider): Promise<number> {
  await tx
    .insert(cashiers)
    .values({ filialId, name: DESK_NAMES[provider], provider })
    .onConflictDoNothing({ target: [cashiers.filialId, cashiers.provider] });
  const [desk] = await tx
    .select({ id: cashiers.id })
    .from(cashiers)
    .where(and(eq(cashiers.filialId, filialId), eq(cashiers.provider, provider)));
  return desk.id;
}

/** The actor of a provider's call: every branch, the first director as author, the provider as the address. */
export async function providerActor(tx: DbOrTx, provider: OnlineProvider, now: Date): Promise<Actor> {
  const [director] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.role, 'DIRECTOR'))
    .orderBy(asc(employees.isArchived), asc(employees.id))
    .limit(1);
  if (!director) throw new Error('no director to author online payments');
  return { user: { id: director.id, role: 'DIRECTOR', filialIds: [], pages: new Set() }, ip: provider, now };
}
