// Imports with a preview (issue 18 §1, contract/imports.ts): one batch per uploaded file, its preview rows and,
// once committed, the ids it created (so undo removes exactly them); and the opening balances it booked.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ImportBatchStatus, ImportCounts, ImportKind, ImportPreviewRow } from '../../../contract/imports';
import { employees } from './employees';
import { filials } from './filials';
import { groups } from './groups';
import { students } from './students';

/** The ids a commit created, per table, for undo. */
export type ImportCreated = { students?: number[]; memberships?: number[]; openingBalances?: number[]; leads?: number[]; groups?: number[]; employees?: number[] };

export const importBatches = pgTable(
  'import_batches',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<ImportKind>().notNull(),
    fileName: text('file_name').notNull(),
    status: text('status').$type<ImportBatchStatus>().notNull().default('preview'),
    /** The branches the uploader could touch (their scope at upload); null = every branch. Lists and reads check it. */
    filialIds: integer('filial_ids').array(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    mapping: jsonb('mapping').$type<Record<string, string>>().notNull(),
    counts: jsonb('counts').$type<ImportCounts>().notNull(),
    rows: jsonb('rows').$type<ImportPreviewRow[]>().notNull(),
    created: jsonb('created').$type<ImportCreated>(),
    createdCount: integer('created_count'),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    committedAt: timestamp('committed_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
  },
  (t) => [index('import_batches_created_idx').on(t.createdAt, t.id)],
);

/**
 * Opening balances: what a student owed (negative) or had paid ahead (positive) in a group when the centre moved
 * in. A ledger of its own kind ("opening balance"), never cash: it moves student_balances through its trigger
 * (migration 0023) but no cash desk, so cash balances, shift closes and the finance reports never see it.
 */
export const openingBalances = pgTable(
  'opening_balances',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    studentId: integer('student_id').notNull().references(() => students.id),
    groupId: integer('group_id').notNull().references(() => groups.id),
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    importBatchId: integer('import_batch_id').references(() => importBatches.id),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('opening_balances_student_idx').on(t.studentId, t.groupId), check('opening_balances_amount_chk', sql`${t.amount} <> 0`)],
);
