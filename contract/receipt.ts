// A receipt for a student's payment (issue 17): what the cashier prints or downloads as a PDF. One payment is
// one receipt even when the allocation rule booked it as several entries, one per group.
import { z } from 'zod';
import { paymentMethod } from './finance';

const ref = z.object({ id: z.number().int(), name: z.string() });

export const receipt = z.object({
  /** The receipt's number: the first entry of the payment. */
  number: z.number().int(),
  centre: z.string(),
  filial: z.object({ id: z.number().int(), name: z.string(), address: z.string().nullable(), phone: z.string().nullable() }),
  student: z.object({ id: z.number().int(), full_name: z.string() }),
  /** Per group the payment went to (the entries of the payment). */
  lines: z.array(z.object({ entry: z.number().int(), group: ref.nullable(), amount: z.string() })),
  amount: z.string(),
  /** The amount in Uzbek words, as receipts write it. */
  amount_words: z.string(),
  method: paymentMethod,
  cashier: ref,
  received_by: z.object({ id: z.number().int(), full_name: z.string() }),
  created_at: z.string(),
  /** True when the payment was reversed since: the receipt says so. */
  reversed: z.boolean(),
});
export type Receipt = z.infer<typeof receipt>;
