// Students in groups (spec section 7, "Groups": /add-group/..., /api/v2/studentgroups/...): memberships with
// their dates, moves between groups, secondary groups, per-student prices and per-group statistics.
import { z } from 'zod';
import { msg, pageQuery, paged, queryBool, queryId } from './common';
import { attendanceCounts, isoDate, reasonText } from './lessons';
import { bodyId, catalogueMsg } from './catalogue';
import { moneyAmount } from './money';
import { studentBrief } from './students';

/** A price ≥ 0 and ≤ MONEY_ENTRY_MAX as a decimal string or a number; out comes a string with two decimals. */
export const priceField = moneyAmount({ zero: true, typeError: msg.required });

export const MEMBERSHIP_ENDS = ['moved', 'left', 'archived'] as const;

export const membershipGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  teacher_name: z.string(),
  /** ISO weekdays, 1 = Monday. */
  days: z.array(z.number().int()),
  start_time: z.string(),
  end_time: z.string(),
  is_secondary: z.boolean(),
});

export const membership = z.object({
  id: z.number().int(),
  group: membershipGroup,
  joined_on: z.string(),
  /** The last day in the group; null while the student is in it. */
  left_on: z.string().nullable(),
  end_reason: z.enum(MEMBERSHIP_ENDS).nullable(),
  /** After a move: the membership that continued this one. */
  moved_to_id: z.number().int().nullable(),
  /** This student's monthly price in this group; null means the group's price. */
  price: z.string().nullable(),
});
export type Membership = z.infer<typeof membership>;

/** GET /add-group/student/{id}/: `is_archived=false` leaves out memberships of archived groups. */
export const membershipsQuery = z.object({ is_archived: queryBool.optional() });

/** POST /add-group/ */
export const addToGroup = z.object({
  student: bodyId,
  group: bodyId,
  joined_on: isoDate.optional(),
  price: priceField.optional(),
});
export type AddToGroup = z.input<typeof addToGroup>;

/** POST /add-group/groups/update/: the student leaves `group_id` the day before `date` and joins `new_group_id` on it. */
export const moveToGroup = z
  .object({ student: bodyId, group_id: bodyId, new_group_id: bodyId, date: isoDate.optional() })
  .refine((v) => v.group_id !== v.new_group_id, { message: 'validation.invalid', path: ['new_group_id'] });
export type MoveToGroup = z.infer<typeof moveToGroup>;

export const moveResult = z.object({ closed: membership, opened: membership });

/** PUT /add-group/secondary/update/{student}: the complete set of the student's secondary groups. */
export const secondaryUpdate = z.object({
  groups: z
    .array(bodyId, { error: msg.required })
    .max(20)
    .refine((ids) => new Set(ids).size === ids.length, catalogueMsg.duplicateIds),
});

/** GET /add-group/secondary/web */
export const secondaryQuery = z.object({ ...pageQuery.shape, filial: queryId, student: queryId, group: queryId });
export const secondaryItem = z.object({
  id: z.number().int(),
  student: z.object({ id: z.number().int(), full_name: z.string() }),
  group: membershipGroup.extend({ parent_group: z.object({ id: z.number().int(), name: z.string() }).nullable() }),
  joined_on: z.string(),
});
export const secondaryPage = paged(secondaryItem);

/** PATCH /add-group/{id}/ archives the student (spec section 4, "Leads and students"). */
export const archiveStudent = z.object({
  is_archived: z.literal(true, { error: 'validation.invalid' }),
  reason: reasonText,
});
export const archivedStudent = studentBrief.extend({
  archived_reason: z.string(),
  /** Memberships closed by the archiving. */
  closed_memberships: z.number().int(),
});

/** Attendance of one student in one group since joining: counts, lessons so far and the average mark. */
export const attendanceSummary = attendanceCounts.extend({
  /** Lessons held or due so far (not cancelled) while the student was expected. */
  lessons: z.number().int(),
  /** Average of the given marks, one decimal; null without marks. */
  average_mark: z.number().nullable(),
});
export type AttendanceSummary = z.infer<typeof attendanceSummary>;

/** GET /add-group/group/{id}/: the group's current members, for the group page. */
export const groupMember = z.object({
  membership_id: z.number().int(),
  student: studentBrief,
  joined_on: z.string(),
  price: z.string().nullable(),
  attendance: attendanceSummary,
});
export type GroupMember = z.infer<typeof groupMember>;

/** POST /api/v2/studentgroups/price */
export const studentGroupPrice = z.object({ student: bodyId, group: bodyId, price: priceField });

/** GET /api/v2/studentgroups/stats */
export const studentGroupStatsQuery = z.object({ filial: queryId });
export const studentGroupStats = z.object({
  group: z.object({ id: z.number().int(), name: z.string() }),
  students_count: z.number().int(),
  capacity: z.number().int(),
  /** Present or late among marked attendance in the last 30 days, percent with one decimal; null without marks. */
  attendance_rate: z.string().nullable(),
  lessons_held: z.number().int(),
});
export type StudentGroupStats = z.infer<typeof studentGroupStats>;
