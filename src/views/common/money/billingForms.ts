// The payments tab's forms, checked with the same rules the server applies (contract/sales.ts), so the form and
// the server give the same messages; amounts are typed like every money field ("75 000", "75000,50").
import { z } from 'zod';
import { required } from '../../../../contract/messages';
import { REASON_MAX, SALE_KINDS, saleCreateBody, type SaleCreateBody, type StudentSaleCreateBody, type VoucherCreateBody } from '../../../../contract/sales';
import { parseAmountInput } from '../../../lib/amountInput';
import { positiveAmountText } from './amountText';

const pick = z.number(required).int().positive('validation.required');
const reason = z.string().trim().max(REASON_MAX, 'validation.maxLength');

export const saleFormSchema = z.object({
  group: pick,
  sale: pick,
  from_date: z.iso.date({ error: 'validation.date' }),
  reason,
});
export type SaleFormValues = { group: number; sale: number; from_date: string; reason: string };

export const voucherFormSchema = z.object({ group: pick, amount: positiveAmountText, reason });
export type VoucherFormValues = { group: number; amount: string; reason: string };

export function toSaleBody(values: SaleFormValues, student: number): StudentSaleCreateBody {
  const v = saleFormSchema.parse(values);
  return { student, group: v.group, sale: v.sale, from_date: v.from_date, reason: v.reason };
}

export function toVoucherBody(values: VoucherFormValues, student: number): VoucherCreateBody {
  const v = voucherFormSchema.parse(values);
  return { student, group: v.group, amount: v.amount, reason: v.reason };
}

/** A sale's value as shown: a percentage or the amount off. */
export function saleValueText(sale: { kind: 'percent' | 'fixed'; value: string }, money: (v: string) => string): string {
  // "10.00" → "10 %", "12.50" → "12,5 %" (the decimal comma of every amount we show).
  return sale.kind === 'percent' ? `${sale.value.replace(/\.?0+$/, '').replace('.', ',')} %` : money(sale.value);
}

/** A new sale of the catalogue (/control/sales): the typed amount read as money, then the contract's rule. */
export const catalogueSaleSchema = z
  .object({ name: z.string(), kind: z.enum(SALE_KINDS), value: z.string() })
  .transform((v, ctx) => {
    const parsed = saleCreateBody.safeParse({ ...v, value: parseAmountInput(v.value) ?? v.value });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return parsed.data as SaleCreateBody;
  });
