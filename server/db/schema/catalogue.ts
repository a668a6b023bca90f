// The catalogue of spec section 7, "Subjects, themes, homework" and "Courses": what a centre teaches.
// Subjects, levels and themes are shared by every branch; courses and homework belong to one branch.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employees } from './employees';
import { filials } from './filials';

export const subjects = pgTable('subjects', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  isArchived: boolean('is_archived').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('subjects_name_active_uq').on(sql`lower(${t.name})`).where(sql`NOT ${t.isArchived}`)]);

/** Levels of a subject in teaching order; `position` is dense 1..n within the subject (reorder rewrites it). */
export const subjectLevels = pgTable(
  'subject_levels',
  {
    id: serial('id').primaryKey(),
    subjectId: integer('subject_id').notNull().references(() => subjects.id),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subject_levels_subject_idx').on(t.subjectId, t.position)],
);

/** Themes (lesson topics) of a level in teaching order; `position` is dense 1..n within the level. */
export const themes = pgTable(
  'themes',
  {
    id: serial('id').primaryKey(),
    levelId: integer('level_id').notNull().references(() => subjectLevels.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    position: integer('position').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('themes_level_idx').on(t.levelId, t.position)],
);

export const homework = pgTable(
  'homework',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    themeId: integer('theme_id').notNull().references(() => themes.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by').references(() => employees.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('homework_filial_theme_idx').on(t.filialId, t.themeId)],
);

/** A course: subject + level at a monthly price, with lessons per month and a duration, offered in one branch. */
export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    filialId: integer('filial_id').notNull().references(() => filials.id),
    subjectId: integer('subject_id').notNull().references(() => subjects.id),
    levelId: integer('level_id').notNull().references(() => subjectLevels.id),
    name: text('name').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    lessonsPerMonth: smallint('lessons_per_month').notNull(),
    durationMonths: smallint('duration_months').notNull(),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('courses_filial_idx').on(t.filialId, t.isArchived), index('courses_level_idx').on(t.levelId)],
);
