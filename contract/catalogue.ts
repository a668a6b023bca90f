// The education catalogue of spec section 7, "Subjects, themes, homework" and "Courses": request and response
// shapes shared by the /edu/materials screen and the server. Subjects, levels and themes are shared by every
// branch; homework and courses belong to one branch.
import { z } from 'zod';
import { MAX_ID, msg, pageQuery, paged, queryBool, queryId } from './common';
import { amountSchema } from './money';

/** Message keys (namespace "validation") used by the catalogue besides the common ones. */
export const catalogueMsg = {
  maxLength: 'validation.maxLength',
  min: 'validation.min',
  max: 'validation.max',
  money: 'validation.money',
  moneyPositive: 'validation.moneyPositive',
  duplicateIds: 'validation.duplicateIds',
  // Found by the server once the body has parsed.
  notFound: 'validation.notFound',
  archived: 'validation.archived',
  nameTaken: 'validation.nameTaken',
  levelNotInSubject: 'validation.levelNotInSubject',
  filialFixed: 'validation.filialFixed',
  reorderUnknown: 'validation.reorderUnknown',
  reorderMissing: 'validation.reorderMissing',
} as const;

export const NAME_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const REORDER_MAX = 1000;
export const LESSONS_PER_MONTH = { min: 1, max: 31 } as const;
export const DURATION_MONTHS = { min: 1, max: 60 } as const;

// ---------------------------------------------------------------------------------------------- field schemas

/** A required, trimmed name. */
export const nameField = z
  .string({ error: msg.required })
  .trim()
  .min(1, msg.required)
  .max(NAME_MAX, catalogueMsg.maxLength);

const descriptionField = z.string({ error: catalogueMsg.maxLength }).trim().max(DESCRIPTION_MAX, catalogueMsg.maxLength);

/** An id in a JSON body: a positive integer that fits PostgreSQL's `integer`. */
export const bodyId = z
  .number({ error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : msg.positiveInt) })
  .int(msg.positiveInt)
  .positive(msg.positiveInt)
  .max(MAX_ID, msg.positiveInt);

/** A money amount > 0 and ≤ MONEY_ENTRY_MAX, as a decimal string or a number; out comes "450000.00". */
export const moneyField = amountSchema;

const intBetween = (range: { min: number; max: number }) =>
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? msg.required : msg.positiveInt) })
    .int(msg.positiveInt)
    .min(range.min, catalogueMsg.min)
    .max(range.max, catalogueMsg.max);

/** An optional free-text search in a query string; empty counts as absent. */
const querySearch = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z.string().trim().max(NAME_MAX, catalogueMsg.maxLength).optional(),
);

/** Lists show active rows unless `is_archived=true` is asked for. */
const archivedFilter = queryBool.default(false);

// ----------------------------------------------------------------------------------------------------- subjects

export const subject = z.object({
  id: z.number().int(),
  name: z.string(),
  is_archived: z.boolean(),
  /** Active levels. */
  levels_count: z.number().int(),
});
export type Subject = z.infer<typeof subject>;
export const subjectPage = paged(subject);

export const subjectsQuery = pageQuery.extend({ is_archived: archivedFilter, q: querySearch });
export const subjectsNoPgQuery = z.object({ is_archived: archivedFilter, q: querySearch });

export const subjectCreate = z.object({ name: nameField });
export type SubjectCreate = z.infer<typeof subjectCreate>;
/** PATCH: rename, archive (`is_archived: true`) or unarchive. */
export const subjectUpdate = z.object({ name: nameField.optional(), is_archived: z.boolean().optional() });
export type SubjectUpdate = z.infer<typeof subjectUpdate>;

// ------------------------------------------------------------------------------------------------------- levels

export const level = z.object({
  id: z.number().int(),
  subject: z.number().int(),
  subject_name: z.string(),
  name: z.string(),
  /** 1-based place in the subject's teaching order. */
  position: z.number().int(),
  is_archived: z.boolean(),
  /** Active themes. */
  themes_count: z.number().int(),
});
export type Level = z.infer<typeof level>;

export const levelsQuery = z.object({ subject: queryId, is_archived: archivedFilter });

/** A new level goes to the end of its subject's order. */
export const levelCreate = z.object({ subject: bodyId, name: nameField });
export type LevelCreate = z.infer<typeof levelCreate>;
export const levelUpdate = z.object({ name: nameField.optional(), is_archived: z.boolean().optional() });
export type LevelUpdate = z.infer<typeof levelUpdate>;

