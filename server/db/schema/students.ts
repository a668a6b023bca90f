// Students (built out by the students issue) and their membership of groups. Membership rows are never
// deleted: a move closes one row (left_on, reason 'moved') and opens another, so history and billing keep
// the dates.
import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employees } from './employees';
import { filials } from './filials';
import { groups } from './groups';
import { searchableName } from './nameSearch';

export const STUDENT_STATUSES = ['testing', 'new', 'active', 'frozen', 'archived'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];

export const students = pgTable(
  'students',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    fullName: text('full_name').notNull(),
    /** Normalised `+998XXXXXXXXX`. */
    phone: text('phone').notNull(),
    extraPhone: text('extra_phone'),
    parentPhone: text('parent_phone'),
    /** The parents asked for no messages (issue 17): nothing is queued to them, and waiting messages are cancelled. */
    parentOptOut: boolean('parent_opt_out').notNull().default(false),
    birthDate: date('birth_date'),
    gender: text('gender').$type<'male' | 'female'>(),
    status: text('status').$type<StudentStatus>().notNull().default('new'),
    isArchived: boolean('is_archived').notNull().default(false),
    archivedReason: text('archived_reason'),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** The status held when archived: bringing the student back returns to it (contract/studentStatus.ts). */
    archivedFromStatus: text('archived_from_status').$type<StudentStatus>(),
    /** The day the student's first membership began (the admin report's "joined"): kept by a trigger on
     * student_groups (migration 0030), null while the student has none. */
    firstJoinedOn: date('first_joined_on'),
    frozenFrom: date('frozen_from'),
    frozenTo: date('frozen_to'),
    frozenReason: text('frozen_reason'),
    /** The lead this student came from (the leads issue adds the foreign key with its table). */
    leadId: integer('lead_id'),
    comment: text('comment').notNull().default(''),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('students_filial_status_idx').on(t.filialId, t.isArchived, t.status, t.id),
    // A branch's list of all statuses, newest first (the student list's default tab): read in index order.
    index('students_filial_live_id_idx').on(t.filialId, t.isArchived, t.id),
    index('students_phone_idx').on(t.phone),
    index('students_created_idx').on(t.filialId, t.createdAt),
    index('students_lead_idx').on(t.leadId),
    // Students archived in a period (the admin report's "left").
    // This and student_groups' joined/left indexes INCLUDE the admin report's columns, and students_id_filial_idx
    // (id) INCLUDE (filial_id) exists beside the key: migration 0028 (drizzle cannot express INCLUDE).
    index('students_archived_at_idx').on(t.archivedAt),
    // Students who joined in a period, per branch, index-only (the admin report's "joined").
    index('students_first_joined_idx').on(t.firstJoinedOn, t.filialId),
    // The all-branch tab counts and list count read this small index alone (index-only), not the table.
    index('students_archived_status_idx').on(t.isArchived, t.status),
    // The live students in id order, index-only: the balance filter and the debtors' totals merge or hash them
    // with the kept totals and the debts without reading the table.
    index('students_archived_id_idx').on(t.isArchived, t.id),
    // Name and phone search look for a piece anywhere in the text (LIKE '%…%'): trigram indexes (pg_trgm).
    index('students_name_trgm_idx').using('gin', sql`${searchableName(t.fullName)} gin_trgm_ops`),
    index('students_phone_trgm_idx').using('gin', t.phone.op('gin_trgm_ops')),
  ],
);

export type MembershipEnd = 'moved' | 'left' | 'archived';

export const studentGroups = pgTable(
  'student_groups',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id').notNull().references(() => students.id),
    groupId: integer('group_id').notNull().references(() => groups.id),
    joinedOn: date('joined_on').notNull(),
    /** The last day the student belonged to the group; null while they are in it. */
    leftOn: date('left_on'),
    endReason: text('end_reason').$type<MembershipEnd>(),
    /** The row that continued this one after a move. */
    movedToId: integer('moved_to_id'),
    /** A price for this student in this group overriding the group's, per month. */
    price: numeric('price', { precision: 14, scale: 2 }),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('student_groups_group_idx').on(t.groupId, t.leftOn),
    index('student_groups_student_idx').on(t.studentId, t.leftOn),
    // The admin report's movements per period (server/domain/reports/admin.ts): memberships begun or ended in it,
    // and whether a student had one before it (a first membership is a student who joined).
    index('student_groups_joined_idx').on(t.joinedOn),
    index('student_groups_left_idx').on(t.leftOn),
    index('student_groups_student_joined_idx').on(t.studentId, t.joinedOn),
    // One open membership per student and group.
    uniqueIndex('student_groups_open_uq').on(t.studentId, t.groupId).where(sql`${t.leftOn} IS NULL`),
  ],
);

/**
 * The students tabs' numbers kept by the database: rows of (branch, status, archived, delta) that only ever get
 * inserted, by statement triggers on students (migration 0025), so no writer waits for another on a counter row.
 * A count is the sum of its rows; the compaction job folds them into one row per key every ten minutes.
 */
export const studentCountDeltas = pgTable(
  'student_count_deltas',
  {
    filialId: integer('filial_id').notNull(),
    status: text('status').$type<StudentStatus>().notNull(),
    isArchived: boolean('is_archived').notNull(),
    delta: integer('delta').notNull(),
  },
  (t) => [index('student_count_deltas_filial_idx').on(t.filialId)],
);
