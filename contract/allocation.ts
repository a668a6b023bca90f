// Where a student's money goes when no group is named (design page "Billing"; docs/decisions.md, "Payments
// without a group"). Pure and shared: the payment form shows the split before saving, the server books it.
//
// Payment: the groups are taken from the lowest balance up (the largest debt first; equal balances by group id).
// Each debt is paid down to zero in that order; what is left after every debt is paid goes to the first OPEN
// group in that order (the one that had the largest debt, or the least credit), or to the first group when the
// student is in no group any more. Candidates are the groups the student is in now, plus groups they left that
// are still in debt (a left group in credit takes nothing).
//
// Refund: the money comes out of the groups in credit, the largest credit first (equal credits by group id), each
// at most down to zero; debts are never deepened by a refund.
import { fromCents, toCents } from './money';

export type AllocationGroup = {
  group: number;
  /** The student's balance in the group ("-150000.00" is a debt). */
  balance: string;
  /** The student is a member now. */
  open: boolean;
};

export type AllocationPart = { group: number; amount: string };

const byBalanceThenId = (a: { cents: bigint; group: number }, b: { cents: bigint; group: number }) =>
  a.cents < b.cents ? -1 : a.cents > b.cents ? 1 : a.group - b.group;

function parsed(groups: readonly AllocationGroup[]) {
  // One row per group: a repeated id would be paid twice.
  const seen = new Map<number, { group: number; cents: bigint; open: boolean }>();
  for (const g of groups) {
    const prev = seen.get(g.group);
    seen.set(g.group, { group: g.group, cents: (prev?.cents ?? 0n) + toCents(g.balance), open: (prev?.open ?? false) || g.open });
  }
  return [...seen.values()];
}

/** The groups a payment without a group may go to, in the order they are paid. */
export function paymentOrder(groups: readonly AllocationGroup[]): AllocationGroup[] {
  return parsed(groups)
    .filter((g) => g.open || g.cents < 0n)
    .sort(byBalanceThenId)
    .map((g) => ({ group: g.group, balance: fromCents(g.cents), open: g.open }));
}

/**
 * The split of a payment of `amount` (> 0) over `groups`: parts in payment order, each > 0, adding up to
 * `amount`. Empty when there is no group to pay into (the student is in none and owes none).
 */
export function allocatePayment(amount: string, groups: readonly AllocationGroup[]): AllocationPart[] {
  let rest = toCents(amount);
  if (rest <= 0n) throw new Error('A payment is more than zero');
  const order = paymentOrder(groups).map((g) => ({ ...g, cents: toCents(g.balance) }));
  if (!order.length) return [];
  const parts = new Map<number, bigint>();
  for (const g of order) {
    if (rest === 0n || g.cents >= 0n) break;
    const take = -g.cents < rest ? -g.cents : rest;
    parts.set(g.group, take);
    rest -= take;
  }
  if (rest > 0n) {
    const target = (order.find((g) => g.open) ?? order[0]).group;
    parts.set(target, (parts.get(target) ?? 0n) + rest);
  }
  return order.filter((g) => parts.has(g.group)).map((g) => ({ group: g.group, amount: fromCents(parts.get(g.group)!) }));
}

/** The groups' total credit available to a refund (the sum of positive balances). */
export function refundable(groups: readonly AllocationGroup[]): string {
  return fromCents(parsed(groups).reduce((sum, g) => (g.cents > 0n ? sum + g.cents : sum), 0n));
}

/**
 * The split of a refund of `amount` (> 0) over the groups in credit, largest credit first. Throws when the
 * groups' credit is less than `amount` (the server refunds at most the student's total balance, which never
 * exceeds the credit of the groups in credit).
 */
export function allocateRefund(amount: string, groups: readonly AllocationGroup[]): AllocationPart[] {
  let rest = toCents(amount);
  if (rest <= 0n) throw new Error('A refund is more than zero');
  const credit = parsed(groups)
    .filter((g) => g.cents > 0n)
    .sort((a, b) => (a.cents > b.cents ? -1 : a.cents < b.cents ? 1 : a.group - b.group));
  const out: AllocationPart[] = [];
  for (const g of credit) {
    if (rest === 0n) break;
    const take = g.cents < rest ? g.cents : rest;
    out.push({ group: g.group, amount: fromCents(take) });
    rest -= take;
  }
  if (rest > 0n) throw new Error('The groups hold less credit than the refund');
  return out;
}
