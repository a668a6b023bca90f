// The "Topshirish" (handover) and "Smenani yopish" (shift close) forms as plain data: values, checks in the
// contract's words, and the request bodies.
import { z } from 'zod';
import { required } from '../../../../contract/messages';
import { FINANCE_COMMENT_MAX, handoverBody, paymentMethod, shiftCloseBody, type HandoverBody, type PaymentMethod, type ShiftCloseBody } from '../../../../contract/finance';
import { amountOrZeroText, positiveAmountText } from '../../common/money/amountText';

const comment = z.string().trim().max(FINANCE_COMMENT_MAX, 'validation.maxLength');

export type HandoverFormValues = { to: number | null; method: PaymentMethod; amount: string; comment: string };
export const emptyHandover = (): HandoverFormValues => ({ to: null, method: 'cash', amount: '', comment: '' });
export const handoverFormSchema = z.object({
  to: z.number(required).int(),
  method: paymentMethod,
  amount: positiveAmountText,
  comment,
});
export function toHandoverBody(values: HandoverFormValues, from: number): HandoverBody {
  const v = handoverFormSchema.parse(values);
  return handoverBody.parse({ from_casher: from, to_casher: v.to, method: v.method, amount: v.amount, comment: v.comment });
}

export type ShiftCloseFormValues = { counted: string; comment: string };
export const shiftCloseFormSchema = z.object({ counted: amountOrZeroText, comment });
export function toShiftCloseBody(values: ShiftCloseFormValues): ShiftCloseBody {
  const v = shiftCloseFormSchema.parse(values);
  return shiftCloseBody.parse({ counted: v.counted, comment: v.comment });
}
