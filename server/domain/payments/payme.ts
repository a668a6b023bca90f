// Payme's Merchant API (JSON-RPC 2.0, POST /api/payments/payme): Payme asks whether a student may pay, creates a
// transaction, performs it once the parent's card was debited, and may cancel it, before or after perform. Every
// transaction is a row of online_payments with Payme's states (1 created, 2 performed, -1 cancelled, -2 cancelled
// after perform) and times in ms; performing books the payment, cancelling after perform reverses it, each in the
// transaction that moves the state. A step that must be kept although Payme is refused (a timed-out transaction
// cancelled with reason 4) commits first and then answers the error.
import { and, asc, eq, gte, lte, ne } from 'drizzle-orm';
import { z } from 'zod';
import {
  PAYME_ERRORS,
  PAYME_METHODS,
  PAYME_REASON,
  PAYME_STATE,
  PAYME_TIMEOUT_MS,
  type PaymeMethod,
  paymeParams,
  paymeRequest,
  sumToTiyin,
  tiyinToSum,
  withinOnlineLimits,
} from '../../../contract/onlinePayments';
import type { Db, DbOrTx } from '../../db/client';
import { onlinePayments } from '../../db/schema';
import { DomainError } from '../core/errors';
import { isUniqueViolation } from '../finance/ledgerErrors';
import { bookOnlinePayment, type OnlinePaymentRow, payableStudent, reverseOnlinePayment } from './book';
import { PaymeError, paymeErrorBody } from './paymeErrors';

type Result = Record<string, unknown>;
/** What a step inside a transaction answers: a result, or an error to answer after the transaction committed. */
type Outcome = { result: Result } | { error: PaymeError };

const ms = (at: Date | null) => (at ? at.getTime() : 0);
const expired = (row: OnlinePaymentRow, now: Date) => now.getTime() - row.createdAt.getTime() > PAYME_TIMEOUT_MS;

async function lockedTransaction(tx: DbOrTx, paymeId: string): Promise<OnlinePaymentRow | undefined> {
  const [row] = await tx
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.provider, 'payme'), eq(onlinePayments.providerId, paymeId)))
    .for('update');
  return row;
}

/** The student and amount Payme names, or the protocol's refusal (-31050 on the account, -31001 on the amount). */
async function checkPayment(tx: DbOrTx, params: { amount: number; account: { student_id: string } }) {
  const student = await payableStudent(tx, params.account.student_id);
  if (!student) throw new PaymeError(PAYME_ERRORS.account, 'student_id');
  const amount = tiyinToSum(params.amount);
  if (!amount || !withinOnlineLimits(amount)) throw new PaymeError(PAYME_ERRORS.wrongAmount);
  return { student, amount };
}

async function cancelRow(tx: DbOrTx, row: OnlinePaymentRow, state: number, reason: number, now: Date): Promise<OnlinePaymentRow> {
  const [updated] = await tx.update(onlinePayments).set({ state, reason, cancelledAt: now }).where(eq(onlinePayments.id, row.id)).returning();
  return updated;
}

async function checkPerformTransaction(db: Db, params: z.output<(typeof paymeParams)['CheckPerformTransaction']>): Promise<Result> {
  await db.transaction((tx) => checkPayment(tx, params));
  return { allow: true };
}

