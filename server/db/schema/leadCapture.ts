// Leads that arrive by themselves (issue 18, section 3): the per-branch keys of the public lead form, and the
// Telegram bot's enrolment conversations in progress.
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subjects } from './catalogue';
import { employees } from './employees';
import { filials } from './filials';

/** A key of the public lead form: only its SHA-256 is stored (the key is shown once, when it is made). */
export const leadKeys = pgTable(
  'lead_keys',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id')
      .notNull()
      .references(() => filials.id),
    label: text('label').notNull().default(''),
    keyHash: text('key_hash').notNull(),
    /** Browser origins (scheme://host[:port]) allowed to post with this key; empty: no browser page may. */
    origins: text('origins').array().notNull().default([]),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('lead_keys_hash_idx').on(t.keyHash), index('lead_keys_filial_idx').on(t.filialId)],
);

/** A parent's "I want to enrol" conversation with the bot, one per chat, until the lead is made. */
export const telegramEnrolments = pgTable('telegram_enrolments', {
  chatId: bigint('chat_id', { mode: 'number' }).primaryKey(),
  /** The question the bot asked last: name, phone, subject or branch. */
  step: text('step').$type<'name' | 'phone' | 'subject' | 'branch'>().notNull(),
  fullName: text('full_name'),
  phone: text('phone'),
  subjectId: integer('subject_id').references(() => subjects.id),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
