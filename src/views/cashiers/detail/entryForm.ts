// The "Kirim" (income) and "Chiqim" (expense) form as plain data: its values, the check that matches the contract's
// POST /finance/ body, and the body itself. A student entry (a payment on income, a refund on expense) names the
// student and leaves the kind to the server (student_payment / student_refund); a refund names one of their groups,
// a payment may leave the group to the allocation rule (largest debt first, contract/allocation.ts). Any other
// entry names one of the centre's kinds of that action.
import { z } from 'zod';
import { entryCreateBody, FINANCE_COMMENT_MAX, paymentMethod, type EntryCreateBody, type FinanceAction, type PaymentMethod } from '../../../../contract/finance';
import { positiveAmountText } from '../../common/money/amountText';

export const ENTRY_MODES = ['student', 'other'] as const;
export type EntryMode = (typeof ENTRY_MODES)[number];

export type EntryFormValues = {
  action: FinanceAction;
  mode: EntryMode;
  student: number | null;
  group: number | null;
  kind: number | null;
  method: PaymentMethod;
  amount: string;
  comment: string;
};

export const emptyEntry = (action: FinanceAction): EntryFormValues => ({
  action,
  mode: action === 'income' ? 'student' : 'other',
  student: null,
  group: null,
  kind: null,
  method: 'cash',
  amount: '',
  comment: '',
});

/** The form's check: the same messages as the server for the amount and comment, required picks per mode. */
export const entryFormSchema = z
  .object({
    action: z.enum(['income', 'expense']),
    mode: z.enum(ENTRY_MODES),
    student: z.number().int().nullable(),
    group: z.number().int().nullable(),
    kind: z.number().int().nullable(),
    method: paymentMethod,
    amount: positiveAmountText,
    comment: z.string().trim().max(FINANCE_COMMENT_MAX, 'validation.maxLength'),
  })
  .superRefine((v, ctx) => {
    const required = (path: 'student' | 'group' | 'kind') => ctx.addIssue({ code: 'custom', path: [path], message: 'validation.required' });
    if (v.mode === 'student') {
      if (v.student === null) required('student');
      else if (v.group === null && v.action === 'expense') required('group');
    } else if (v.kind === null) required('kind');
  });

/** The POST /finance/ body of a checked form, parsed by the contract (so "1 500 000" leaves as "1500000.00"). */
export function toEntryBody(values: EntryFormValues, cashier: number, action: FinanceAction): EntryCreateBody {
  const checked = entryFormSchema.parse(values);
  const body: EntryCreateBody =
    checked.mode === 'student'
      ? { casher: cashier, action, method: checked.method, amount: checked.amount, student: checked.student, group: checked.group, comment: checked.comment }
      : { casher: cashier, action, kind: checked.kind ?? undefined, method: checked.method, amount: checked.amount, comment: checked.comment };
  return entryCreateBody.parse(body);
}
