// The archive dialog's money choice as plain data: refund (a desk is needed) or keep, with the reason.
import { z } from 'zod';
import type { ArchiveBalanceAction } from '../../../../contract/archiveMoney';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../contract/finance';
import { reasonText } from '../../../../contract/lessons';
import { toCents } from '../../../../contract/money';

export const archiveMoneySchema = z
  .object({
    reason: reasonText,
    balance_action: z.enum(['refund', 'keep'], { error: 'validation.required' }).nullable(),
    casher: z.number().int().nullable(),
    method: z.enum(PAYMENT_METHODS),
  })
  .superRefine((v, ctx) => {
    if (v.balance_action === null) ctx.addIssue({ code: 'custom', path: ['balance_action'], message: 'validation.required' });
    if (v.balance_action === 'refund' && v.casher === null) ctx.addIssue({ code: 'custom', path: ['casher'], message: 'validation.required' });
  });
export type MoneyValues = { reason: string; balance_action: ArchiveBalanceAction | null; casher: number | null; method: PaymentMethod };

type Desk = { id: number; employee: { id: number } | null; balances: Partial<Record<PaymentMethod, string>> };

/**
 * The desk a refund starts from: the user's own desk when it holds the amount in the method, else the desk holding
 * the most in that method (a refund from a desk that cannot pay it would only be refused), else the user's own or
 * the first desk.
 */
export function defaultRefundDesk<D extends Desk>(desks: readonly D[], userId: number, method: PaymentMethod, amount: string): D | undefined {
  const held = (d: D) => toCents(d.balances[method] ?? '0');
  const own = desks.find((d) => d.employee?.id === userId);
  if (own && held(own) >= toCents(amount)) return own;
  const richest = desks.reduce<D | undefined>((best, d) => (best === undefined || held(d) > held(best) ? d : best), undefined);
  if (richest && held(richest) >= toCents(amount)) return richest;
  return own ?? desks[0];
}
