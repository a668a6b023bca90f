// Amount fields checked as text: required, readable as an amount ("1 500 000", "1500000,50"), then the contract's
// own rule, so the form and the server give the same message.
import { z } from 'zod';
import { amountOrZeroSchema, amountSchema } from '../../../../contract/money';
import { parseAmountInput } from '../../../lib/amountInput';

const amountText = (then: z.ZodType<string, string | number>) =>
  z
    .string()
    .trim()
    .min(1, 'validation.required')
    .transform((text, ctx) => {
      const amount = parseAmountInput(text);
      if (amount === null) {
        ctx.addIssue({ code: 'custom', message: 'finance.form.amountInvalid' });
        return z.NEVER;
      }
      return amount;
    })
    .pipe(then as unknown as z.ZodType<string, string>);

/** A positive amount field ("1 500 000" → "1500000.00"). */
export const positiveAmountText = amountText(amountSchema);
/** An amount field that may be zero (a counted drawer). */
export const amountOrZeroText = amountText(amountOrZeroSchema);
