// Students as the education area needs them now: a brief for lists and rosters, and the create body the seed
// and tests use. The full student API (spec section 7, "Students") builds on these.
import { z } from 'zod';
import { bodyId } from './catalogue';
import { msg, phoneSchema } from './common';

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
