// The ledger side of an online payment, inside the transaction that moves the provider transaction's state: a
// performed payment is booked through bookEntry (the one path of every student payment, so the allocation rule
// and whatever follows a payment apply alike), a cancel after perform reverses every entry it booked.
import { and, eq } from 'drizzle-orm';
import { allocatePayment } from '../../../contract/allocation';
import type { OnlineProvider } from '../../../contract/onlinePayments';
import type { DbOrTx, Tx } from '../../db/client';
import { onlinePaymentEntries, onlinePayments, students } from '../../db/schema';
import { lockCashiers } from '../finance/cashiers';
import { bookEntry, reverseInTx } from '../finance/entries';
import { systemKindId } from '../finance/kinds';
import { lockedMoneyGroups } from '../finance/studentMoneyGroups';
import { DESK_NAMES, onlineDesk, providerActor } from './desks';

export type OnlinePaymentRow = typeof onlinePayments.$inferSelect;

/** A student who may pay online: known, not archived, with a group the allocation rule can pay into. */
export async function payableStudent(tx: DbOrTx, rawId: string): Promise<{ id: number; filialId: number } | null> {
  if (!/^\d{1,9}$/.test(rawId)) return null;
  const [student] = await tx
    .select({ id: students.id, filialId: students.filialId, isArchived: students.isArchived })
    .from(students)
    .where(eq(students.id, Number(rawId)));
  if (!student || student.isArchived) return null;
  // The same candidates a payment at the desk would be split over; none means nowhere to book the money.
  if (!allocatePayment('1.00', await lockedMoneyGroups(tx, student.id)).length) return null;
  return { id: student.id, filialId: student.filialId };
}

const comment = (payment: OnlinePaymentRow) => `${DESK_NAMES[payment.provider]} ${payment.providerId}`;

/** Books a performed payment on the student's branch's desk of the provider; returns the entries' ids. */
export async function bookOnlinePayment(tx: Tx, payment: OnlinePaymentRow, now: Date): Promise<number[]> {
  const actor = await providerActor(tx, payment.provider, now);
  const [student] = await tx.select({ filialId: students.filialId }).from(students).where(eq(students.id, payment.studentId));
  const deskId = await onlineDesk(tx, student.filialId, payment.provider);
  // An archived provider desk still takes the money: the parent has paid, the provider will not take it back.
  const desk = (await lockCashiers(tx, actor.user, [deskId], { active: false })).get(deskId)!;
  const kindId = await systemKindId(tx, 'student_payment', 'income');
  const created = await bookEntry(tx, actor, desk, {
    action: 'income',
    kindId,
    method: payment.provider satisfies OnlineProvider,
    amount: payment.amount,
    student: payment.studentId,
    group: null,
    comment: comment(payment),
  });
  const ids = created.allocation.length ? created.allocation.map((a) => a.entry) : [created.id];
  await tx.insert(onlinePaymentEntries).values(ids.map((entryId) => ({ paymentId: payment.id, entryId })));
  if (student.filialId !== payment.filialId) await tx.update(onlinePayments).set({ filialId: student.filialId }).where(eq(onlinePayments.id, payment.id));
  return ids;
}

/** Reverses every entry the payment booked (409 "the cashier holds only" when the desk no longer holds it). */
export async function reverseOnlinePayment(tx: DbOrTx, payment: OnlinePaymentRow, now: Date): Promise<void> {
  const actor = await providerActor(tx, payment.provider, now);
  const booked = await tx
    .select({ entryId: onlinePaymentEntries.entryId })
    .from(onlinePaymentEntries)
    .where(and(eq(onlinePaymentEntries.paymentId, payment.id), eq(onlinePaymentEntries.reversal, false)))
    .orderBy(onlinePaymentEntries.entryId);
  for (const { entryId } of booked) {
    const reversal = await reverseInTx(tx, actor, entryId, `${comment(payment)}: cancelled`);
    await tx.insert(onlinePaymentEntries).values({ paymentId: payment.id, entryId: reversal.id, reversal: true });
  }
}
