// The outbox of messages to parents (issue 17): a row is written in the transaction of the event that causes it
// (server/domain/messages/outbox.ts) and a job hands it to the provider (server/domain/messages/sender.ts).
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { MessageEvent } from '../../../contract/parentMessages';
import { filials } from './filials';
import { leads } from './leads';
import { students } from './students';

export type MessageChannel = 'sms' | 'telegram';
export type MessageStatus = 'waiting' | 'sending' | 'sent' | 'delivered' | 'failed' | 'cancelled';

export const parentMessages = pgTable(
  'parent_messages',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id')
      .notNull()
      .references(() => filials.id),
    /** The student the message is about; null for a lead's welcome (leadId then). */
    studentId: integer('student_id').references(() => students.id, { onDelete: 'cascade' }),
    /** The lead a welcome is sent to (an order is created before the lead becomes a student). */
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'cascade' }),
    /** Normalised `+998XXXXXXXXX` (the student's parent phone when the message was queued). */
    phone: text('phone').notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    event: text('event').$type<MessageEvent>().notNull(),
    /** What the event is about, e.g. `lesson:12` or `entry:40`: with event and student, queued once. */
    sourceId: text('source_id').notNull(),
    /** The rendered text; the sender replaces look-alike letters (gsmFriendly) before sending an SMS. */
    text: text('text').notNull(),
    /** SMS parts of the text as sent (the cost); 0 until sent. */
    parts: integer('parts').notNull().default(0),
    status: text('status').$type<MessageStatus>().notNull().default('waiting'),
    attempts: integer('attempts').notNull().default(0),
    /** When the sender may next try (quiet hours and back-off move it). */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** While `sending`: when the claim lapses and the message goes back to waiting (a crashed sender). */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    providerMessageId: text('provider_message_id'),
    /** The provider's reason of the last failure. */
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('parent_messages_event_once_idx').on(t.event, t.studentId, t.sourceId),
    uniqueIndex('parent_messages_lead_once_idx').on(t.event, t.leadId, t.sourceId).where(sql`${t.studentId} is null`),
    index('parent_messages_due_idx').on(t.status, t.nextAttemptAt),
    index('parent_messages_filial_idx').on(t.filialId, t.createdAt),
    index('parent_messages_student_idx').on(t.studentId, t.createdAt),
  ],
);

/** Every status a message passed through, with the provider's reason where it gave one. */
export const parentMessageHistory = pgTable(
  'parent_message_history',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => parentMessages.id, { onDelete: 'cascade' }),
    status: text('status').$type<MessageStatus>().notNull(),
    reason: text('reason'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('parent_message_history_message_idx').on(t.messageId, t.id)],
);

/** Per branch and event (issue 17): switched on or off, and the director's templates (null: the locale file's default). */
export const parentMessageEvents = pgTable(
  'parent_message_events',
  {
    filialId: integer('filial_id')
      .notNull()
      .references(() => filials.id),
    event: text('event').$type<MessageEvent>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    templateUz: text('template_uz'),
    templateEn: text('template_en'),
    templateRu: text('template_ru'),
  },
  (t) => [primaryKey({ columns: [t.filialId, t.event] })],
);
