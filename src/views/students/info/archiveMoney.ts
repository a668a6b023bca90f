// The archive dialog's money choice as plain data: refund (a desk is needed) or keep, with the reason.
import { z } from 'zod';
import type { ArchiveBalanceAction } from '../../../../contract/archiveMoney';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../contract/finance';
import { reasonText } from '../../../../contract/lessons';

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
