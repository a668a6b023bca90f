// Click's SHOP API (POST /api/payments/click/prepare and /complete, form-encoded): Click prepares a payment (we
// check the signature, the student and the amount and keep a prepared row), debits the parent, then completes it
// (we book the payment) or tells us, by a negative `error`, that it failed (we cancel). The row is found again by
// click_trans_id, so a repeated prepare answers the same merchant_prepare_id and a repeated complete books nothing
// twice ("already paid"). States follow Payme's numbers: 1 prepared, 2 completed, -1 cancelled.
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import {
  CLICK_ERRORS,
  type ClickAnswer,
  type ClickComplete,
  type ClickPrepare,
  PAYME_STATE,
  clickCompleteForm,
  clickPrepareForm,
  withinOnlineLimits,
} from '../../../contract/onlinePayments';
import { normalizeMoney, toCents } from '../../../contract/money';
import type { ClickConfig } from '../../config';
import type { Db } from '../../db/client';
import { onlinePayments } from '../../db/schema';
import { DomainError } from '../core/errors';
import { bookOnlinePayment, payableStudent } from './book';

const NOTES: Record<number, string> = {
  [CLICK_ERRORS.ok]: 'Success',
  [CLICK_ERRORS.sign]: 'SIGN CHECK FAILED!',
  [CLICK_ERRORS.amount]: 'Incorrect parameter amount',
  [CLICK_ERRORS.action]: 'Action not found',
  [CLICK_ERRORS.alreadyPaid]: 'Already paid',
  [CLICK_ERRORS.userNotFound]: 'User does not exist',
  [CLICK_ERRORS.transactionNotFound]: 'Transaction does not exist',
  [CLICK_ERRORS.updateFailed]: 'Failed to update user',
  [CLICK_ERRORS.request]: 'Error in request from click',
  [CLICK_ERRORS.cancelled]: 'Transaction cancelled',
};

const refuse = (error: number): ClickAnswer => ({ error, error_note: NOTES[error] });

/** Click's signature: md5 of the fields in the documented order, with merchant_prepare_id only on complete. */
export function clickSign(form: ClickPrepare & { merchant_prepare_id?: string }, secretKey: string): string {
  const parts = [form.click_trans_id, form.service_id, secretKey, form.merchant_trans_id, form.merchant_prepare_id ?? '', form.amount, form.action, form.sign_time];
  return createHash('md5').update(parts.join('')).digest('hex');
}

function signed(form: ClickPrepare & { merchant_prepare_id?: string }, config: ClickConfig): boolean {
  const expected = Buffer.from(clickSign(form, config.secretKey));
  const actual = Buffer.from(form.sign_string.toLowerCase());
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** Click's sign_time is the centre's wall time ("YYYY-MM-DD HH:mm:ss" in Tashkent, UTC+5 all year). */
const signTime = (value: string) => new Date(`${value.replace(' ', 'T')}+05:00`);

/** The request's fields checked, or the refusal: -8 for a malformed request, -1 for a bad or missing key. */
function checked<T extends ClickPrepare>(schema: { safeParse(v: unknown): { success: true; data: T } | { success: false } }, raw: Record<string, string>, config: ClickConfig | null, action: string): T | ClickAnswer {
  if (!config) return refuse(CLICK_ERRORS.sign);
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return refuse(CLICK_ERRORS.request);
  const form = parsed.data;
  if (!signed(form, config)) return refuse(CLICK_ERRORS.sign);
  if (form.service_id !== config.serviceId) return refuse(CLICK_ERRORS.request);
  if (form.action !== action) return refuse(CLICK_ERRORS.action);
  return form;
}

const isAnswer = (v: unknown): v is ClickAnswer => typeof (v as ClickAnswer).error === 'number';
const clickId = (form: ClickPrepare) => (Number.isSafeInteger(Number(form.click_trans_id)) ? Number(form.click_trans_id) : form.click_trans_id);

export async function clickPrepare(db: Db, config: ClickConfig | null, raw: Record<string, string>, now: Date): Promise<ClickAnswer> {
  const form = checked(clickPrepareForm, raw, config, '0');
  if (isAnswer(form)) return form;
  const echo = { click_trans_id: clickId(form), merchant_trans_id: form.merchant_trans_id };
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select()
      .from(onlinePayments)
      .where(and(eq(onlinePayments.provider, 'click'), eq(onlinePayments.providerId, form.click_trans_id)))
      .for('update');
    if (existing?.state === PAYME_STATE.performed) return { ...echo, ...refuse(CLICK_ERRORS.alreadyPaid) };
    if (existing && existing.state < 0) return { ...echo, ...refuse(CLICK_ERRORS.cancelled) };
    if (existing) return { ...echo, merchant_prepare_id: existing.id, ...refuse(CLICK_ERRORS.ok) };
    const student = await payableStudent(tx, form.merchant_trans_id);
    if (!student) return { ...echo, ...refuse(CLICK_ERRORS.userNotFound) };
    const amount = normalizeMoney(form.amount);
    if (!amount || !withinOnlineLimits(amount)) return { ...echo, ...refuse(CLICK_ERRORS.amount) };
    const [row] = await tx
      .insert(onlinePayments)
      .values({ provider: 'click', providerId: form.click_trans_id, filialId: student.filialId, studentId: student.id, amount, state: PAYME_STATE.created, providerTime: signTime(form.sign_time), createdAt: now })
      .returning({ id: onlinePayments.id });
    return { ...echo, merchant_prepare_id: row.id, ...refuse(CLICK_ERRORS.ok) };
  });
}

export async function clickComplete(db: Db, config: ClickConfig | null, raw: Record<string, string>, now: Date): Promise<ClickAnswer> {
  const form = checked<ClickComplete>(clickCompleteForm, raw, config, '1');
  if (isAnswer(form)) return form;
  const echo = { click_trans_id: clickId(form), merchant_trans_id: form.merchant_trans_id };
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(onlinePayments)
        .where(and(eq(onlinePayments.provider, 'click'), eq(onlinePayments.id, Number(form.merchant_prepare_id))))
        .for('update');
      if (!row || row.providerId !== form.click_trans_id || String(row.studentId) !== form.merchant_trans_id) return { ...echo, ...refuse(CLICK_ERRORS.transactionNotFound) };
      if (row.state === PAYME_STATE.performed) return { ...echo, ...refuse(CLICK_ERRORS.alreadyPaid) };
      if (row.state < 0) return { ...echo, ...refuse(CLICK_ERRORS.cancelled) };
      const amount = normalizeMoney(form.amount);
      if (!amount || toCents(amount) !== toCents(row.amount)) return { ...echo, ...refuse(CLICK_ERRORS.amount) };
      // Click failed to debit the parent (a negative error): the prepared payment is cancelled, never booked.
      if (Number(form.error) < 0) {
        await tx.update(onlinePayments).set({ state: PAYME_STATE.cancelled, reason: Number(form.error), cancelledAt: now }).where(eq(onlinePayments.id, row.id));
        return { ...echo, ...refuse(CLICK_ERRORS.cancelled) };
      }
      await bookOnlinePayment(tx, row, now);
      await tx.update(onlinePayments).set({ state: PAYME_STATE.performed, performedAt: now }).where(eq(onlinePayments.id, row.id));
      return { ...echo, merchant_confirm_id: row.id, ...refuse(CLICK_ERRORS.ok) };
    });
  } catch (err) {
    // The student can no longer be booked (no group left to pay into): Click is told the account was not updated.
    if (err instanceof DomainError) return { ...echo, ...refuse(CLICK_ERRORS.updateFailed) };
    throw err;
  }
}
