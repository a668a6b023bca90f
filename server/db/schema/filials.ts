import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Branches of the centre ("filial" in the API, after the original product). */
export const filials = pgTable('filials', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address'),
  phone: text('phone'),
  isArchived: boolean('is_archived').notNull().default(false),
  /** Billing: whether a lesson missed with an excuse is charged (the director's switch per branch). */
  chargeExcused: boolean('charge_excused').notNull().default(true),
  /** Messages to parents (issue 17): the language of the templates used, the fee reminder's lead and the daily SMS cap. */
  messageLanguage: text('message_language').$type<'uz' | 'ru' | 'en'>().notNull().default('uz'),
  feeReminderDays: integer('fee_reminder_days').notNull().default(3),
  messageDailyLimit: integer('message_daily_limit').notNull().default(500),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
