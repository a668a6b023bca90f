// Placement and progress tests (the /edu/test/create screen): a test with its questions, and a student's
// scored sitting.
import { z } from 'zod';
import { msg, pageQuery, paged, queryBool, queryId, required } from './common';
import { bodyId } from './catalogue';

export const TEST_KINDS = ['placement', 'progress'] as const;
export const testKind = z.enum(TEST_KINDS);

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
export const MAX_QUESTIONS = 100;

const text = (max: number) => z.string(required).trim().min(1, msg.required).max(max);

export const testOption = z.object({ text: text(500), is_correct: z.boolean() });

export const testQuestionInput = z.object({
  text: text(2000),
  points: z.number().int().min(1).max(100).default(1),
  options: z
    .array(testOption)
    .min(MIN_OPTIONS)
    .max(MAX_OPTIONS)
    .refine((options) => options.some((o) => o.is_correct), 'validation.correctOptionRequired'),
});

/** POST /tests/ and PUT /tests/{id}/ (PUT replaces the questions). */
export const testBody = z.object({
  filial: bodyId,
  title: text(200),
  kind: testKind,
  subject: bodyId,
  level: bodyId.nullable().optional(),
  duration_minutes: z.number(required).int().min(1).max(600),
  questions: z.array(testQuestionInput, required).min(1).max(MAX_QUESTIONS),
});
export type TestBody = z.input<typeof testBody>;

export const testArchivePatch = z.object({ is_archived: z.boolean(required) });

export const testsQuery = z.object({
  ...pageQuery.shape,
  filial: queryId,
  kind: z.preprocess((v) => (v === '' ? undefined : v), testKind.optional()),
  subject: queryId,
  is_archived: queryBool.optional(),
});

const named = z.object({ id: z.number().int(), name: z.string() });

export const testListItem = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  title: z.string(),
  kind: testKind,
  subject: named,
  level: named.nullable(),
  duration_minutes: z.number().int(),
  is_archived: z.boolean(),
  question_count: z.number().int(),
  max_score: z.number().int(),
  created_at: z.string(),
});
export type TestListItem = z.infer<typeof testListItem>;
export const testPage = paged(testListItem);

export const testQuestion = z.object({
  id: z.number().int(),
  position: z.number().int(),
  text: z.string(),
  points: z.number().int(),
  options: z.array(testOption),
});
export const testDetail = testListItem.extend({ questions: z.array(testQuestion) });
export type TestDetail = z.infer<typeof testDetail>;

/**
 * POST /tests/{id}/results/: `answers[i]` holds the 0-based indexes of the options chosen for question i
 * (in position order); an empty list is an unanswered question.
 */
export const testSitting = z.object({
  student: bodyId,
  answers: z.array(z.array(z.number().int().min(0).max(MAX_OPTIONS - 1)).max(MAX_OPTIONS), required).max(MAX_QUESTIONS),
});
export type TestSitting = z.infer<typeof testSitting>;

export const testResult = z.object({
  id: z.number().int(),
  test: z.object({ id: z.number().int(), title: z.string(), kind: testKind }),
  student: z.object({ id: z.number().int(), full_name: z.string() }),
  score: z.number().int(),
  max_score: z.number().int(),
  created_at: z.string(),
});
export type TestResult = z.infer<typeof testResult>;
