// The card's "To‘lov qabul qilish" form as plain data: its check (the contract's messages) and the POST /finance/
// body, a student payment whose group is named or left to the split (contract/allocation.ts).
import { z } from 'zod';
import { entryCreateBody, FINANCE_COMMENT_MAX, paymentMethod, type EntryCreateBody, type PaymentMethod } from '../../../../../contract/finance';
import { positiveAmountText } from '../../../common/money/amountText';

export const takePaymentSchema = z.object({
  casher: z.number({ error: 'validation.required' }).int().positive('validation.required'),
  group: z.number().int().nullable(),
  method: paymentMethod,
  amount: positiveAmountText,
  comment: z.string().trim().max(FINANCE_COMMENT_MAX, 'validation.maxLength'),
});
export type TakePaymentValues = {
  casher: number;
  group: number | null;
  method: PaymentMethod;
  amount: string;
  comment: string;
};

/** The POST /finance/ body of a checked form: a student payment, its group named or left to the split. */
export function toPaymentBody(values: TakePaymentValues, student: number): EntryCreateBody {
  const v = takePaymentSchema.parse(values);
  return entryCreateBody.parse({
    casher: v.casher,
    action: 'income',
    method: v.method,
    amount: v.amount,
    student,
    group: v.group,
    comment: v.comment,
  });
}
