// Spec section 7, "Leads": /lid/ (paged list, plain list, one lead, create, edit/archive, create_order,
// statistic) and /logs/ (a lead's history).
import { z } from 'zod';
import { MAX_ID, emptyAsAbsent, msg, pageQuery, phoneSchema, queryBool, queryId, required } from './common';
import { isoDate, queryDate } from './lessons';
import { TIME_PATTERN } from './schedule';

import { ARCHIVE_REASONS, LEAD_STAGES, type LeadStage } from './leadStages';

// The pipeline and its moves live in contract/leadStages.ts (leadTransition); archiving is a flag beside the stage.
export { LEAD_STAGES, type LeadStage };
export const leadStage = z.enum(LEAD_STAGES);

/** The stages a PATCH may ask for; which moves are legal is leadTransition's call (409 otherwise). ORDER_CREATED
 * comes only from create_order; JOINED makes the ordered lead a student (server/domain/leads/joinLead.ts). */
export const EDITABLE_LEAD_STAGES = ['YANGI_LEAD', 'KUTULMOQDA', 'JOINED'] as const;

/** The plain list is for pickers and boards; more than this is a sign the filters are missing. */
export const LEADS_NO_PG_LIMIT = 500;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const lead = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  extra_phone: z.string().nullable(),
  subject: ref.nullable(),
  level: ref.nullable(),
  source: ref.nullable(),
  preferred_days: z.array(z.number().int()),
  preferred_time: z.string().nullable(),
  comment: z.string(),
  operator: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  stage: leadStage,
  is_archived: z.boolean(),
  archived_reason: z.string().nullable(),
  order_group: ref.nullable(),
  first_lesson_date: z.string().nullable(),
  is_student: z.boolean(),
  created_at: z.string(),
});
export type Lead = z.infer<typeof lead>;

/**
 * Same-phone leads and students in the caller's branches: POST /lid/ and POST /students/ refuse with them (409
 * `samePhoneConflict`) until the request says `confirm_duplicate: true`, and answer them beside the new record.
 * `link` is the app's page of the record.
 */
export const leadDuplicate = z.object({
  kind: z.enum(['lead', 'student']),
  id: z.number().int(),
  filial: z.number().int(),
  full_name: z.string(),
  phone: z.string(),
  link: z.string(),
});
export type LeadDuplicate = z.infer<typeof leadDuplicate>;

/** The app's page of a same-phone record. */
export function duplicateLink(kind: LeadDuplicate['kind'], id: number): string {
  return kind === 'student' ? `/students/info?id=${id}` : `/leads/lead_info?id=${id}`;
}

/** The 409 of a create whose phone someone in the caller's branches already has. */
export const samePhoneConflict = z.object({ detail: z.string(), code: z.literal('errors.samePhone'), duplicates: z.array(leadDuplicate) });

/** Saving despite same-phone records is an explicit choice (a sibling may share a parent's phone). */
const confirmDuplicate = z.boolean({ error: 'validation.invalid' }).optional();
export const leadCreated = lead.extend({ duplicates: z.array(leadDuplicate) });
/** The answer of PATCH /lid/{id} {stage: 'JOINED'}: the lead (is_student true) and the student it became. */
export const leadJoined = lead.extend({ student: z.object({ id: z.number().int() }) });
export type LeadJoined = z.infer<typeof leadJoined>;

const bodyId = z.number(required).int(msg.positiveInt).positive(msg.positiveInt).max(MAX_ID, msg.positiveInt);
const optionalId = bodyId.nullable().optional();
const emptyAsNull = (v: unknown) => (v === '' ? null : v);
const optionalPhone = z.preprocess(emptyAsNull, phoneSchema.nullable().optional());
const weekday = z.number().int('validation.days').min(1, 'validation.days').max(7, 'validation.days');
const preferredDays = z
  .array(weekday)
  .max(7)
  .transform((days) => [...new Set(days)].sort((a, b) => a - b));
// Stored as a time of day; seconds are dropped on the way out.
const preferredTime = z.preprocess(emptyAsNull, z.string().regex(TIME_PATTERN, 'validation.invalid').nullable().optional());
const fullName = z.string(required).trim().min(1, msg.required).max(150);
const comment = z.string().trim().max(2000);

