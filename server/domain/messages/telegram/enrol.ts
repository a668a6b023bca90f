// "I want to enrol" on the parents' bot (issue 18 §3): a short conversation — name, phone (Telegram's contact
// button or typed), subject (buttons of the active subjects), and the branch (buttons, asked only when the centre
// has more than one) — after which the lead lands in that branch's new leads with the source "Telegram". The
// conversation's state is a row per chat (telegram_enrolments), so any process may take the next answer.
import { asc, eq } from 'drizzle-orm';
import { phoneSchema } from '../../../../contract/common';
import type { Db, DbOrTx } from '../../../db/client';
import { filials, subjects, telegramEnrolments } from '../../../db/schema';
import { sourceNamed, takeArrivedLead } from '../../leads/arrivedLeads';
import type { BotLang, BotReply, BotText, BotTexts } from './bot';

/** The marketing source of the bot's leads (made when the centre has none by that name). */
export const TELEGRAM_SOURCE = 'Telegram';
const NAME_MAX = 150;

type Option = { id: number; name: string };
type Enrolment = typeof telegramEnrolments.$inferSelect;

/** Is this text the enrol button (in either language) or its command? */
export function isEnrolStart(text: string, t: BotTexts): boolean {
  return /^\/enrol(@\w+)?$/.test(text) || (['uz', 'en'] as const).some((lang) => t(lang, 'telegram.enrolButton') === text);
}

const isCancel = (text: string, t: BotTexts) => /^\/cancel(@\w+)?$/.test(text) || (['uz', 'en'] as const).some((lang) => t(lang, 'telegram.enrol.cancel') === text);

/** Buttons two to a row, and the cancel button under them. */
function buttons(names: string[], t: BotTexts, lang: BotLang): BotText['reply_markup'] {
  const rows: { text: string }[][] = [];
  for (let i = 0; i < names.length; i += 2) rows.push(names.slice(i, i + 2).map((text) => ({ text })));
  return { keyboard: [...rows, [{ text: t(lang, 'telegram.enrol.cancel') }]], resize_keyboard: true, one_time_keyboard: true };
}

const activeSubjects = (db: DbOrTx): Promise<Option[]> =>
  db.select({ id: subjects.id, name: subjects.name }).from(subjects).where(eq(subjects.isArchived, false)).orderBy(asc(subjects.name), asc(subjects.id));
const activeBranches = (db: DbOrTx): Promise<Option[]> =>
  db.select({ id: filials.id, name: filials.name }).from(filials).where(eq(filials.isArchived, false)).orderBy(asc(filials.id));
const pick = (options: Option[], text: string) => options.find((o) => o.name.trim().toLowerCase() === text.trim().toLowerCase());

/** A contact's number comes without the plus ("998901234567"); a typed one in any of the app's writings. */
function phoneOf(raw: string): string | null {
  const digits = raw.trim();
  const parsed = phoneSchema.safeParse(/^\d{12}$/.test(digits) ? `+${digits}` : digits);
  return parsed.success ? parsed.data : null;
}

export async function enrolmentOf(db: DbOrTx, chatId: number): Promise<Enrolment | undefined> {
  const [row] = await db.select().from(telegramEnrolments).where(eq(telegramEnrolments.chatId, chatId));
  return row;
}

async function save(db: DbOrTx, chatId: number, set: Partial<Enrolment> & { step: Enrolment['step'] }, now: Date): Promise<void> {
  await db
    .insert(telegramEnrolments)
    .values({ chatId, fullName: null, phone: null, subjectId: null, ...set, updatedAt: now })
    .onConflictDoUpdate({ target: telegramEnrolments.chatId, set: { ...set, updatedAt: now } });
}

/** Starts (or starts again) the conversation: the name first. */
export async function startEnrolment(db: Db, chat: number, t: BotTexts, lang: BotLang, now: Date): Promise<BotReply[]> {
  await save(db, chat, { step: 'name', fullName: null, phone: null, subjectId: null }, now);
  return [{ chat_id: chat, text: t(lang, 'telegram.enrol.askName'), reply_markup: buttons([], t, lang) }];
}

export type EnrolInput = { chat: number; text: string | undefined; contactPhone: string | undefined; lang: BotLang };

/** The next step of a conversation in progress, from the parent's answer. */
export async function continueEnrolment(db: Db, row: Enrolment, input: EnrolInput, t: BotTexts, now: Date): Promise<BotReply[]> {
  const { chat, lang } = input;
  const text = input.text?.trim() ?? '';
  const say = (key: string, markup?: BotText['reply_markup'], params?: Record<string, unknown>): BotReply[] => [
    { chat_id: chat, text: t(lang, key, params), ...(markup ? { reply_markup: markup } : {}) },
  ];
  if (isCancel(text, t)) {
    await db.delete(telegramEnrolments).where(eq(telegramEnrolments.chatId, chat));
    return say('telegram.enrol.cancelled', { remove_keyboard: true });
  }
  const askPhone = (key: string) =>
    say(key, { keyboard: [[{ text: t(lang, 'telegram.enrol.shareContact'), request_contact: true }], [{ text: t(lang, 'telegram.enrol.cancel') }]], resize_keyboard: true, one_time_keyboard: true });

  if (row.step === 'name') {
    if (!text || text.length > NAME_MAX || text.startsWith('/')) return say('telegram.enrol.badName');
    await save(db, chat, { step: 'phone', fullName: text }, now);
    return askPhone('telegram.enrol.askPhone');
  }
  if (row.step === 'phone') {
    const phone = phoneOf(input.contactPhone ?? text);
    if (!phone) return askPhone('telegram.enrol.badPhone');
    await save(db, chat, { step: 'subject', phone }, now);
    return say('telegram.enrol.askSubject', buttons((await activeSubjects(db)).map((s) => s.name), t, lang));
  }
  if (row.step === 'subject') {
    const options = await activeSubjects(db);
    const subject = pick(options, text);
    if (!subject) return say('telegram.enrol.badSubject', buttons(options.map((s) => s.name), t, lang));
    const branches = await activeBranches(db);
    if (branches.length !== 1) {
      await save(db, chat, { step: 'branch', subjectId: subject.id }, now);
      return say('telegram.enrol.askBranch', buttons(branches.map((b) => b.name), t, lang));
    }
    return finish(db, { ...row, subjectId: subject.id }, branches[0].id, input, t);
  }
  const branches = await activeBranches(db);
  const branch = pick(branches, text);
  if (!branch) return say('telegram.enrol.badBranch', buttons(branches.map((b) => b.name), t, lang));
  return finish(db, row, branch.id, input, t);
}

/** The lead, and the conversation gone, in one transaction. */
async function finish(db: Db, row: Enrolment, filialId: number, input: EnrolInput, t: BotTexts): Promise<BotReply[]> {
  const fullName = row.fullName ?? '';
  const phone = row.phone ?? '';
  await db.transaction(async (tx) => {
    // Two answers racing: only the one that still finds the row makes the lead.
    const gone = await tx.delete(telegramEnrolments).where(eq(telegramEnrolments.chatId, input.chat)).returning({ chatId: telegramEnrolments.chatId });
    if (!gone.length) return;
    const sourceId = await sourceNamed(tx, TELEGRAM_SOURCE);
    await takeArrivedLead(tx, (k, params) => t('uz', k, params), { filialId, fullName, phone, subjectId: row.subjectId, sourceId, comment: '', via: { kind: 'telegram', chatId: input.chat } });
  });
  return [{ chat_id: input.chat, text: t(input.lang, 'telegram.enrol.done', { name: fullName, phone }), reply_markup: { remove_keyboard: true } }];
}
