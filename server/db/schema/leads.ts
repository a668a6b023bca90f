// Leads (spec section 7 "Leads") and where they came from ("Marketing"). A lead moves through the stages of
// the lead pipeline (design page: YANGI_LEAD → KUTULMOQDA → ORDER_CREATED → joined; any stage ⇄ archived);
// every change is a row in lead_logs, which GET /logs/ lists as the lead's history.
import type { LeadStage } from '../../../contract/leadStages';
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, smallint, text, time, timestamp } from 'drizzle-orm/pg-core';
import { subjectLevels, subjects } from './catalogue';
import { employees } from './employees';
import { filials } from './filials';
import { groups } from './groups';
import { students } from './students';

/** Groups of marketing sources (e.g. "Ijtimoiy tarmoqlar" holding Instagram and Telegram). */
export const marketingGroups = pgTable('marketing_groups', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Where leads come from: Instagram, a flyer, a friend's advice. Shared by every branch. */
export const marketingSources = pgTable(
  'marketing_sources',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    groupId: integer('group_id').references(() => marketingGroups.id),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('marketing_sources_group_idx').on(t.groupId)],
);

export const leads = pgTable(
  'leads',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    fullName: text('full_name').notNull(),
    /** Normalised `+998XXXXXXXXX`. */
    phone: text('phone').notNull(),
    extraPhone: text('extra_phone'),
    subjectId: integer('subject_id').references(() => subjects.id),
    levelId: integer('level_id').references(() => subjectLevels.id),
    sourceId: integer('source_id').references(() => marketingSources.id),
    /** Preferred ISO weekdays (1 = Monday) and time of day. */
    preferredDays: smallint('preferred_days').array().notNull().default([]),
    preferredTime: time('preferred_time'),
    comment: text('comment').notNull().default(''),
    operatorId: integer('operator_id').references(() => employees.id),
    stage: text('stage').$type<LeadStage>().notNull().default('YANGI_LEAD'),
    isArchived: boolean('is_archived').notNull().default(false),
    archivedReason: text('archived_reason'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The order: the chosen group and the first lesson's date (stage ORDER_CREATED). */
    orderGroupId: integer('order_group_id').references(() => groups.id),
    firstLessonDate: date('first_lesson_date'),
    /** The student this lead became (stage JOINED). */
    studentId: integer('student_id').references(() => students.id),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('leads_filial_stage_idx').on(t.filialId, t.isArchived, t.stage, t.id),
    index('leads_filial_created_idx').on(t.filialId, t.createdAt),
    // The all-branch list's order (newest first), read off the index instead of sorting every lead.
    // INCLUDEs the admin report's columns (migration 0028: drizzle cannot express INCLUDE).
    index('leads_created_idx').on(t.createdAt, t.id),
    index('leads_phone_idx').on(t.phone),
    index('leads_operator_idx').on(t.operatorId),
    index('leads_source_idx').on(t.sourceId),
    index('leads_order_group_idx').on(t.orderGroupId, t.firstLessonDate),
    // The list's search is ILIKE '%…%' on the name and the phone: trigram indexes (pg_trgm).
    index('leads_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops')),
    index('leads_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

/** A lead's history: stage moves, archiving and comments, who and when. */
export const leadLogs = pgTable(
  'lead_logs',
  {
    id: serial('id').primaryKey(),
    leadId: integer('lead_id').notNull().references(() => leads.id),
    actorId: integer('actor_id').references(() => employees.id),
    action: text('action').notNull(),
    fromStage: text('from_stage'),
    toStage: text('to_stage'),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('lead_logs_lead_idx').on(t.leadId, t.createdAt),
    // The admin report's funnel asks of each lead of a month whether it ever reached an order: 65 → 28 ms at
    // 100,000 students (every log row was read before).
    index('lead_logs_ordered_idx').on(t.leadId).where(sql`${t.toStage} in ('ORDER_CREATED', 'JOINED')`),
  ],
);
