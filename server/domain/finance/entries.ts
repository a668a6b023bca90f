// The ledger (GET/POST /finance/, POST /finance/{id}/reverse/): append-only entries. A write locks its cashier
// first (lockCashiers), checks what it holds, inserts; the trigger of migration 0004 moves cashier_balances (and
// student_balances for a student's group) in the same statement, and their CHECK stays the last word: a balance
// that would go below zero answers 409 "the cashier holds only X", never 500.
//
// Student money: an income with student and group is a payment (kind student_payment), an expense with them a
// refund (student_refund); the student must be of the cashier's branch and be, or have been, in that group. Other
// kinds never carry a student's group (it would move the student's balance); handover and shift difference kinds
// are booked by the server only.
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { allocatePayment } from '../../../contract/allocation';
import type { EntriesPage, EntryCreated, FinanceAction, FinanceEntry, PaymentMethod, SystemKind, entriesQuery, entryCreateBody, entryReverseBody } from '../../../contract/finance';
import { fromCents, toCents } from '../../../contract/money';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { cashiers, financeEntries, financeKinds, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { pageOffset, toPage } from '../catalogue/paging';
import { allowedFilials, resolveFilial } from '../core/scope';
import { balancesOf, getCashier, lockCashiers, type Actor, type LockedCashier } from './cashiers';
import { entryById, selectEntries } from './entryRows';
import { kindById, systemKindId } from './kinds';
import { insertLedgerRow } from './ledgerInsert';
import { ledgerConflict, holdsOnly, isBalanceViolation, isUniqueViolation } from './ledgerErrors';
import { entryConditions, ledgerTotals, type TotalsFilter } from './entryTotals';
import { checkPeriod, inFilials } from './ledgerSql';
import { lockedMoneyGroups } from './studentMoneyGroups';
import { paymentReceived } from '../messages/events';

type ListQuery = z.output<typeof entriesQuery>;

export async function listEntries(db: DbOrTx, user: AuthUser, query: ListQuery, url: string): Promise<EntriesPage> {
  checkPeriod(query.start_date, query.end_date);
  // Another branch's cashier is unknown here too (404), not an empty list.
  const cashier = query.casher_id != null ? await getCashier(db, user, query.casher_id) : undefined;
  const filter: TotalsFilter = {
    filials: resolveFilial(user, query.filial),
    cashier: query.casher_id,
    cashierFilial: cashier?.filial,
    action: query.action,
    kind: query.kind,
    method: query.method,
    student: query.student,
    start: query.start_date,
    end: query.end_date,
  };
  const where = entryConditions(filter);
  // The totals and the page are independent: side by side on the pool.
  const [totals, results] = await Promise.all([ledgerTotals(db, filter), selectEntries(db, where, { limit: query.page_size, offset: pageOffset(query) })]);
  const income = fromCents(toCents(totals.income));
  const expense = fromCents(toCents(totals.expense));
  return { ...toPage(url, query, totals.n, results), totals: { income, expense, net: fromCents(toCents(income) - toCents(expense)) } };
}

/** 409 when `amount` is more than the (locked) cashier holds in `method`. */
export async function ensureHolds(tx: DbOrTx, cashier: { id: number; name: string }, method: PaymentMethod, amount: string): Promise<void> {
  const { per } = await balancesOf(tx, cashier.id);
  if (per[method] < toCents(amount)) throw holdsOnly(cashier.name, method, fromCents(per[method]));
}

/**
 * Runs a ledger write; a balance CHECK violation (a writer that did not hold the lock, or a race we did not
 * foresee) becomes the same 409 as the check before the insert, with what the cashier holds after the rollback.
 */
export async function guardBalance<T>(db: Db, cashierId: number, method: PaymentMethod, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (!isBalanceViolation(err)) throw err;
    const [c] = await db.select({ name: cashiers.name }).from(cashiers).where(eq(cashiers.id, cashierId));
    const { per } = await balancesOf(db, cashierId);
    throw holdsOnly(c?.name ?? String(cashierId), method, fromCents(per[method]));
  }
}

const studentKindOf = (action: FinanceAction) => (action === 'income' ? 'student_payment' : 'student_refund');

