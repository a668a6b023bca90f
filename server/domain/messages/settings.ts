// A branch's messages to parents (issue 17): which events send one, the template of each per language (null: the
// locale file's default), the language sent, the fee reminder's days ahead and the daily SMS limit. Read and changed
// with the Control page, within the user's branches, like the branch's billing switch.
import { and, eq } from 'drizzle-orm';
import { EVENT_PLACEHOLDERS, MESSAGE_EVENTS, type MessageEvent } from '../../../contract/parentMessages';
import type { MessageSettings, MessageSettingsBody } from '../../../contract/parentMessagesApi';
import type { Db, DbOrTx } from '../../db/client';
import { filials, parentMessageEvents } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { oneBranch } from '../core/scope';
import { audit } from '../audit/record';
import { defaultTemplate, type MessageLanguage } from './defaultTemplates';

/** What queuing an event needs to know about its branch. */
export type EventSetup = { enabled: boolean; template: string; language: MessageLanguage; centrePhone: string };

/** The event's switch and template in the branch's language; null when the branch does not exist. */
export async function eventSetup(q: DbOrTx, filialId: number, event: MessageEvent): Promise<EventSetup | null> {
  const [row] = await q
    .select({ language: filials.messageLanguage, phone: filials.phone, enabled: parentMessageEvents.enabled, uz: parentMessageEvents.templateUz, ru: parentMessageEvents.templateRu, en: parentMessageEvents.templateEn })
    .from(filials)
    .leftJoin(parentMessageEvents, and(eq(parentMessageEvents.filialId, filials.id), eq(parentMessageEvents.event, event)))
    .where(eq(filials.id, filialId));
  if (!row) return null;
  const own = row[row.language];
  return { enabled: row.enabled ?? false, template: own ?? defaultTemplate(event, row.language), language: row.language, centrePhone: row.phone ?? '' };
}

async function settingsOf(q: DbOrTx, id: number): Promise<MessageSettings> {
  const [branch] = await q
    .select({ language: filials.messageLanguage, days: filials.feeReminderDays, limit: filials.messageDailyLimit })
    .from(filials)
    .where(eq(filials.id, id));
  if (!branch) throw notFound('Branch not found');
  const rows = await q.select().from(parentMessageEvents).where(eq(parentMessageEvents.filialId, id));
  const byEvent = new Map(rows.map((r) => [r.event, r]));
  return {
    filial: id,
    language: branch.language,
    fee_reminder_days: branch.days,
    daily_limit: branch.limit,
    events: MESSAGE_EVENTS.map((event) => {
      const row = byEvent.get(event);
      return {
        event,
        enabled: row?.enabled ?? false,
        template_uz: row?.templateUz ?? defaultTemplate(event, 'uz'),
        template_ru: row?.templateRu ?? defaultTemplate(event, 'ru'),
        template_en: row?.templateEn ?? defaultTemplate(event, 'en'),
        is_default_uz: row?.templateUz == null,
        is_default_ru: row?.templateRu == null,
        is_default_en: row?.templateEn == null,
        placeholders: [...EVENT_PLACEHOLDERS[event]],
      };
    }),
  };
}

export async function getMessageSettings(db: DbOrTx, user: AuthUser, filial?: number): Promise<MessageSettings> {
  return settingsOf(db, oneBranch(user, filial));
}

type ParsedBody = Omit<MessageSettingsBody, 'events'> & {
  events?: Partial<Record<MessageEvent, { enabled?: boolean; template_uz?: string | null; template_ru?: string | null; template_en?: string | null } | undefined>>;
};

export async function setMessageSettings(db: Db, actor: Actor, body: ParsedBody): Promise<MessageSettings> {
  const id = oneBranch(actor.user, body.filial);
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: filials.id }).from(filials).where(eq(filials.id, id)).for('update');
    if (!locked) throw notFound('Branch not found');
    const before = await settingsOf(tx, id);
    const branch: Partial<typeof filials.$inferInsert> = {};
    if (body.language !== undefined) branch.messageLanguage = body.language;
    if (body.fee_reminder_days !== undefined) branch.feeReminderDays = body.fee_reminder_days;
    if (body.daily_limit !== undefined) branch.messageDailyLimit = body.daily_limit;
    if (Object.keys(branch).length) await tx.update(filials).set(branch).where(eq(filials.id, id));
    for (const event of MESSAGE_EVENTS) {
      const patch = body.events?.[event];
      if (!patch) continue;
      const set: Partial<typeof parentMessageEvents.$inferInsert> = {};
      if (patch.enabled !== undefined) set.enabled = patch.enabled;
      if (patch.template_uz !== undefined) set.templateUz = patch.template_uz;
      if (patch.template_ru !== undefined) set.templateRu = patch.template_ru;
      if (patch.template_en !== undefined) set.templateEn = patch.template_en;
      if (!Object.keys(set).length) continue;
      await tx
        .insert(parentMessageEvents)
        .values({ filialId: id, event, ...set })
        .onConflictDoUpdate({ target: [parentMessageEvents.filialId, parentMessageEvents.event], set });
    }
    const after = await settingsOf(tx, id);
    await audit(tx, { actorId: actor.user.id, action: 'messages.settings', at: actor.now, entity: 'filial', entityId: id, filialId: id, before, after, ip: actor.ip });
    return after;
  });
}
