// The message settings form: its values from the server's settings, its checks (the server's, so a template is
// refused as typed), and the body of a save, which sends only what changed.
import { z } from 'zod';
import { msg } from '../../../../contract/common';
import { type MessageEvent, unknownPlaceholders } from '../../../../contract/parentMessages';
import { DAILY_LIMIT_MAX, FEE_REMINDER_DAYS_MAX, MESSAGE_LANGUAGES, type MessageSettings, type MessageSettingsBody, TEMPLATE_MAX } from '../../../../contract/parentMessagesApi';

const template = (event: MessageEvent) =>
  z
    .string()
    .trim()
    .min(1, msg.required)
    .max(TEMPLATE_MAX, msg.maxLength)
    .refine((t) => unknownPlaceholders(event, t).length === 0, 'validation.templatePlaceholder');

const eventSchema = (e: MessageEvent) => z.object({ enabled: z.boolean(), template_uz: template(e), template_ru: template(e), template_en: template(e) });

export const formSchema = z.object({
  language: z.enum(MESSAGE_LANGUAGES),
  fee_reminder_days: z.number().int('validation.invalid').min(1).max(FEE_REMINDER_DAYS_MAX),
  daily_limit: z.number().int('validation.invalid').min(0).max(DAILY_LIMIT_MAX),
  events: z.object({
    absence: eventSchema('absence'),
    payment: eventSchema('payment'),
    feeReminder: eventSchema('feeReminder'),
    debt: eventSchema('debt'),
    welcome: eventSchema('welcome'),
  } satisfies Record<MessageEvent, unknown>),
});
type EventValues = { enabled: boolean; template_uz: string; template_ru: string; template_en: string };
export type Values = { language: (typeof MESSAGE_LANGUAGES)[number]; fee_reminder_days: number; daily_limit: number; events: Record<MessageEvent, EventValues> };

export function valuesOf(s: MessageSettings): Values {
  return {
    language: s.language,
    fee_reminder_days: s.fee_reminder_days,
    daily_limit: s.daily_limit,
    events: Object.fromEntries(s.events.map((e) => [e.event, { enabled: e.enabled, template_uz: e.template_uz, template_ru: e.template_ru, template_en: e.template_en }])) as Values['events'],
  };
}

/** Only what changed is sent: an untouched default template stays the locale file's (and follows its updates). */
export function bodyOf(filial: number, before: MessageSettings, value: Values): MessageSettingsBody {
  const events: NonNullable<MessageSettingsBody['events']> = {};
  for (const e of before.events) {
    const now = value.events[e.event];
    const patch: { enabled?: boolean; template_uz?: string; template_ru?: string; template_en?: string } = {};
    if (now.enabled !== e.enabled) patch.enabled = now.enabled;
    if (now.template_uz.trim() !== e.template_uz) patch.template_uz = now.template_uz.trim();
    if (now.template_ru.trim() !== e.template_ru) patch.template_ru = now.template_ru.trim();
    if (now.template_en.trim() !== e.template_en) patch.template_en = now.template_en.trim();
    if (Object.keys(patch).length) events[e.event] = patch;
  }
  return { filial, language: value.language, fee_reminder_days: value.fee_reminder_days, daily_limit: value.daily_limit, events };
}
