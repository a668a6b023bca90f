// PATCH /add-group/{id}/ {is_archived: true, reason, balance_action?, casher?, method?, amount?}: archiving a
// student (spec section 4, "Leads and students"), the `archive` status move (statusMoves.ts): the status held is
// kept in archived_from_status, the student leaves every group today (end_reason 'archived'), a running or
// scheduled freeze ends. When the balance left after that is above zero the caller says what happens to the
// money (contract/archiveMoney.ts): a refund books student_refund expenses from a desk of the student's branch,
// one per group in credit (contract/allocation.ts, allocateRefund); keeping it leaves the credit where it is.
// Either is a student_logs row (`balance.refund` / `balance.keep`). All of it is one transaction.
import type { z } from 'zod';
import { allocateRefund } from '../../../contract/allocation';
import type { ArchiveSettlement } from '../../../contract/archiveMoney';
import type { archiveStudent as archiveBody, archivedStudent } from '../../../contract/membership';
import { fromCents, toCents } from '../../../contract/money';
import type { Db, Tx } from '../../db/client';
import { studentLogs } from '../../db/schema';
import { conflictMessage, forbidden, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { lockCashiers } from '../finance/cashiers';
import { ensureHolds, guardBalance } from '../finance/entries';
import { entryById } from '../finance/entryRows';
import { systemKindId } from '../finance/kinds';
import { insertLedgerRow } from '../finance/ledgerInsert';
import { lockedMoneyGroups } from '../finance/studentMoneyGroups';
import type { Actor } from '../lessons/access';
import { assertStudentWriter, moveStudentStatusIn } from './statusMoves';

type Body = z.output<typeof archiveBody>;
type Answer = z.infer<typeof archivedStudent>;

/** Pages that may take money out of a desk (the ledger's write pages); teachers never reach this route. */
const REFUND_PAGES = ['cashiers_data', 'cashiers'] as const;

export async function archiveStudent(db: Db, actor: Actor, id: number, body: Body): Promise<Answer> {
  assertStudentWriter(actor.user);
  const refund = body.balance_action === 'refund' && body.casher !== undefined ? body.casher : null;
  if (refund !== null && !REFUND_PAGES.some((p) => actor.user.pages.has(p))) throw forbidden('A refund needs a cash desk page');
  const run = () =>
    db.transaction(async (tx) => {
      // A ledger write takes its desk before anything of the student's (as a payment does), so the two never wait
      // for each other the other way round.
      const cashier = refund !== null ? (await lockCashiers(tx, actor.user, [refund], { active: true })).get(refund)! : null;
      const moved = await moveStudentStatusIn(tx, actor, id, { type: 'archive', reason: body.reason });
      const settlement = await settle(tx, actor, { id, filial: moved.filial }, body, cashier);
      const { move: _move, from_status: _from, freeze: _freeze, ...brief } = moved;
      return { ...brief, archived_reason: body.reason, settlement };
    });
  return refund !== null ? guardBalance(db, refund, body.method, run) : run();
}

async function settle(
  tx: Tx,
  actor: Actor,
  student: { id: number; filial: number },
  body: Body,
  cashier: { id: number; name: string; filialId: number } | null,
): Promise<ArchiveSettlement> {
  const groups = await lockedMoneyGroups(tx, student.id);
  const total = groups.reduce((sum, g) => sum + toCents(g.balance), 0n);
  if (total <= 0n) return null;
  const amount = fromCents(total);
  if (!body.balance_action) throw fieldError('balance_action', 'validation.balanceChoice', { amount });
  if (body.amount !== undefined && toCents(body.amount) !== total) throw conflictMessage('errors.balanceChanged', { amount }, { balance: amount });

  if (body.balance_action === 'keep') {
    await log(tx, actor, student, 'balance.keep', { amount });
    return { action: 'keep', amount, cashier: null, method: null, entries: [] };
  }
  if (!cashier) throw fieldError('casher', 'validation.required');
  if (cashier.filialId !== student.filial) throw fieldError('casher', 'validation.cashierOfStudentBranch');
  await ensureHolds(tx, cashier, body.method, amount);
  const kindId = await systemKindId(tx, 'student_refund', 'expense');
  const entries: NonNullable<ArchiveSettlement>['entries'] = [];
  for (const part of allocateRefund(amount, groups)) {
    const entryId = await insertLedgerRow(tx, {
      filialId: cashier.filialId,
      cashierId: cashier.id,
      action: 'expense',
      kindId,
      method: body.method,
      amount: part.amount,
      studentId: student.id,
      groupId: part.group,
      comment: body.reason,
      authorId: actor.user.id,
    });
    const after = await entryById(tx, actor.user, entryId);
    await audit(tx, { actorId: actor.user.id, action: 'finance_entry.create', entity: 'finance_entry', entityId: entryId, filialId: cashier.filialId, after, ip: actor.ip });
    entries.push({ id: entryId, group: after.group!, amount: part.amount });
  }
  const settled = { action: 'refund' as const, amount, cashier: { id: cashier.id, name: cashier.name }, method: body.method, entries };
  await log(tx, actor, student, 'balance.refund', { amount, cashier: settled.cashier, method: body.method, entries });
  return settled;
}

async function log(tx: Tx, actor: Actor, student: { id: number }, action: string, detail: Record<string, unknown>) {
  await tx.insert(studentLogs).values({ studentId: student.id, actorId: actor.user.id, action, detail });
}
