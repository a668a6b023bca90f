// GET /api/first_lessons/leads/no-pg (spec section 7, "Students"): the orders whose first lesson falls in a period,
// with the group they are to join and whether that day's lesson has been held (then the order can become a
// student: PATCH /lid/{id} {stage: 'JOINED'}).
import { z } from 'zod';
import { queryId } from './common';
import { queryDate } from './lessons';
import { lessonStatus } from './groups';

/** Without dates: a week back and a week ahead of today, so late and coming first lessons both show. */
export const FIRST_LESSONS_DEFAULT_DAYS = 7;

/** `date` is one day; otherwise start_date..end_date (either end may be left open to the default). */
export const firstLessonsQuery = z
  .object({ filial: queryId, date: queryDate, start_date: queryDate, end_date: queryDate })
  .superRefine((q, ctx) => {
    if (q.start_date && q.end_date && q.end_date < q.start_date) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'validation.endDateAfterStart' });
    }
  });
export type FirstLessonsParams = { filial?: number; date?: string; start_date?: string; end_date?: string };

const person = z.object({ id: z.number().int(), full_name: z.string() });

export const firstLesson = z.object({
  /** The lead (an order). */
  id: z.number().int(),
  filial: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  extra_phone: z.string().nullable(),
  operator: person.nullable(),
  group: z.object({
    id: z.number().int(),
    name: z.string(),
    teacher: person,
    room: z.object({ id: z.number().int(), name: z.string() }),
    days: z.array(z.number().int()),
    start_time: z.string(),
    end_time: z.string(),
  }),
  first_lesson_date: z.string(),
  /** The group's lesson on that day, if the schedule has one. */
  lesson: z.object({ id: z.number().int(), status: lessonStatus }).nullable(),
  lesson_held: z.boolean(),
});
export type FirstLesson = z.infer<typeof firstLesson>;