/** The ids of a parent's items in their new order: exactly its active items, each once. */
const orderedIds = z
  .array(bodyId, { error: msg.required })
  .min(1, msg.required)
  .max(REORDER_MAX, catalogueMsg.max)
  .refine((ids) => new Set(ids).size === ids.length, catalogueMsg.duplicateIds);

/** PATCH /api/v2/subjects/levels/reorder */
export const levelsReorder = z.object({ subject: bodyId, ids: orderedIds });
export type LevelsReorder = z.infer<typeof levelsReorder>;

// ------------------------------------------------------------------------------------------------------- themes

export const theme = z.object({
  id: z.number().int(),
  level: z.number().int(),
  subject: z.number().int(),
  name: z.string(),
  description: z.string(),
  position: z.number().int(),
  is_archived: z.boolean(),
});
export type Theme = z.infer<typeof theme>;
export const themePage = paged(theme);

export const themesQuery = z.object({ level: queryId, subject: queryId, is_archived: archivedFilter });
export const themesPagedQuery = pageQuery.extend(themesQuery.shape);

/** A new theme goes to the end of its level's order. */
export const themeCreate = z.object({ level: bodyId, name: nameField, description: descriptionField.optional() });
export type ThemeCreate = z.infer<typeof themeCreate>;
/** PUT: the whole theme; a new `level` moves it to the end of that level. */
export const themeUpdate = z.object({
  level: bodyId,
  name: nameField,
  description: descriptionField.optional(),
  is_archived: z.boolean().optional(),
});
export type ThemeUpdate = z.infer<typeof themeUpdate>;
/** PATCH: any of the PUT fields. */
export const themePatch = themeUpdate.partial();
export type ThemePatch = z.infer<typeof themePatch>;

/** PATCH /api/v2/subjects/themes/reorder */
export const themesReorder = z.object({ level: bodyId, ids: orderedIds });
export type ThemesReorder = z.infer<typeof themesReorder>;

// ----------------------------------------------------------------------------------------------------- homework

export const homework = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  theme: z.number().int(),
  theme_name: z.string(),
  title: z.string(),
  description: z.string(),
  /** ISO 8601 with offset. */
  created_at: z.string(),
  created_by_name: z.string().nullable(),
});
export type Homework = z.infer<typeof homework>;
export const homeworkPage = paged(homework);

export const homeworkQuery = pageQuery.extend({ filial: queryId, theme: queryId });

export const homeworkCreate = z.object({
  filial: bodyId,
  theme: bodyId,
  title: nameField,
  description: descriptionField.optional(),
});
export type HomeworkCreate = z.infer<typeof homeworkCreate>;
/** PUT: the whole homework (its branch stays the one it was created in). */
export const homeworkUpdate = homeworkCreate;
export type HomeworkUpdate = z.infer<typeof homeworkUpdate>;

// ------------------------------------------------------------------------------------------------------ courses

export const course = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  filial_name: z.string(),
  subject: z.number().int(),
  subject_name: z.string(),
  level: z.number().int(),
  level_name: z.string(),
  name: z.string(),
  /** Monthly price, "450000.00". */
  price: z.string(),
  lessons_per_month: z.number().int(),
  duration_months: z.number().int(),
  is_archived: z.boolean(),
  /** Groups that are not archived. */
  groups_count: z.number().int(),
});
export type Course = z.infer<typeof course>;
export const coursePage = paged(course);

export const coursesNoPgQuery = z.object({
  level: queryId,
  subject: queryId,
  filial: queryId,
  is_archived: archivedFilter,
  q: querySearch,
});
export const coursesQuery = pageQuery.extend(coursesNoPgQuery.shape);

export const courseCreate = z.object({
  filial: bodyId,
  subject: bodyId,
  level: bodyId,
  name: nameField,
  price: moneyField,
  lessons_per_month: intBetween(LESSONS_PER_MONTH),
  duration_months: intBetween(DURATION_MONTHS),
});
export type CourseCreate = z.infer<typeof courseCreate>;
export type CourseCreateInput = z.input<typeof courseCreate>;
/** PUT: the whole course; the branch is fixed at creation (naming another one is a 400 on `filial`). */
export const courseUpdate = courseCreate.extend({ is_archived: z.boolean().optional() });
export type CourseUpdate = z.infer<typeof courseUpdate>;
/** PATCH: any of the PUT fields, e.g. `{is_archived: true}`. */
export const coursePatch = courseUpdate.partial();
export type CoursePatch = z.infer<typeof coursePatch>;
