// The messages-to-parents API (issue 17): the branch's settings (events, templates, limits), the outbox list with
// its history, the month's count and cost, resend, the debt message sent by a person, a parent's opt-out, and the
// gateway's delivery callback. Shapes shared by the server and the SPA (docs/decisions.md, "Messages to parents").
import { z } from 'zod';
import { bodyId } from './catalogue';
import { msg, optionalQuery, pageQuery, paged, queryId, queryIsoDate, required } from './common';
import { EVENT_PLACEHOLDERS, MESSAGE_EVENTS, type MessageEvent, unknownPlaceholders } from './parentMessages';

export const MESSAGE_LANGUAGES = ['uz', 'ru', 'en'] as const;
export const MESSAGE_CHANNELS = ['sms', 'telegram'] as const;
export const MESSAGE_STATUSES = ['waiting', 'sending', 'sent', 'delivered', 'failed', 'cancelled'] as const;
/** Longest template a director may save (characters, before the placeholders are filled). */
export const TEMPLATE_MAX = 480;
export const FEE_REMINDER_DAYS_MAX = 30;
export const DAILY_LIMIT_MAX = 100_000;

export const messageEvent = z.enum(MESSAGE_EVENTS, { error: 'validation.invalid' });

// ——— Settings ———

export const messageEventSettings = z.object({
  event: messageEvent,
  enabled: z.boolean(),
  /** The template used (the director's, or the locale file's default when `is_default_*`). */
  template_uz: z.string(),
  template_ru: z.string(),
  template_en: z.string(),
  is_default_uz: z.boolean(),
  is_default_ru: z.boolean(),
  is_default_en: z.boolean(),
  /** The placeholders this event's templates may use. */
  placeholders: z.array(z.string()),
});
export type MessageEventSettings = z.infer<typeof messageEventSettings>;

export const messageSettings = z.object({
  filial: z.number().int(),
  /** The language of the templates sent from this branch. */
  language: z.enum(MESSAGE_LANGUAGES),
  fee_reminder_days: z.number().int(),
  daily_limit: z.number().int(),
  events: z.array(messageEventSettings),
});
export type MessageSettings = z.infer<typeof messageSettings>;

export const messageSettingsQuery = z.object({ filial: queryId });

/** A template as saved: trimmed, at most TEMPLATE_MAX characters, only the event's placeholders; null: the default. */
const templateField = (event: MessageEvent) =>
  z
    .string(required)
    .trim()
    .min(1, msg.required)
    .max(TEMPLATE_MAX, msg.maxLength)
    .refine((t) => unknownPlaceholders(event, t).length === 0, 'validation.templatePlaceholder')
    .nullable()
    .optional();

const eventPatch = (event: MessageEvent) =>
  z.object({ enabled: z.boolean({ error: 'validation.invalid' }).optional(), template_uz: templateField(event), template_ru: templateField(event), template_en: templateField(event) }).optional();

/** PATCH /api/messages/settings/: any of the fields; `events.<event>.template_*` null goes back to the default. */
export const messageSettingsBody = z.object({
  filial: bodyId,
  language: z.enum(MESSAGE_LANGUAGES, { error: 'validation.invalid' }).optional(),
  fee_reminder_days: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1).max(FEE_REMINDER_DAYS_MAX).optional(),
  daily_limit: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(0).max(DAILY_LIMIT_MAX).optional(),
  events: z
    .object(Object.fromEntries(MESSAGE_EVENTS.map((e) => [e, eventPatch(e)])) as { [E in MessageEvent]: ReturnType<typeof eventPatch> })
    .strict()
    .optional(),
});
export type MessageSettingsBody = z.input<typeof messageSettingsBody>;

export { EVENT_PLACEHOLDERS };

// ——— The outbox ———

export const messageHistoryItem = z.object({ status: z.enum(MESSAGE_STATUSES), reason: z.string().nullable(), at: z.string() });

export const parentMessage = z.object({
  id: z.number().int(),
  filial: z.number().int(),
  /** The student the message is about; null for a lead's welcome. */
  student: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  lead: z.object({ id: z.number().int(), full_name: z.string() }).nullable(),
  phone: z.string(),
  channel: z.enum(MESSAGE_CHANNELS),
  event: messageEvent,
  source_id: z.string(),
  text: z.string(),
  /** SMS parts (the cost): of the text as sent, or as it will be sent while waiting. */
  parts: z.number().int(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  /** The provider's (or the canceller's) last reason. */
  reason: z.string().nullable(),
  created_at: z.string(),
  next_attempt_at: z.string(),
  sent_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  history: z.array(messageHistoryItem),
});
export type ParentMessage = z.infer<typeof parentMessage>;
export const parentMessagesPage = paged(parentMessage);

/** GET /api/messages/: created in [start_date, end_date] (Tashkent days), newest first. */
export const messagesQuery = pageQuery.extend({
  student: queryId,
  filial: queryId,
  status: optionalQuery(z.enum(MESSAGE_STATUSES, { error: 'validation.invalid' })),
  channel: optionalQuery(z.enum(MESSAGE_CHANNELS, { error: 'validation.invalid' })),
  event: optionalQuery(messageEvent),
  start_date: queryIsoDate,
  end_date: queryIsoDate,
});
export type MessagesQuery = z.output<typeof messagesQuery>;

/** GET /api/messages/stats/: the month's messages (created that month) and parts per branch in scope. */
export const messageStatsQuery = z.object({
  month: optionalQuery(z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'validation.invalid')),
  filial: queryId,
});
export const messageStats = z.object({
  month: z.string(),
  /** The configured SMS gateway; null: none, messages wait. */
  provider: z.string().nullable(),
  branches: z.array(z.object({ filial: z.number().int(), name: z.string(), count: z.number().int(), parts: z.number().int(), failed: z.number().int() })),
});
export type MessageStats = z.infer<typeof messageStats>;

// ——— Debt, opt-out, callback ———

/** POST /api/messages/debt/: the debt message to these students' parents (the debtors page, one or all ticked). */
export const debtMessageBody = z.object({ students: z.array(bodyId, required).min(1).max(500) });
export const DEBT_SKIP_REASONS = ['not_debtor', 'recent', 'disabled', 'opted_out', 'no_phone'] as const;
export const debtMessageResult = z.object({
  queued: z.array(z.number().int()),
  skipped: z.array(z.object({ student: z.number().int(), reason: z.enum(DEBT_SKIP_REASONS) })),
});
export type DebtMessageResult = z.infer<typeof debtMessageResult>;

/** GET/PATCH /api/messages/students/{id}/: whether the student's parents receive messages. */
export const parentOptOut = z.object({ student: z.number().int(), phone: z.string().nullable(), opt_out: z.boolean() });
export type ParentOptOut = z.infer<typeof parentOptOut>;
export const parentOptOutBody = z.object({ opt_out: z.boolean(required) });

/**
 * POST /api/messages/eskiz/callback/: Eskiz's delivery report (form-encoded or JSON). `request_id` is the id its
 * send answered; `status` e.g. DELIVRD, UNDELIV, EXPIRED, REJECTD; other fields are kept as the reason's detail.
 */
export const eskizCallbackBody = z.looseObject({
  request_id: z.union([z.string(), z.number()]).optional(),
  message_id: z.union([z.string(), z.number()]).optional(),
  id: z.union([z.string(), z.number()]).optional(),
  status: z.string().trim().min(1).max(40),
  status_date: z.string().max(40).optional(),
  error: z.string().max(500).optional(),
});
export const callbackAnswer = z.object({ ok: z.boolean() });

