// Parents on Telegram (issue 17): a one-time link shown on the student card joins a parent's chat with the bot to
// the student; from then on that chat gets the student's messages instead of SMS and may ask the bot about them.
import { bigint, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employees } from './employees';
import { students } from './students';

export const telegramLinks = pgTable(
  'telegram_links',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The `start` payload of the deep link: random, URL-safe, used once. */
    token: text('token').notNull(),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    chatId: bigint('chat_id', { mode: 'number' }),
  },
  (t) => [uniqueIndex('telegram_links_token_idx').on(t.token), index('telegram_links_student_idx').on(t.studentId)],
);

export const telegramChats = pgTable(
  'telegram_chats',
  {
    id: serial('id').primaryKey(),
    /** Telegram's chat id (up to 52 bits: a JS number holds it exactly). */
    chatId: bigint('chat_id', { mode: 'number' }).notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => students.id, { onDelete: 'cascade' }),
    /** The parent's name as Telegram gives it. */
    name: text('name'),
    /** The language the bot answers this chat in (from Telegram's language_code). */
    language: text('language').notNull().default('uz'),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('telegram_chats_chat_student_idx').on(t.chatId, t.studentId), index('telegram_chats_student_idx').on(t.studentId)],
);
