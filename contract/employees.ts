// Employees (spec section 7, "Auth and employees"; issue 6): the list and card under /api/employees/, the create
// and full-update body (also PUT /auth/update/{id}/), what archiving would orphan, photos, the director's default
// pages per role and the teachers' week (/auth/tt/). Shared by the server's validation and the app's forms.
import { z } from 'zod';
import { MAX_ID, msg, optionalQuery, pageQuery, phoneSchema, queryBool, queryId, required } from './common';
import { amountSchema } from './money';
import { PASSWORD_MIN, pageKeySchema, pagePermission, roleSchema } from './auth';
import { TIME_PATTERN } from './schedule';
import { ROLES, type PageKey, type Role } from './roles';

export const SALARY_KINDS = ['fixed', 'per_lesson', 'per_student', 'percent'] as const;
export type SalaryKind = (typeof SALARY_KINDS)[number];

/** Roles that may add and edit employees (within their branches; only a director makes or edits a director). */
export const EMPLOYEE_WRITER_ROLES: readonly Role[] = ['DIRECTOR', 'MULTIPLE_FILIAL_MANAGER', 'FILIAL_Manager'];
/** The `code` of the 403 when a writer changes a protected part of a colleague who works outside their branches. */
export const EMPLOYEE_OUTSIDE_BRANCHES = 'employee_outside_branches';
/** Any of these pages lets a person read employees. */
export const EMPLOYEE_READ_PAGES: readonly PageKey[] = ['employees', 'employees_archive', 'employees_data', 'employees_att'];

export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const ARCHIVE_REASON_MAX = 500;

const id = z.coerce.number().int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt);
const timeOfDay = z.string(required).regex(TIME_PATTERN, 'validation.invalid').transform((v) => v.slice(0, 5));

/** GET /api/employees/: page, branch, role, name or phone search, archived, subject. */
export const employeesQuery = z.object({
  ...pageQuery.shape,
  filial: queryId,
  role: optionalQuery(roleSchema),
  q: optionalQuery(z.string().trim().max(100)),
  is_archived: optionalQuery(queryBool),
  subject: queryId,
});
export type EmployeesQuery = z.input<typeof employeesQuery>;

const photoSchema = z.object({ file: z.string() }).nullable();
const subjectRef = z.object({ id: z.number().int(), name: z.string() }).nullable();

export const employeeListItem = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  role: roleSchema,
  filials: z.array(z.number().int()),
  photo: photoSchema,
  subject: subjectRef,
  is_call_operator: z.boolean(),
  is_archived: z.boolean(),
  created_at: z.string(),
});
export type EmployeeListItem = z.infer<typeof employeeListItem>;

export const employeeDetail = employeeListItem.extend({
  pages: z.array(pagePermission),
  salary_kind: z.enum(SALARY_KINDS).nullable(),
  salary_amount: z.string().nullable(),
  salary_percent: z.string().nullable(),
  work_days: z.array(z.number().int()),
  work_start: z.string().nullable(),
  work_end: z.string().nullable(),
  archived_at: z.string().nullable(),
  archived_reason: z.string().nullable(),
});
export type EmployeeDetail = z.infer<typeof employeeDetail>;

/** A share of 0..100 with at most two decimals, as a string. */
const percentSchema = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim().replace(',', '.'))
  .pipe(z.string().regex(/^\d{1,3}(\.\d{1,2})?$/, 'validation.invalid'))
  .refine((v) => Number(v) <= 100, { message: 'validation.invalid' });

const filialList = z.array(id).max(100);
const workDays = z
  .array(z.number().int().min(1, 'validation.days').max(7, 'validation.days'))
  .max(7, 'validation.days')
  .refine((d) => new Set(d).size === d.length, { message: 'validation.days' });

const fields = {
  full_name: z.string(required).trim().min(1, msg.required).max(200, 'validation.maxLength'),
  phone: phoneSchema,
  role: roleSchema,
  /** The employee's branches; none means every branch (only a director may leave it empty). */
  filials: filialList.default([]),
  /**
   * Readable pages, as keys or as the card's `{name, is_readable}` list (so a card sent back round-trips);
   * absent → the role's defaults (role_pages, else contract/roles.ts).
   */
  pages: z
    .array(z.union([pageKeySchema, pagePermission]))
    .transform((list) => [...new Set(list.flatMap((p) => (typeof p === 'string' ? [p] : p.is_readable ? [p.name] : [])))])
    .optional(),
  subject: z.preprocess((v) => (v === '' ? null : v), id.nullable().optional()),
  is_call_operator: z.boolean().default(false),
  salary_kind: z.enum(SALARY_KINDS).nullable().optional(),
  salary_amount: z.preprocess((v) => (v === '' ? null : v), amountSchema.nullable().optional()),
  salary_percent: z.preprocess((v) => (v === '' ? null : v), percentSchema.nullable().optional()),
  work_days: workDays.default([1, 2, 3, 4, 5, 6]),
  work_start: z.preprocess((v) => (v === '' ? null : v), timeOfDay.nullable().optional()),
  work_end: z.preprocess((v) => (v === '' ? null : v), timeOfDay.nullable().optional()),
};

type Rules = { salary_kind?: SalaryKind | null; salary_amount?: string | null; salary_percent?: string | null; work_start?: string | null; work_end?: string | null };

