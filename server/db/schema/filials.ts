import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Branches of the centre ("filial" in the API, after the original product). */
export const filials = pgTable('filials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  phone: text('phone'),
  isArchived: boolean('is_archived').notNull().default(false),
  /** Billing: whether a lesson missed with an excuse is charged (the director's switch per branch). */
  chargeExcused: boolean('charge_excused').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
