// Staff and oversight (the staff issue): employee terms and work schedules, photos, role default pages a director
// edits, tasks, and time tracking (arrivals and departures per day, corrections logged with a reason).
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { PageKey, Role } from '../../../contract/roles';
import { subjects } from './catalogue';
import { employees } from './employees';
import { filials } from './filials';
import { leads } from './leads';
import { students } from './students';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

export const SALARY_KINDS = ['fixed', 'per_lesson', 'per_student', 'percent'] as const;
export type SalaryKind = (typeof SALARY_KINDS)[number];

/**
 * What an employee has beyond sign-in: salary terms, the subject a teacher teaches, whether they take calls, and
 * the work schedule lateness is measured against (days 1 = Monday .. 7, start and end of the working day).
 */
export const employeeProfiles = pgTable(
  'employee_profiles',
  {
    employeeId: integer('employee_id')
      .primaryKey()
      .references(() => employees.id, { onDelete: 'cascade' }),
    subjectId: integer('subject_id').references(() => subjects.id),
    isCallOperator: boolean('is_call_operator').notNull().default(false),
    salaryKind: text('salary_kind').$type<SalaryKind>(),
    /** Monthly amount (fixed), per lesson held, or per student present; null for percent. */
    salaryAmount: numeric('salary_amount', { precision: 14, scale: 2 }),
    /** Share of what the teacher's students paid, 0..100. */
    salaryPercent: numeric('salary_percent', { precision: 5, scale: 2 }),
    workDays: smallint('work_days').array().notNull().default(sql`'{1,2,3,4,5,6}'::smallint[]`),
    workStart: time('work_start'),
    workEnd: time('work_end'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedReason: text('archived_reason'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('employee_profiles_subject_idx').on(t.subjectId),
    check('employee_profiles_percent_chk', sql`${t.salaryPercent} IS NULL OR (${t.salaryPercent} >= 0 AND ${t.salaryPercent} <= 100)`),
  ],
);

/** An employee's photo, kept in the database so every app process serves the same file. */
export const employeePhotos = pgTable('employee_photos', {
  employeeId: integer('employee_id')
    .primaryKey()
    .references(() => employees.id, { onDelete: 'cascade' }),
  mime: text('mime').notNull(),
  data: bytea('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The director's defaults per role (pre-filled for a new employee); a missing row falls back to contract/roles.ts. */
export const rolePages = pgTable(
  'role_pages',
  {
    role: text('role').$type<Role>().notNull(),
    page: text('page').$type<PageKey>().notNull(),
    isReadable: boolean('is_readable').notNull(),
  },
  (t) => [primaryKey({ columns: [t.role, t.page] })],
);

export const TASK_STATUSES = ['new', 'in_progress', 'done', 'cancelled'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const tasks = pgTable(
  'tasks',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id')
      .notNull()
      .references(() => filials.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    performerId: integer('performer_id')
      .notNull()
      .references(() => employees.id),
    creatorId: integer('creator_id')
      .notNull()
      .references(() => employees.id),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    leadId: integer('lead_id').references(() => leads.id),
    studentId: integer('student_id').references(() => students.id),
    status: text('status').$type<TaskStatus>().notNull().default('new'),
    doneAt: timestamp('done_at', { withTimezone: true }),
    /** Set once the performer has been reminded that the due time passed. */
    overdueNotifiedAt: timestamp('overdue_notified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_performer_idx').on(t.performerId, t.status, t.dueAt),
    index('tasks_creator_idx').on(t.creatorId, t.status, t.dueAt),
    index('tasks_filial_idx').on(t.filialId, t.dueAt),
    index('tasks_student_idx').on(t.studentId),
    index('tasks_lead_idx').on(t.leadId),
  ],
);

export const TIME_SOURCES = ['manual', 'device'] as const;
export type TimeSource = (typeof TIME_SOURCES)[number];

/** One employee's working day: when they arrived and left, and how late they were against their schedule. */
export const timeRecords = pgTable(
  'time_records',
  {
    id: serial('id').primaryKey(),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    filialId: integer('filial_id')
      .notNull()
      .references(() => filials.id),
    day: date('day').notNull(),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    leftAt: timestamp('left_at', { withTimezone: true }),
    lateMinutes: integer('late_minutes').notNull().default(0),
    source: text('source').$type<TimeSource>().notNull().default('manual'),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('time_records_day_uq').on(t.employeeId, t.day),
    index('time_records_filial_day_idx').on(t.filialId, t.day),
    check('time_records_order_chk', sql`${t.leftAt} IS NULL OR ${t.arrivedAt} IS NULL OR ${t.leftAt} >= ${t.arrivedAt}`),
    check('time_records_late_chk', sql`${t.lateMinutes} >= 0`),
  ],
);

/** A correction of a time record by the attendance manager: what it was, what it became, and why. */
export const timeRecordEdits = pgTable(
  'time_record_edits',
  {
    id: serial('id').primaryKey(),
    recordId: integer('record_id')
      .notNull()
      .references(() => timeRecords.id),
    before: jsonb('before').notNull(),
    after: jsonb('after').notNull(),
    reason: text('reason').notNull(),
    editorId: integer('editor_id')
      .notNull()
      .references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('time_record_edits_record_idx').on(t.recordId)],
);