/** POST /lid/. `operator` is taken from the caller when the caller is a call operator. */
export const leadCreateBody = z.object({
  filial: bodyId,
  full_name: fullName,
  phone: phoneSchema,
  extra_phone: optionalPhone,
  subject: optionalId,
  level: optionalId,
  source: optionalId,
  preferred_days: preferredDays.optional(),
  preferred_time: preferredTime,
  comment: comment.optional(),
  operator: optionalId,
  confirm_duplicate: confirmDuplicate,
});
export type LeadCreateBody = z.input<typeof leadCreateBody>;

/** PATCH /lid/{id}: any subset of the fields, a stage move, archiving (with a reason) or restoring. */
export const leadPatchBody = leadCreateBody
  .omit({ filial: true, confirm_duplicate: true })
  .partial()
  .extend({
    stage: z.enum(EDITABLE_LEAD_STAGES, { error: 'validation.invalid' }).optional(),
    is_archived: z.boolean().optional(),
    /** One of ARCHIVE_REASONS (i18n keys); `other` is explained in `comment`. */
    archived_reason: z.enum(ARCHIVE_REASONS, { error: 'validation.invalid' }).optional(),
    /** With stage JOINED: an existing student of the branch with the lead's phone, instead of a new one. */
    student: optionalId,
    // An order's group and first lesson change through create_order / change_order: an edit that carries them is
    // refused for the field rather than answered 200 with nothing changed.
    group: z.never({ error: 'validation.orderFieldByOrder' }).optional(),
    first_lesson_date: z.never({ error: 'validation.orderFieldByOrder' }).optional(),
  })
  .superRefine((body, ctx) => {
    // Joining is its own write (a student, a membership, attendance): it goes alone, not with an edit.
    if (body.stage === 'JOINED') {
      for (const key of Object.keys(body)) {
        if (key !== 'stage' && key !== 'student' && body[key as keyof typeof body] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: 'validation.invalid' });
        }
      }
    } else if (body.student != null) {
      ctx.addIssue({ code: 'custom', path: ['student'], message: 'validation.invalid' });
    }
    if (body.is_archived === true && !body.archived_reason) {
      ctx.addIssue({ code: 'custom', path: ['archived_reason'], message: msg.required });
    }
  });
export type LeadPatchBody = z.input<typeof leadPatchBody>;

/** PATCH /lid/{id}/create_order. */
export const leadOrderBody = z.object({ group: bodyId, first_lesson_date: isoDate });
export type LeadOrderBody = z.input<typeof leadOrderBody>;

const queryStage = z.preprocess(emptyAsAbsent, leadStage.optional());

const leadFilters = {
  filial: queryId,
  stage: queryStage,
  lid_stage_type: queryStage,
  is_archived: z.preprocess(emptyAsAbsent, queryBool.optional()),
  /** The client always sends is_student=false; leads that became students are stage JOINED. */
  is_student: z.preprocess(emptyAsAbsent, queryBool.optional()),
  source: queryId,
  operator: queryId,
  subject: queryId,
  start_date: queryDate,
  end_date: queryDate,
  q: z.preprocess(emptyAsAbsent, z.string().trim().max(100).optional()),
};

/** GET /lid/. */
export const leadsQuery = pageQuery.extend(leadFilters);

/** GET /lid/no-pg/: `ordered_stages=true` narrows to leads with an order (the orders board). */
export const leadsNoPgQuery = z.object({ ...leadFilters, ordered_stages: z.preprocess(emptyAsAbsent, queryBool.optional()) });

/** GET /lid/statistic: counts for a branch and a period of created_at (paging parameters are accepted and ignored). */
export const leadStatisticQuery = z.object({ filial: queryId, start_date: queryDate, end_date: queryDate, page: z.unknown().optional() });

export const leadStatistic = z.object({
  total: z.number().int(),
  archived: z.number().int(),
  by_stage: z.record(leadStage, z.number().int()),
  by_source: z.array(z.object({ source: ref.nullable(), count: z.number().int() })),
});
export type LeadStatistic = z.infer<typeof leadStatistic>;

/** GET /logs/?lead={id}. */
export const leadLogsQuery = pageQuery.extend({
  lead: z.preprocess(emptyAsAbsent, z.coerce.number(required).int().positive(msg.positiveInt).max(MAX_ID, msg.positiveInt)),
});

export const leadLog = z.object({
  id: z.number().int(),
  lead: z.number().int(),
  action: z.string(),
  from_stage: z.string().nullable(),
  to_stage: z.string().nullable(),
  comment: z.string(),
  actor: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  created_at: z.string(),
});
export type LeadLog = z.infer<typeof leadLog>;