async function createTransaction(db: Db, params: z.output<(typeof paymeParams)['CreateTransaction']>, now: Date): Promise<Outcome> {
  return db.transaction(async (tx): Promise<Outcome> => {
    const existing = await lockedTransaction(tx, params.id);
    if (existing) {
      if (existing.state !== PAYME_STATE.created) return { error: new PaymeError(PAYME_ERRORS.cannotPerform) };
      if (expired(existing, now)) {
        await cancelRow(tx, existing, PAYME_STATE.cancelled, PAYME_REASON.timeout, now);
        return { error: new PaymeError(PAYME_ERRORS.cannotPerform) };
      }
      return { result: { create_time: ms(existing.createdAt), transaction: String(existing.id), state: existing.state } };
    }
    const { student, amount } = await checkPayment(tx, params);
    if (now.getTime() - params.time > PAYME_TIMEOUT_MS) return { error: new PaymeError(PAYME_ERRORS.cannotPerform) };
    const [pending] = await tx
      .select({ id: onlinePayments.id })
      .from(onlinePayments)
      .where(and(eq(onlinePayments.provider, 'payme'), eq(onlinePayments.studentId, student.id), eq(onlinePayments.state, PAYME_STATE.created), ne(onlinePayments.providerId, params.id)));
    if (pending) return { error: new PaymeError(PAYME_ERRORS.accountBusy, 'student_id') };
    const [row] = await tx
      .insert(onlinePayments)
      .values({ provider: 'payme', providerId: params.id, filialId: student.filialId, studentId: student.id, amount, state: PAYME_STATE.created, providerTime: new Date(params.time), createdAt: now })
      .returning();
    return { result: { create_time: ms(row.createdAt), transaction: String(row.id), state: row.state } };
  });
}

async function performTransaction(db: Db, params: z.output<(typeof paymeParams)['PerformTransaction']>, now: Date): Promise<Outcome> {
  return db.transaction(async (tx): Promise<Outcome> => {
    const row = await lockedTransaction(tx, params.id);
    if (!row) return { error: new PaymeError(PAYME_ERRORS.notFound) };
    const answer = (r: OnlinePaymentRow) => ({ result: { transaction: String(r.id), perform_time: ms(r.performedAt), state: r.state } });
    if (row.state === PAYME_STATE.performed) return answer(row);
    if (row.state !== PAYME_STATE.created) return { error: new PaymeError(PAYME_ERRORS.cannotPerform) };
    if (expired(row, now)) {
      await cancelRow(tx, row, PAYME_STATE.cancelled, PAYME_REASON.timeout, now);
      return { error: new PaymeError(PAYME_ERRORS.cannotPerform) };
    }
    await bookOnlinePayment(tx, row, now);
    const [performed] = await tx.update(onlinePayments).set({ state: PAYME_STATE.performed, performedAt: now }).where(eq(onlinePayments.id, row.id)).returning();
    return answer(performed);
  });
}

async function cancelTransaction(db: Db, params: z.output<(typeof paymeParams)['CancelTransaction']>, now: Date): Promise<Outcome> {
  return db.transaction(async (tx): Promise<Outcome> => {
    let row = await lockedTransaction(tx, params.id);
    if (!row) return { error: new PaymeError(PAYME_ERRORS.notFound) };
    if (row.state === PAYME_STATE.created) row = await cancelRow(tx, row, PAYME_STATE.cancelled, params.reason, now);
    else if (row.state === PAYME_STATE.performed) {
      await reverseOnlinePayment(tx, row, now);
      row = await cancelRow(tx, row, PAYME_STATE.cancelledAfterPerform, params.reason, now);
    }
    return { result: { transaction: String(row.id), cancel_time: ms(row.cancelledAt), state: row.state } };
  });
}

async function checkTransaction(db: Db, params: z.output<(typeof paymeParams)['CheckTransaction']>): Promise<Outcome> {
  const [row] = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.provider, 'payme'), eq(onlinePayments.providerId, params.id)));
  if (!row) return { error: new PaymeError(PAYME_ERRORS.notFound) };
  return {
    result: {
      create_time: ms(row.createdAt),
      perform_time: ms(row.performedAt),
      cancel_time: ms(row.cancelledAt),
      transaction: String(row.id),
      state: row.state,
      reason: row.reason,
    },
  };
}

