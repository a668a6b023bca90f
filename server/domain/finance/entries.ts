// The ledger (GET/POST /finance/, POST /finance/{id}/reverse/): append-only entries. A write locks its cashier
// first (lockCashiers), checks what it holds, inserts; the trigger of migration 0004 moves cashier_balances (and
// student_balances for a student's group) in the same statement, and their CHECK stays the last word: a balance
// that would go below zero answers 409 "the cashier holds only X", never 500.
//
// Student money: an income with student and group is a payment (kind student_payment), an expense with them a
// refund (student_refund); the student must be of the cashier's branch and be, or have been, in that group. Other
// kinds never carry a student's group (it would move the student's balance); handover and shift difference kinds
// are booked by the server only.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { allocatePayment } from '../../../contract/allocation';
import type { EntriesPage, EntryCreated, FinanceAction, FinanceEntry, PaymentMethod, entriesQuery, entryCreateBody, entryReverseBody } from '../../../contract/finance';
import { fromCents, toCents } from '../../../contract/money';
import type { Db, DbOrTx } from '../../db/client';
import { cashiers, financeEntries, financeKinds, studentGroups, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { pageOffset, toPage } from '../catalogue/paging';
import { allowedFilials, resolveFilial } from '../core/scope';
import { balancesOf, getCashier, lockCashiers, type Actor } from './cashiers';
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
  const [student] = await tx.select({ filialId: students.filialId }).from(students).where(eq(students.id, studentId));
  if (!student || student.filialId !== filialId) throw fieldError('student', 'validation.studentOfBranch');
  if (groupId === null) return;
  const [membership] = await tx
    .select({ id: studentGroups.id })
    .from(studentGroups)
    .where(and(eq(studentGroups.studentId, studentId), eq(studentGroups.groupId, groupId)))
    .limit(1);
  if (!membership) throw fieldError('group', 'validation.notInGroup');
}

/**
 * The parts an entry is booked as: one, unless a student's payment names no group; then the allocation rule
 * (contract/allocation.ts) splits it over the student's groups, largest debt first, against locked balances.
 */
async function entryParts(tx: DbOrTx, body: z.output<typeof entryCreateBody>, filialId: number): Promise<{ group: number | null; amount: string }[]> {
  if (body.student == null) return [{ group: null, amount: body.amount }];
  await checkStudent(tx, body.student, body.group ?? null, filialId);
  if (body.group != null) return [{ group: body.group, amount: body.amount }];
  const parts = allocatePayment(body.amount, await lockedMoneyGroups(tx, body.student));
  if (!parts.length) throw fieldError('group', 'validation.noGroupToPay');
  return parts;
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
      const parts = await entryParts(tx, body, cashier.filialId);
      const booked: FinanceEntry[] = [];
      for (const part of parts) {
        const id = await insertLedgerRow(tx, {
          filialId: cashier.filialId,
          cashierId: cashier.id,
          action: body.action,
          kindId,
          method: body.method,
          amount: part.amount,
          studentId: body.student ?? null,
          groupId: part.group,
          comment: body.comment,
          authorId: actor.user.id,
        });
        const after = await entryById(tx, actor.user, id);
        await audit(tx, { actorId: actor.user.id, action: 'finance_entry.create', entity: 'finance_entry', entityId: id, filialId: cashier.filialId, after, ip: actor.ip });
        booked.push(after);
      }
      const allocation = booked.filter((e) => e.group).map((e) => ({ group: e.group!, amount: e.amount, entry: e.id }));
      if (body.action === 'income' && body.student != null) await paymentReceived(tx, cashier.filialId, body.student, booked[0].id, body.amount, actor.now);
      return { ...booked[0], allocation };
    }),
  );
}

/**
 * The reversing entry of `id`: the opposite action with the same kind, method, cashier, student and group. An
 * entry is reversed at most once; reversing entries, handovers and shift differences are not reversed (a wrong
 * count is corrected by the next shift close).
 */
export async function reverseEntry(db: Db, actor: Actor, id: number, body: z.output<typeof entryReverseBody>): Promise<FinanceEntry> {
  const [original] = await db
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
    .where(and(eq(financeEntries.id, id), inFilials(financeEntries.filialId, allowedFilials(actor.user))));
  if (!original) throw notFound('Entry not found');
  const action: FinanceAction = original.action === 'income' ? 'expense' : 'income';
  try {
    return await guardBalance(db, original.cashierId, original.method, () =>
      db.transaction(async (tx) => {
        const cashier = (await lockCashiers(tx, actor.user, [original.cashierId], { active: true })).get(original.cashierId)!;
        if (original.reversesId != null) throw ledgerConflict('validation.reversingEntry');
        if (original.handoverId != null || original.systemKey === 'handover') throw ledgerConflict('validation.handoverNoReverse');
        if (original.systemKey === 'shift_difference') throw ledgerConflict('validation.shiftDifferenceNoReverse');
        const [already] = await tx.select({ id: financeEntries.id }).from(financeEntries).where(eq(financeEntries.reversesId, id));
        if (already) throw ledgerConflict('validation.alreadyReversed', {}, { reversed_by: already.id });
        if (action === 'expense') await ensureHolds(tx, cashier, original.method, original.amount);
        const reversalId = await insertLedgerRow(tx, {
            filialId: original.filialId,
            cashierId: original.cashierId,
            action,
            kindId: original.kindId,
            method: original.method,
            amount: original.amount,
            studentId: original.studentId,
            groupId: original.groupId,
            comment: body.comment,
            reversesId: id,
            authorId: actor.user.id,
          });
        const after = await entryById(tx, actor.user, reversalId);
        await audit(tx, { actorId: actor.user.id, action: 'finance_entry.reverse', entity: 'finance_entry', entityId: reversalId, filialId: original.filialId, after, ip: actor.ip });
        return after;
      }),
    );
  } catch (err) {
    if (isUniqueViolation(err, 'finance_entries_reverses_uq')) throw ledgerConflict('validation.alreadyReversed');
    throw err;
  }
}

