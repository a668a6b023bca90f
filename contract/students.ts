// Students as the education area needs them now: a brief for lists and rosters, and the create body the seed
// and tests use. The full student API (spec section 7, "Students") builds on these.
import { z } from 'zod';
import { centreToday } from './centreDay';
import { bodyId } from './catalogue';
import { calendarDay, emptyAsAbsent, msg, optionalQuery, pageQuery, phoneSchema, queryBool, queryId, queryIsoDate, required } from './common';
import { leadDuplicate } from './leads';
import type { PageKey } from './roles';

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
  full_name: z.string(required).trim().min(1, msg.required).max(200),
  phone: phoneSchema,
  status: studentStatus.exclude(['archived', 'frozen']).default('new'),
});
export type StudentCreate = z.input<typeof studentCreate>;

/** The most students GET /students/no-pg/ answers at once, and how many unless `limit` says otherwise. */
export const STUDENT_PICKER_LIMIT = { default: 50, max: 100 } as const;


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

// ——— The student pages (spec section 7, "Students"): lists, counts, card, create, edit, phone check. ———

/** The five student lists and the page key each needs (spec section 3). */
export const STUDENT_LISTS = ['testing', 'new', 'active', 'all', 'archived'] as const;
export type StudentList = (typeof STUDENT_LISTS)[number];
export const STUDENT_LIST_PAGES = {
  testing: 'testing_students',
  new: 'new_students',
  active: 'active_students',
  all: 'all_students',
  archived: 'archived_students',
} as const satisfies Record<StudentList, PageKey>;

export const BALANCE_STATUSES = ['debtor', 'zero', 'positive'] as const;
export type BalanceStatus = (typeof BALANCE_STATUSES)[number];

export const GENDERS = ['male', 'female'] as const;
export type Gender = (typeof GENDERS)[number];

const ref = z.object({ id: z.number().int(), name: z.string() });
const person = z.object({ id: z.number().int(), full_name: z.string() });
/** Money as an exact decimal string, e.g. "-150000.00". */
const money = z.string();

/** A row of GET /students/. `balance` is the sum over the student's groups ("0.00" until the money issue). */
export const studentListItem = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  parent_phone: z.string().nullable(),
  filial: z.number().int(),
  status: studentStatus,
  is_archived: z.boolean(),
  /** The groups the student is in today; for an archived student, the groups their archiving closed. */
  groups: z.array(ref),
  balance: money,
  created_at: z.string(),
  frozen_from: z.string().nullable(),
  frozen_to: z.string().nullable(),
  archived_reason: z.string().nullable(),
  archived_at: z.string().nullable(),
});
export type StudentListItem = z.infer<typeof studentListItem>;

/** An open membership on the student card, with its own balance. */
export const studentMembership = z.object({
  /** The membership (student_groups row) id. */
  id: z.number().int(),
  group: ref,
  teacher: person.nullable(),
  joined_on: z.string(),
  /** The student's own monthly price in this group, when it overrides the group's. */
  price: money.nullable(),
  balance: money,
});
export type StudentMembership = z.infer<typeof studentMembership>;

/** GET /students/{id}/. */
export const studentDetail = studentListItem.extend({
  extra_phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  comment: z.string(),
  archived_from_status: studentStatus.nullable(),
  frozen_reason: z.string().nullable(),
  lead: person.nullable(),
  memberships: z.array(studentMembership),
});
export type StudentDetail = z.infer<typeof studentDetail>;

const emptyAbsent = optionalQuery;

/**
 * GET /students/. `list`: testing / new → that status; active → active and frozen; all → every student not
 * archived; archived → the archive. No `list` means every student not archived. `status` narrows further.
 * start_date / end_date filter created_at (the centre's calendar day), archived_at on the archived list.
 */
export const studentsQuery = pageQuery.extend({
  page: z.preprocess(emptyAsAbsent, pageQuery.shape.page),
  page_size: z.preprocess(emptyAsAbsent, pageQuery.shape.page_size),
  filial: queryId,
  list: emptyAbsent(z.enum(STUDENT_LISTS, { error: 'validation.invalid' })),
  status: emptyAbsent(z.enum(STUDENT_STATUSES, { error: 'validation.invalid' })),
  /** A piece of the name, or of the phone when made of digits. */
  q: emptyAbsent(z.string().trim().max(100, 'validation.maxLength')),
  group: queryId,
  teacher: queryId,
  subject: queryId,
  course: queryId,
  start_date: queryIsoDate,
  end_date: queryIsoDate,
  balance_status: emptyAbsent(z.enum(BALANCE_STATUSES, { error: 'validation.invalid' })),
});
/** What a client sends to GET /students/ and /students/excel/. */
export type StudentsParams = {
  page?: number;
  page_size?: number;
  filial?: number;
  list?: StudentList;
  status?: StudentStatus;
  q?: string;
  group?: number;
  teacher?: number;
  subject?: number;
  course?: number;
  start_date?: string;
  end_date?: string;
  balance_status?: BalanceStatus;
};

