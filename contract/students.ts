// Students as the education area needs them now: a brief for lists and rosters, and the create body the seed
// and tests use. The full student API (spec section 7, "Students") builds on these.
import { z } from 'zod';
import { bodyId } from './catalogue';
import { msg, phoneSchema, queryBool, queryId } from './common';

export const STUDENT_STATUSES = ['testing', 'new', 'active', 'frozen', 'archived'] as const;
export const studentStatus = z.enum(STUDENT_STATUSES);
export type StudentStatus = z.infer<typeof studentStatus>;

export const studentBrief = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  filial: z.number().int(),
  status: studentStatus,
  is_archived: z.boolean(),
});
export type StudentBrief = z.infer<typeof studentBrief>;

export const studentCreate = z.object({
  filial: bodyId,
  full_name: z.string({ error: msg.required }).trim().min(1, msg.required).max(200),
  phone: phoneSchema,
  status: studentStatus.exclude(['archived', 'frozen']).default('new'),
});
export type StudentCreate = z.input<typeof studentCreate>;

/** The most students GET /students/no-pg/ answers at once, and how many unless `limit` says otherwise. */
export const STUDENT_PICKER_LIMIT = { default: 50, max: 100 } as const;

const emptyAsAbsent = (v: unknown) => (typeof v === 'string' && (v.trim() === '' || v === 'null' || v === 'undefined') ? undefined : v);

/**
 * GET /students/no-pg/: a branch's students for pickers (the user's branches without `filial`). `q` searches the
 * full name, and the phone when it looks like one; `exclude_group` leaves out the current members of a group
 * (the "add to group" dialog). Capped: a picker asks again with a longer `q`, it never pages.
 */
export const studentsNoPgQuery = z.object({
  filial: queryId,
  q: z.preprocess(emptyAsAbsent, z.string().trim().max(100, 'validation.maxLength').optional()),
  is_archived: queryBool.default(false),
  status: z.preprocess(emptyAsAbsent, studentStatus.optional()),
  exclude_group: queryId,
  limit: z.preprocess(
    emptyAsAbsent,
    z.coerce
      .number({ error: msg.positiveInt })
      .int(msg.positiveInt)
      .min(1, 'validation.min')
      .max(STUDENT_PICKER_LIMIT.max, 'validation.max')
      .default(STUDENT_PICKER_LIMIT.default),
  ),
});
/** What a client sends to GET /students/no-pg/ (the schema's input is loose, as query strings are). */
export type StudentsNoPgParams = {
  filial?: number;
  q?: string;
  is_archived?: boolean;
  status?: StudentStatus;
  exclude_group?: number;
  limit?: number;
};
