// Placement and progress tests (/edu/test/create), used by the TESTOLOG for students in testing.
import { boolean, index, integer, jsonb, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { subjectLevels, subjects } from './catalogue';
import { employees } from './employees';
import { filials } from './filials';

export const TEST_KINDS = ['placement', 'progress'] as const;
export type TestKind = (typeof TEST_KINDS)[number];

export type TestOption = { text: string; is_correct: boolean };

export const tests = pgTable(
  'tests',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    title: text('title').notNull(),
    kind: text('kind').$type<TestKind>().notNull(),
    subjectId: integer('subject_id').notNull().references(() => subjects.id),
    levelId: integer('level_id').references(() => subjectLevels.id),
    durationMinutes: smallint('duration_minutes').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tests_filial_idx').on(t.filialId, t.isArchived)],
);

export const testQuestions = pgTable(
  'test_questions',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id').notNull().references(() => tests.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    text: text('text').notNull(),
    options: jsonb('options').$type<TestOption[]>().notNull(),
    points: smallint('points').notNull().default(1),
  },
  (t) => [index('test_questions_test_idx').on(t.testId, t.position)],
);

/** A student's sitting of a test: score and the level it suggests. */
export const testResults = pgTable(
  'test_results',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id').notNull().references(() => tests.id),
    studentId: integer('student_id').notNull(),
    score: smallint('score').notNull(),
    maxScore: smallint('max_score').notNull(),
    answers: jsonb('answers').$type<number[][]>().notNull(),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('test_results_student_idx').on(t.studentId, t.createdAt)],
);