/** GET /students/counts/ (our path): how many students each sidebar tab holds in the branch(es). */
export const studentCountsQuery = z.object({ filial: queryId });
export const studentCounts = z.object({
  testing: z.number().int(),
  new: z.number().int(),
  active: z.number().int(),
  frozen: z.number().int(),
  archived: z.number().int(),
  /** Every student not archived. */
  all: z.number().int(),
});
export type StudentCounts = z.infer<typeof studentCounts>;


const emptyAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalPhoneField = z.preprocess(emptyAsNull, phoneSchema.nullable());
const birthDate = z.preprocess(
  emptyAsNull,
  calendarDay()
    .refine((v) => v <= centreToday(), 'validation.futureDate')
    .nullable(),
);
const fullNameField = z.string(required).trim().min(1, msg.required).max(200, 'validation.maxLength');
const commentField = z.string().trim().max(2000, 'validation.maxLength');
const genderField = z.preprocess(emptyAsNull, z.enum(GENDERS, { error: 'validation.invalid' }).nullable());

/** The editable fields of a student (PUT sends every one; null clears an optional one). */
const editable = {
  full_name: fullNameField,
  phone: phoneSchema,
  extra_phone: optionalPhoneField,
  parent_phone: optionalPhoneField,
  birth_date: birthDate,
  gender: genderField,
  comment: commentField,
  filial: bodyId,
};

/** POST /students/ (our path): a walk-in student, without a lead. Answers the card plus same-phone warnings. */
export const studentCreateBody = z.object({
  ...editable,
  extra_phone: editable.extra_phone.optional(),
  parent_phone: editable.parent_phone.optional(),
  birth_date: editable.birth_date.optional(),
  gender: editable.gender.optional(),
  comment: commentField.optional(),
  status: z.enum(['testing', 'new'], { error: 'validation.invalid' }).default('new'),
  /** Save although leads or students have this phone (otherwise 409 with them, as POST /lid/). */
  confirm_duplicate: z.boolean({ error: 'validation.invalid' }).optional(),
});
export type StudentCreateBody = z.input<typeof studentCreateBody>;

/** Same-phone leads and students in the caller's branches (the shape POST /lid/ answers with). */
export { leadDuplicate as studentDuplicate, type LeadDuplicate as StudentDuplicate } from './leads';
export const studentCreated = studentDetail.extend({ duplicates: z.array(leadDuplicate) });
export type StudentCreated = z.infer<typeof studentCreated>;

/** PUT /students/{id}/: every editable field. `filial` may move only to a branch the user has. */
export const studentUpdateBody = z.object(editable);
export type StudentUpdateBody = z.input<typeof studentUpdateBody>;

/**
 * PATCH /students/{id}/: any subset of the editable fields. `{is_archived: false}` brings an archived student
 * back (to the status they were archived from; archiving itself is PATCH /add-group/{id}/).
 */
export const studentPatchBody = studentUpdateBody.partial().extend({
  is_archived: z.literal(false, { error: 'validation.invalid' }).optional(),
});
export type StudentPatchBody = z.input<typeof studentPatchBody>;

/** GET /students/check_phone?phone_number=: who already has this phone (main or extra) in the caller's branches. */
export const checkPhoneQuery = z.object({ phone_number: phoneSchema });
export const leadBrief = z.object({
  id: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  filial: z.number().int(),
  stage: z.string(),
  is_archived: z.boolean(),
});
export type LeadBrief = z.infer<typeof leadBrief>;
export const checkPhoneAnswer = z.object({
  exists: z.boolean(),
  students: z.array(studentBrief),
  leads: z.array(leadBrief),
});
export type CheckPhoneAnswer = z.infer<typeof checkPhoneAnswer>;

/** GET /students/excel/ writes at most this many rows (the list's filters narrow a bigger branch). */
export const STUDENTS_EXCEL_LIMIT = 50_000;
