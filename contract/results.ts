// A student's results (GET /results/student/): attendance and marks per lesson, a summary, and test scores.
import { z } from 'zod';
import { MAX_ID, msg } from './common';
import { attendanceStatus, datesInOrder, lessonStatus, queryDate } from './lessons';
import { attendanceSummary } from './membership';
import { testKind } from './placementTests';
import { studentBrief } from './students';

export const resultsQuery = z
  .object({
    id: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : Number(v)),
      z
        .number({ error: (iss) => (iss.input === undefined ? msg.required : msg.positiveInt) })
        .int(msg.positiveInt)
        .positive(msg.positiveInt)
        .max(MAX_ID, msg.positiveInt),
    ),
    start_date: queryDate,
    end_date: queryDate,
  })
  .refine(datesInOrder, { message: 'validation.endDateAfterStart', path: ['end_date'] });

export const resultItem = z.object({
  lesson_id: z.number().int(),
  date: z.string(),
  group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  theme: z.string().nullable(),
  lesson_status: lessonStatus,
  /** Null when the student was not marked. */
  status: attendanceStatus.nullable(),
  mark: z.number().int().nullable(),
});
export type ResultItem = z.infer<typeof resultItem>;

export const testResultItem = z.object({
  id: z.number().int(),
  test: z.object({ id: z.number().int(), title: z.string(), kind: testKind }),
  score: z.number().int(),
  max_score: z.number().int(),
  created_at: z.string(),
});

export const studentResults = z.object({
  student: studentBrief,
  summary: attendanceSummary,
  items: z.array(resultItem),
  tests: z.array(testResultItem),
});
export type StudentResults = z.infer<typeof studentResults>;