/** The kind of a new entry; 400 on `kind`, `student` or `group` when they do not fit together. */
async function entryKind(tx: DbOrTx, body: z.output<typeof entryCreateBody>): Promise<number> {
  const hasStudent = body.student != null;
  if (body.group != null && !hasStudent) throw fieldError('student', 'validation.required');
  // A payment may leave the group to the allocation rule; a refund names the group it comes out of.
  if (hasStudent && body.group == null && body.action === 'expense') throw fieldError('group', 'validation.required');
  if (body.kind == null) {
    if (hasStudent) return systemKindId(tx, studentKindOf(body.action), body.action);
    throw fieldError('kind', 'validation.required');
  }
  const kind = await kindById(tx, body.kind);
  if (!kind) throw fieldError('kind', 'validation.notFound');
  if (kind.action !== body.action) throw fieldError('kind', 'validation.kindAction');
  if (kind.is_archived) throw fieldError('kind', 'validation.archived');
  if (kind.system_key === 'handover' || kind.system_key === 'shift_difference') throw fieldError('kind', 'validation.systemKindByHand');
  if (kind.system_key && !hasStudent) throw fieldError('student', 'validation.required');
  if (hasStudent && kind.system_key !== studentKindOf(body.action)) throw fieldError('kind', 'validation.studentKind');
  return kind.id;
}

/** The student belongs to the cashier's branch and is, or was, in the group; 400 on `student` / `group`. */
async function checkStudent(tx: DbOrTx, studentId: number, groupId: number | null, filialId: number): Promise<void> {
  // The student's branch and, with a group, whether they are or were in it: one read.
  const member =
    groupId === null
      ? sql<boolean>`true`
      : sql<boolean>`exists (select 1 from student_groups m where m.student_id = ${studentId} and m.group_id = ${groupId})`;
  const [student] = await tx.select({ filialId: students.filialId, member }).from(students).where(eq(students.id, studentId));
  if (!student || student.filialId !== filialId) throw fieldError('student', 'validation.studentOfBranch');
  if (!student.member) throw fieldError('group', 'validation.notInGroup');
}

/**
 * The parts an entry is booked as: one, unless a student's payment names no group; then the allocation rule
 * (contract/allocation.ts) splits it over the student's groups, largest debt first, against locked balances.
 */
async function entryParts(tx: DbOrTx, body: Pick<EntryBooking, 'student' | 'group' | 'amount'>, filialId: number): Promise<{ group: number | null; amount: string }[]> {
  if (body.student == null) return [{ group: null, amount: body.amount }];
  await checkStudent(tx, body.student, body.group, filialId);
  if (body.group != null) return [{ group: body.group, amount: body.amount }];
  const parts = allocatePayment(body.amount, await lockedMoneyGroups(tx, body.student));
  if (!parts.length) throw fieldError('group', 'validation.noGroupToPay');
  return parts;
}

/** What one booking writes: the entry's fields once the kind is known (createEntry's body, or an online payment's). */
export type EntryBooking = {
  action: FinanceAction;
  kindId: number;
  method: PaymentMethod;
  amount: string;
  student: number | null;
  group: number | null;
  comment: string;
};

/**
 * Books an entry inside the caller's transaction, after the cashier was locked (lockCashiers) and what it must
 * hold was checked: one entry, or for a student's payment without a group one entry per group the allocation rule
 * splits it into. Every student payment passes here (the front desk's POST /finance/ and the online payments of
 * server/domain/payments/), so whatever must follow a payment in its transaction belongs here.
 */
export async function bookEntry(tx: Tx, actor: Actor, cashier: LockedCashier, booking: EntryBooking): Promise<EntryCreated> {
  const parts = await entryParts(tx, booking, cashier.filialId);
  const booked: FinanceEntry[] = [];
  for (const part of parts) {
    const id = await insertLedgerRow(tx, {
      filialId: cashier.filialId,
      cashierId: cashier.id,
      action: booking.action,
      kindId: booking.kindId,
      method: booking.method,
      amount: part.amount,
      studentId: booking.student,
      groupId: part.group,
      comment: booking.comment,
      authorId: actor.user.id,
    });
    const after = await entryById(tx, actor.user, id);
    await audit(tx, { actorId: actor.user.id, action: 'finance_entry.create', entity: 'finance_entry', entityId: id, filialId: cashier.filialId, after, ip: actor.ip });
    booked.push(after);
  }
  const allocation = booked.filter((e) => e.group).map((e) => ({ group: e.group!, amount: e.amount, entry: e.id }));
  // Every student payment passes here (the desk, Payme, Click): the parents hear of it in the same transaction.
  if (booking.action === 'income' && booking.student != null) await paymentReceived(tx, cashier.filialId, booking.student, booked[0].id, booking.amount, actor.now);
  return { ...booked[0], allocation };
}

/**
 * POST /finance/: one entry, or for a student's payment without a group one entry per group it is split into (in
 * one transaction, so the ledger, the cashier's balance and the student's balances move together). The answer is
 * the first entry with `allocation`: every part, its group and its entry.
 */
