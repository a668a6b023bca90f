// Payments a parent made from the phone (issue 17, section 2): one row per provider transaction (a Payme
// transaction, a Click payment), with the provider's state and times, and the ledger entries its payment booked.
// Written only by server/domain/payments/, always in the transaction that moves the ledger with it.
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, numeric, pgTable, primaryKey, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { OnlineProvider } from '../../../contract/onlinePayments';
import { filials } from './filials';
import { financeEntries } from './finance';
import { students } from './students';

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const onlinePayments = pgTable(
  'online_payments',
  {
    id: serial('id').primaryKey(),
    provider: text('provider').$type<OnlineProvider>().notNull(),
    /** Payme's transaction id, Click's click_trans_id. */
    providerId: text('provider_id').notNull(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    /** In so'm (Payme's tiyin / 100). */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    /** Payme's states: 1 created (Click: prepared), 2 performed (completed), -1 cancelled before, -2 after perform. */
    state: smallint('state').notNull(),
    /** Payme's cancel reason (4: timeout, 5: refund, ...); Click's error code when Click cancelled it. */
    reason: integer('reason'),
    /** The provider's own time of the transaction (Payme's `time`, Click's sign_time). */
    providerTime: instant('provider_time').notNull(),
    createdAt: instant('created_at').notNull(),
    performedAt: instant('performed_at'),
    cancelledAt: instant('cancelled_at'),
  },
  (t) => [
    uniqueIndex('online_payments_provider_uq').on(t.provider, t.providerId),
    // Payme: one created (pending) transaction per student at a time, as the protocol asks of a one-time account.
    uniqueIndex('online_payments_pending_uq').on(t.studentId).where(sql`${t.provider} = 'payme' and ${t.state} = 1`),
    index('online_payments_filial_idx').on(t.filialId, t.createdAt),
    index('online_payments_provider_time_idx').on(t.provider, t.providerTime),
    check('online_payments_amount_chk', sql`${t.amount} > 0`),
  ],
);

/** The ledger entries a payment booked (one per group of the allocation) and, on a cancel after perform, reversed. */
export const onlinePaymentEntries = pgTable(
  'online_payment_entries',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => onlinePayments.id),
    entryId: integer('entry_id')
      .notNull()
      .references(() => financeEntries.id),
    /** The reversing entry of a cancel after perform. */
    reversal: boolean('reversal').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.entryId] }), uniqueIndex('online_payment_entries_entry_uq').on(t.entryId)],
);