async function getStatement(db: Db, params: z.output<(typeof paymeParams)['GetStatement']>): Promise<Result> {
  const rows = await db
    .select()
    .from(onlinePayments)
    .where(and(eq(onlinePayments.provider, 'payme'), gte(onlinePayments.providerTime, new Date(params.from)), lte(onlinePayments.providerTime, new Date(params.to))))
    .orderBy(asc(onlinePayments.providerTime), asc(onlinePayments.id));
  return {
    transactions: rows.map((r) => ({
      id: r.providerId,
      time: ms(r.providerTime),
      amount: sumToTiyin(r.amount),
      account: { student_id: String(r.studentId) },
      create_time: ms(r.createdAt),
      perform_time: ms(r.performedAt),
      cancel_time: ms(r.cancelledAt),
      transaction: String(r.id),
      state: r.state,
      reason: r.reason,
      receivers: null,
    })),
  };
}

async function dispatch(db: Db, method: PaymeMethod, params: unknown, now: Date): Promise<Outcome> {
  switch (method) {
    case 'CheckPerformTransaction':
      return { result: await checkPerformTransaction(db, paymeParams.CheckPerformTransaction.parse(params)) };
    case 'CreateTransaction':
      return createTransaction(db, paymeParams.CreateTransaction.parse(params), now);
    case 'PerformTransaction':
      return performTransaction(db, paymeParams.PerformTransaction.parse(params), now);
    case 'CancelTransaction':
      return cancelTransaction(db, paymeParams.CancelTransaction.parse(params), now);
    case 'CheckTransaction':
      return checkTransaction(db, paymeParams.CheckTransaction.parse(params));
    case 'GetStatement':
      return { result: await getStatement(db, paymeParams.GetStatement.parse(params)) };
  }
}

/** Maps what a method threw to the protocol's refusal; anything unforeseen is rethrown (logged, answered -32400). */
function refusalOf(err: unknown, method: PaymeMethod): PaymeError {
  if (err instanceof PaymeError) return err;
  if (err instanceof z.ZodError) return new PaymeError(PAYME_ERRORS.invalidRequest, err.issues[0]?.path.join('.'));
  // Two creates for one student racing past the pending check: the partial unique index refuses the second.
  if (isUniqueViolation(err, 'online_payments_pending_uq')) return new PaymeError(PAYME_ERRORS.accountBusy, 'student_id');
  // The desk handed the money on (the reversal would take it below zero), or the student can no longer be booked.
  if (err instanceof DomainError) return new PaymeError(method === 'CancelTransaction' ? PAYME_ERRORS.cannotCancel : PAYME_ERRORS.cannotPerform);
  throw err;
}

export type PaymeCall = {
  /** Whether the Basic credentials are `Paycom:<PAYME_KEY>` (false when Payme is not configured). */
  authorised: boolean;
  body: string;
  now: Date;
};

/** One JSON-RPC call, answered as the protocol says (always a JSON-RPC object, errors included). */
export async function paymeRpc(db: Db, call: PaymeCall): Promise<Record<string, unknown>> {
  let json: unknown;
  try {
    json = JSON.parse(call.body);
  } catch {
    return { jsonrpc: '2.0', id: null, error: paymeErrorBody(new PaymeError(PAYME_ERRORS.parse)) };
  }
  const envelope = paymeRequest.safeParse(json);
  const id = envelope.success ? envelope.data.id : null;
  const answerError = (err: PaymeError) => ({ jsonrpc: '2.0', id, error: paymeErrorBody(err) });
  if (!call.authorised) return answerError(new PaymeError(PAYME_ERRORS.unauthorised));
  if (!envelope.success) return answerError(new PaymeError(PAYME_ERRORS.invalidRequest));
  const method = envelope.data.method;
  if (!(PAYME_METHODS as readonly string[]).includes(method)) return answerError(new PaymeError(PAYME_ERRORS.methodNotFound, method));
  try {
    const outcome = await dispatch(db, method as PaymeMethod, envelope.data.params, call.now);
    return 'error' in outcome ? answerError(outcome.error) : { jsonrpc: '2.0', id, result: outcome.result };
  } catch (err) {
    return answerError(refusalOf(err, method as PaymeMethod));
  }
}