export async function createEntry(db: Db, actor: Actor, body: z.output<typeof entryCreateBody>): Promise<EntryCreated> {
  return guardBalance(db, body.casher, body.method, () =>
    db.transaction(async (tx) => {
      const cashier = (await lockCashiers(tx, actor.user, [body.casher], { active: true })).get(body.casher)!;
      const kindId = await entryKind(tx, body);
      if (body.action === 'expense') await ensureHolds(tx, cashier, body.method, body.amount);
      return bookEntry(tx, actor, cashier, {
        action: body.action,
        kindId,
        method: body.method,
        amount: body.amount,
        student: body.student ?? null,
        group: body.group ?? null,
        comment: body.comment,
      });
    }),
  );
}

type ReversibleEntry = {
  cashierId: number;
  filialId: number;
  action: FinanceAction;
  kindId: number;
  systemKey: SystemKind | null;
  method: PaymentMethod;
  amount: string;
  studentId: number | null;
  groupId: number | null;
  reversesId: number | null;
  handoverId: number | null;
};

/** The entry `id` of the user's branches as a reversal needs it; 404 otherwise. */
async function reversibleEntry(q: DbOrTx, user: AuthUser, id: number): Promise<ReversibleEntry> {
  const [original] = await q
    .select({
      cashierId: financeEntries.cashierId,
      filialId: financeEntries.filialId,
      action: financeEntries.action,
      kindId: financeEntries.kindId,
      systemKey: financeKinds.systemKey,
      method: financeEntries.method,
      amount: financeEntries.amount,
      studentId: financeEntries.studentId,
      groupId: financeEntries.groupId,
      reversesId: financeEntries.reversesId,
      handoverId: financeEntries.handoverId,
    })
    .from(financeEntries)
    .innerJoin(financeKinds, eq(financeKinds.id, financeEntries.kindId))
    .where(and(eq(financeEntries.id, id), inFilials(financeEntries.filialId, allowedFilials(user))));
  if (!original) throw notFound('Entry not found');
  return original;
}

/**
 * Books the reversing entry of `id` inside the caller's transaction (the reversal of POST /finance/{id}/reverse/
 * and of a cancelled online payment): locks its cashier, refuses what may not be reversed, and checks that the
 * cashier holds an income it gives back (409 otherwise).
 */
export async function reverseInTx(tx: DbOrTx, actor: Actor, id: number, comment: string, original?: ReversibleEntry): Promise<FinanceEntry> {
  const entry = original ?? (await reversibleEntry(tx, actor.user, id));
  const action: FinanceAction = entry.action === 'income' ? 'expense' : 'income';
  const cashier = (await lockCashiers(tx, actor.user, [entry.cashierId], { active: true })).get(entry.cashierId)!;
  if (entry.reversesId != null) throw ledgerConflict('validation.reversingEntry');
  if (entry.handoverId != null || entry.systemKey === 'handover') throw ledgerConflict('validation.handoverNoReverse');
  if (entry.systemKey === 'shift_difference') throw ledgerConflict('validation.shiftDifferenceNoReverse');
  const [already] = await tx.select({ id: financeEntries.id }).from(financeEntries).where(eq(financeEntries.reversesId, id));
  if (already) throw ledgerConflict('validation.alreadyReversed', {}, { reversed_by: already.id });
  if (action === 'expense') await ensureHolds(tx, cashier, entry.method, entry.amount);
  const reversalId = await insertLedgerRow(tx, {
    filialId: entry.filialId,
    cashierId: entry.cashierId,
    action,
    kindId: entry.kindId,
    method: entry.method,
    amount: entry.amount,
    studentId: entry.studentId,
    groupId: entry.groupId,
    comment,
    reversesId: id,
    authorId: actor.user.id,
  });
  const after = await entryById(tx, actor.user, reversalId);
  await audit(tx, { actorId: actor.user.id, action: 'finance_entry.reverse', entity: 'finance_entry', entityId: reversalId, filialId: entry.filialId, after, ip: actor.ip });
  return after;
}

/**
 * The reversing entry of `id`: the opposite action with the same kind, method, cashier, student and group. An
 * entry is reversed at most once; reversing entries, handovers and shift differences are not reversed (a wrong
 * count is corrected by the next shift close).
 */
export async function reverseEntry(db: Db, actor: Actor, id: number, body: z.output<typeof entryReverseBody>): Promise<FinanceEntry> {
  const original = await reversibleEntry(db, actor.user, id);
  try {
    return await guardBalance(db, original.cashierId, original.method, () => db.transaction((tx) => reverseInTx(tx, actor, id, body.comment, original)));
  } catch (err) {
    if (isUniqueViolation(err, 'finance_entries_reverses_uq')) throw ledgerConflict('validation.alreadyReversed');
    throw err;
  }
}
