// What happens to a student's money when they are archived with a positive balance (issue 15; docs/decisions.md,
// "Archiving with money"): the centre refunds it from a chosen cash desk (expense entries of kind student_refund,
// linked to the student and the groups in credit) or keeps it as credit. Either choice is a student_logs row.
import { z } from 'zod';
import { bodyId } from './catalogue';
import { paymentMethod } from './finance';
import { amountSchema } from './money';

export const ARCHIVE_BALANCE_ACTIONS = ['refund', 'keep'] as const;
export type ArchiveBalanceAction = (typeof ARCHIVE_BALANCE_ACTIONS)[number];

/**
 * The money fields of PATCH /add-group/{id}/. `balance_action` is required when the balance is above zero (400
 * otherwise, with the amount); a refund names the cash desk (`casher`, of the student's branch) and the method.
 * `amount` is the balance the user saw: when the server's differs (a payment or a charge came in meanwhile) the
 * archiving is refused with 409 and the current balance, so nobody refunds a sum they did not confirm.
 */
export const archiveMoneyFields = {
  balance_action: z.enum(ARCHIVE_BALANCE_ACTIONS, { error: 'validation.invalid' }).optional(),
  casher: bodyId.optional(),
  method: paymentMethod.default('cash'),
  amount: amountSchema.optional(),
};

/** Refund needs a desk: 400 on `casher` before anything is looked up. */
export function refineArchiveMoney(v: { balance_action?: ArchiveBalanceAction; casher?: number }, ctx: z.RefinementCtx): void {
  if (v.balance_action === 'refund' && v.casher === undefined) ctx.addIssue({ code: 'custom', path: ['casher'], message: 'validation.required' });
}

/** What the archiving did with the money (null when the balance was not above zero). */
export const archiveSettlement = z
  .object({
    action: z.enum(ARCHIVE_BALANCE_ACTIONS),
    amount: z.string(),
    cashier: z.object({ id: z.number().int(), name: z.string() }).nullable(),
    method: paymentMethod.nullable(),
    /** The refund's entries, one per group in credit. */
    entries: z.array(z.object({ id: z.number().int(), group: z.object({ id: z.number().int(), name: z.string() }), amount: z.string() })),
  })
  .nullable();
export type ArchiveSettlement = z.infer<typeof archiveSettlement>;
