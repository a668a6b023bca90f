// The finance kinds the server books with itself. Migration 0004 inserts them; a data reset (`npm run seed --
// --reset`) empties every table, so it puts them back with the same rows.
import type { FinanceAction, SystemKind } from '../../../contract/finance';
import type { DbOrTx } from '../../db/client';
import { financeKinds } from '../../db/schema';

export const SYSTEM_KIND_ROWS: { name: string; action: FinanceAction; systemKey: SystemKind }[] = [
  { name: 'Student payment', action: 'income', systemKey: 'student_payment' },
  { name: 'Student refund', action: 'expense', systemKey: 'student_refund' },
  { name: 'Handover', action: 'income', systemKey: 'handover' },
  { name: 'Handover', action: 'expense', systemKey: 'handover' },
  { name: 'Shift surplus', action: 'income', systemKey: 'shift_difference' },
  { name: 'Shift shortage', action: 'expense', systemKey: 'shift_difference' },
];

export async function ensureSystemKinds(db: DbOrTx): Promise<void> {
  await db.insert(financeKinds).values(SYSTEM_KIND_ROWS).onConflictDoNothing({ target: [financeKinds.systemKey, financeKinds.action] });
}
