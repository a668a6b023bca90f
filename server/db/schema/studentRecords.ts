// What happens to a student over time, kept as rows rather than overwritten fields: freezes (from a date to a
// date, so billing skips exactly those days), the status history, and comments on students, leads and staff.
import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from './employees';
import { filials } from './filials';
import { leads } from './leads';
import { students } from './students';

/**
 * A freeze: no charges from `fromDate` to `toDate` inclusive. Ending one early sets `endedOn` (the last frozen
 * day) instead of editing the period, so a bill computed before can be explained after.
 */
export const studentFreezes = pgTable(
  'student_freezes',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date').notNull(),
    endedOn: date('ended_on'),
    reason: text('reason').notNull(),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('student_freezes_student_idx').on(t.studentId, t.fromDate),
    index('student_freezes_filial_idx').on(t.filialId, t.fromDate),
    check('student_freezes_period_chk', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);

/** A student's history: status moves, edits, group moves; who and when, with the details of the change. */
export const studentLogs = pgTable(
  'student_logs',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id),
    actorId: integer('actor_id').references(() => employees.id),
    action: text('action').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('student_logs_student_idx').on(t.studentId, t.id)],
);

/** A comment on exactly one of a student, a lead or an employee ("stuff" in the spec's paths). */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').references(() => filials.id),
    studentId: integer('student_id').references(() => students.id),
    leadId: integer('lead_id').references(() => leads.id),
    employeeId: integer('employee_id').references(() => employees.id),
    authorId: integer('author_id').references(() => employees.id),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('comments_student_idx').on(t.studentId, t.id),
    index('comments_lead_idx').on(t.leadId, t.id),
    index('comments_employee_idx').on(t.employeeId, t.id),
    check('comments_one_target_chk', sql`num_nonnulls(${t.studentId}, ${t.leadId}, ${t.employeeId}) = 1`),
  ],
);