/** Cross-field rules: a kind needs its figure, and the day ends after it starts. */
function checkTerms(v: Rules, ctx: z.RefinementCtx) {
  if (v.salary_kind === 'percent' && !v.salary_percent) ctx.addIssue({ code: 'custom', path: ['salary_percent'], message: msg.required });
  if (v.salary_kind && v.salary_kind !== 'percent' && !v.salary_amount) ctx.addIssue({ code: 'custom', path: ['salary_amount'], message: msg.required });
  if (v.work_start && v.work_end && v.work_end <= v.work_start) ctx.addIssue({ code: 'custom', path: ['work_end'], message: 'validation.endTimeAfterStart' });
}

/** POST /api/employees/ */
export const employeeCreateBody = z
  .object({ ...fields, password: z.string(required).min(PASSWORD_MIN, msg.minLength).max(200) })
  .superRefine(checkTerms);
export type EmployeeCreateBody = z.input<typeof employeeCreateBody>;

const updateFields = {
  ...fields,
  password: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(PASSWORD_MIN, msg.minLength).max(200).optional()),
  is_archived: z.boolean().optional(),
  archive_reason: z.string().trim().max(ARCHIVE_REASON_MAX, 'validation.maxLength').optional(),
};

function checkUpdate(v: Rules & { is_archived?: boolean; archive_reason?: string }, ctx: z.RefinementCtx) {
  checkTerms(v, ctx);
  if (v.is_archived === true && !v.archive_reason) ctx.addIssue({ code: 'custom', path: ['archive_reason'], message: msg.required });
}

/**
 * PUT /api/employees/{id} and PUT /auth/update/{id}/: every field again; a password only when it changes;
 * `is_archived: true` archives with a reason (and ends the person's sessions), `false` brings them back.
 */
export const employeeUpdateBody = z.object(updateFields).superRefine(checkUpdate);
/** PUT /api/employees/ (spec section 7): the same update for the employee whose `id` is in the body. */
export const employeeCollectionUpdateBody = z.object({ id: z.number(required).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt), ...updateFields }).superRefine(checkUpdate);
export type EmployeeUpdateBody = z.input<typeof employeeUpdateBody>;
export type EmployeeCollectionUpdateBody = z.input<typeof employeeCollectionUpdateBody>;

/**
 * PATCH /api/employees/{id}: any of the full update's fields; those left out keep the card's values (no defaults
 * here, so a missing field never resets one). The merged whole is checked with employeeUpdateBody's rules.
 */
export const employeePatchBody = z.object({
  full_name: fields.full_name.optional(),
  phone: phoneSchema.optional(),
  role: roleSchema.optional(),
  filials: filialList.optional(),
  pages: fields.pages,
  subject: fields.subject,
  is_call_operator: z.boolean().optional(),
  salary_kind: fields.salary_kind,
  salary_amount: fields.salary_amount,
  salary_percent: fields.salary_percent,
  work_days: workDays.optional(),
  work_start: fields.work_start,
  work_end: fields.work_end,
  password: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(PASSWORD_MIN, msg.minLength).max(200).optional()),
  is_archived: z.boolean().optional(),
  archive_reason: z.string().trim().max(ARCHIVE_REASON_MAX, 'validation.maxLength').optional(),
});
export type EmployeePatchBody = z.input<typeof employeePatchBody>;

/** GET /api/employees/{id}/related_objects: what archiving the person would leave without them. */
export const relatedObjects = z.object({
  groups: z.array(z.object({ id: z.number().int(), name: z.string(), filial: z.number().int(), as: z.enum(['teacher', 'assistant']) })),
  tasks: z.array(z.object({ id: z.number().int(), title: z.string(), due_at: z.string(), filial: z.number().int() })),
  cashiers: z.array(z.object({ id: z.number().int(), name: z.string(), filial: z.number().int() })),
});
export type RelatedObjects = z.infer<typeof relatedObjects>;

/** GET /api/employees/roles/pages: every role with its readable default pages. */
export const rolePagesItem = z.object({ role: roleSchema, pages: z.array(pageKeySchema), customised: z.boolean() });
export const rolePagesList = z.array(rolePagesItem);
export type RolePagesItem = z.infer<typeof rolePagesItem>;
/** PUT /api/employees/roles/pages (director): the roles sent get exactly these readable pages. */
export const rolePagesUpdate = z
  .array(z.object({ role: roleSchema, pages: z.array(pageKeySchema).refine((p) => new Set(p).size === p.length, { message: 'validation.duplicateIds' }) }))
  .min(1, msg.required)
  .max(ROLES.length)
  .refine((list) => new Set(list.map((r) => r.role)).size === list.length, { message: 'validation.duplicateIds' });

/** GET /auth/tt/?filial=: teachers and assistants of the branch with their groups' week. */
export const teacherTimetableQuery = z.object({ filial: queryId });
export const teacherTimetable = z.array(
  z.object({
    id: z.number().int(),
    full_name: z.string(),
    role: roleSchema,
    photo: photoSchema,
    groups: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        filial: z.number().int(),
        as: z.enum(['teacher', 'assistant']),
        days: z.array(z.number().int()),
        start_time: z.string(),
        end_time: z.string(),
        room: z.object({ id: z.number().int(), name: z.string() }),
      }),
    ),
  }),
);
export type TeacherTimetable = z.infer<typeof teacherTimetable>;
