// Issue 5, "Shop and bonuses": bonus coins staff award to students (for attendance or results), with a reason. A
// student's coins are the sum of their entries: awards are positive, shop purchases negative (our API; decisions
// "Shop and bonuses").
import { z } from 'zod';
import { emptyAsAbsent, msg, pageQuery, queryId, required } from './common';
import { bodyId } from './catalogue';

export const BONUS_COINS_MAX = 10_000;
export const BONUS_REASON_MAX = 200;
/** The most students one bulk award (a group's lesson) names. */
export const BONUS_BULK_MAX = 200;
export const BONUS_TOP_LIMIT = { default: 10, max: 50 } as const;
/** Ready reasons the award dialogs offer (keys under bonuses.reasons). */
export const BONUS_QUICK_REASONS = ['activeInLesson', 'testResult', 'homework', 'attendance', 'olympiad'] as const;

const coins = z
  .number({ error: (issue) => (issue.input == null || Number.isNaN(issue.input) ? msg.required : msg.positiveInt) })
  .int(msg.positiveInt)
  .min(1, 'validation.min')
  .max(BONUS_COINS_MAX, 'validation.max');
const reason = z.string(required).trim().min(1, msg.required).max(BONUS_REASON_MAX, 'validation.maxLength');

/** POST /bonus/. */
export const bonusAwardBody = z.object({ student: bodyId, coins, reason });
export type BonusAwardBody = z.input<typeof bonusAwardBody>;

/** POST /bonus/bulk/: the same coins and reason for several students (a whole group's lesson), all or none. */
export const bonusBulkBody = z.object({
  students: z
    .array(bodyId, required)
    .min(1, msg.required)
    .max(BONUS_BULK_MAX, 'validation.max')
    .refine((ids) => new Set(ids).size === ids.length, 'validation.duplicateIds'),
  coins,
  reason,
});
export type BonusBulkBody = z.input<typeof bonusBulkBody>;

const ref = z.object({ id: z.number().int(), name: z.string() });

export const bonusEntry = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  student: ref,
  /** Positive: an award; negative: spent in the shop (then `purchase` names the purchase). */
  coins: z.number().int(),
  reason: z.string(),
  purchase: z.number().int().nullable(),
  author: ref,
  created_at: z.string(),
});
export type BonusEntry = z.infer<typeof bonusEntry>;

/** GET /bonus/: newest first; `kind` narrows to awards or spendings; paged. */
export const bonusEntriesQuery = pageQuery.extend({
  student: queryId,
  filial: queryId,
  kind: z.preprocess(emptyAsAbsent, z.enum(['award', 'spend']).optional()),
});

/** GET /bonus/balance/{student}. */
export const bonusBalance = z.object({ student: z.number().int(), coins: z.number().int() });
export type BonusBalance = z.infer<typeof bonusBalance>;

/** POST /bonus/ and /bonus/bulk/ answer the new entries and each student's coins after them. */
export const bonusAwardResult = z.object({ entries: z.array(bonusEntry), balances: z.array(bonusBalance) });
export type BonusAwardResult = z.infer<typeof bonusAwardResult>;

/** GET /bonus/top/: the leaderboard of a branch or a group, by coins earned (awards), then by coins held. */
export const bonusTopQuery = z.object({
  filial: queryId,
  group: queryId,
  limit: z.preprocess(emptyAsAbsent, z.coerce.number().int().min(1, 'validation.min').max(BONUS_TOP_LIMIT.max, 'validation.max').default(BONUS_TOP_LIMIT.default)),
});
export const bonusTopRow = z.object({ student: ref, earned: z.number().int(), coins: z.number().int() });
export type BonusTopRow = z.infer<typeof bonusTopRow>;

/** GET /bonus/students/: students of a branch (or of a group) with their coins, for the award and sell dialogs. */
export const bonusStudentsQuery = z.object({
  filial: queryId,
  group: queryId,
  q: z.preprocess(emptyAsAbsent, z.string().trim().max(100, 'validation.maxLength').optional()),
});
export const BONUS_STUDENTS_LIMIT = 50;
export const bonusStudent = z.object({ id: z.number().int(), full_name: z.string(), phone: z.string(), filial: z.number().int(), coins: z.number().int() });
export type BonusStudent = z.infer<typeof bonusStudent>;

/** GET /bonus/groups/?filial: the branch's running groups with how many students they hold, to award a lesson. */
export const bonusGroupsQuery = z.object({ filial: queryId });
export const bonusGroup = z.object({ id: z.number().int(), name: z.string(), students: z.number().int() });
export type BonusGroup = z.infer<typeof bonusGroup>;
