// The parents' bot: one update in, the replies out (the transport — long polling or the webhook — sends them).
// `/start <token>` links the chat to a student; the keyboard's four buttons (or /balance, /attendance, /next,
// /receipt: the latest payment's receipt as a PDF) answer for every child linked to the chat; "I want to enrol"
// (/enrol) starts the enrolment conversation (enrol.ts), open to any chat; anything else gets the help. Answers in
// the parent's Telegram language when the bot speaks it (uz, ru, en), else Uzbek.
import { format, parseISO } from 'date-fns';
import { enUS, ru, uz } from 'date-fns/locale';
import { centreWallClock, firstOfMonth } from '../../../../contract/centreDay';
import { DATE_PATTERNS } from '../../../../contract/datePatterns';
import { START_PAYLOAD, type TelegramUpdate } from '../../../../contract/telegram';
import type { Db } from '../../../db/client';
import type { ReplyKeyboard } from '../../../messaging/telegram';
import { groupedMoney } from '../../core/moneyText';
import { balanceOf, type Child, childrenOfChat, monthAttendanceOf, nextLessonOf } from './answers';
import { latestReceiptOf } from '../../finance/receipt';
import { continueEnrolment, enrolmentOf, isEnrolStart, startEnrolment } from './enrol';
import { consumeTelegramLink } from './links';

export type BotLang = 'uz' | 'ru' | 'en';
export type BotTexts = (lang: BotLang, key: string, params?: Record<string, unknown>) => string;
export type BotText = { chat_id: number; text: string; reply_markup?: ReplyKeyboard };
export type BotReply = BotText | { chat_id: number; filename: string; mime: string; bytes: Uint8Array; caption?: string };

const DATE_LOCALES = { uz, ru, en: enUS };
const QUESTIONS = ['balance', 'attendance', 'next', 'receipt'] as const;
type Question = (typeof QUESTIONS)[number];

export const botLang = (code: string | undefined): BotLang => {
  const base = code?.toLowerCase().split('-')[0];
  return base === 'en' || base === 'ru' ? base : 'uz';
};

function keyboard(t: BotTexts, lang: BotLang) {
  const button = (q: Question) => ({ text: t(lang, `telegram.buttons.${q}`) });
  return { keyboard: [QUESTIONS.slice(0, 2).map(button), QUESTIONS.slice(2).map(button)], resize_keyboard: true as const, is_persistent: true as const };
}

/** A chat with no child linked yet is offered the enrol button. */
function enrolKeyboard(t: BotTexts, lang: BotLang): BotText['reply_markup'] {
  return { keyboard: [[{ text: t(lang, 'telegram.enrolButton') }]], resize_keyboard: true };
}

/** A button's text in either language, or its command. */
function questionOf(text: string, t: BotTexts): Question | null {
  const command = /^\/(balance|attendance|next|receipt)(@\w+)?$/.exec(text)?.[1];
  if (command) return command as Question;
  return QUESTIONS.find((q) => (['uz', 'ru', 'en'] as const).some((lang) => t(lang, `telegram.buttons.${q}`) === text)) ?? null;
}

/** Each child's latest payment as the receipt's PDF (a child without one: a line saying so). */
async function receipts(db: Db, chat: number, children: Child[], lang: BotLang, t: BotTexts): Promise<BotReply[]> {
  const { receiptPdfBytes } = await import('../../finance/receiptPdf');
  const replies: BotReply[] = [];
  for (const child of children) {
    const receipt = await latestReceiptOf(db, child.id);
    if (!receipt) {
      replies.push({ chat_id: chat, text: t(lang, 'telegram.noPayment', { name: child.name }) });
      continue;
    }
    const bytes = await receiptPdfBytes(receipt, lang, (key, params) => t(lang, key, params));
    replies.push({ chat_id: chat, filename: `kvitansiya-${receipt.number}.pdf`, mime: 'application/pdf', bytes, caption: t(lang, 'telegram.receiptCaption', { name: child.name, number: receipt.number }) });
  }
  return replies;
}

async function answerFor(db: Db, child: Child, question: Exclude<Question, 'receipt'>, lang: BotLang, t: BotTexts, now: Date): Promise<string> {
  if (question === 'balance') {
    const amount = await balanceOf(db, child.id);
    // Whole so'm as parents read them: "250 000", tiyin only when there are some.
    const text = (value: string) => groupedMoney(value).replace(/\.00$/, '');
    return amount.startsWith('-') ? t(lang, 'telegram.debt', { name: child.name, amount: text(amount.slice(1)) }) : t(lang, 'telegram.balance', { name: child.name, amount: text(amount) });
  }
  if (question === 'attendance') {
    const counts = await monthAttendanceOf(db, child.id, now);
    const month = format(parseISO(firstOfMonth(centreWallClock(now).date)), 'LLLL yyyy', { locale: DATE_LOCALES[lang] });
    return t(lang, 'telegram.attendance', { name: child.name, month, ...counts });
  }
  const next = await nextLessonOf(db, child.id, now);
  if (!next) return t(lang, 'telegram.noNext', { name: child.name });
  const date = format(parseISO(next.date), DATE_PATTERNS[lang].date, { locale: DATE_LOCALES[lang] });
  return t(lang, 'telegram.next', { name: child.name, date, time: next.start, group: next.group ?? t(lang, 'telegram.extraLesson'), room: next.room, teacher: next.teacher });
}

export async function handleUpdate(db: Db, update: TelegramUpdate, t: BotTexts, now: Date): Promise<BotReply[]> {
  const message = update.message;
  // The bot talks in private chats only, and answers texts (and a shared contact, while enrolling) only.
  if (!(message?.text || message?.contact) || message.chat.type !== 'private' || message.from?.is_bot) return [];
  const chat = message.chat.id;
  const lang = botLang(message.from?.language_code);
  const text = message.text?.trim() ?? '';
  const reply = (key: string, params?: Record<string, unknown>, withKeyboard = false): BotReply => ({
    chat_id: chat,
    text: t(lang, key, params),
    ...(withKeyboard ? { reply_markup: keyboard(t, lang) } : {}),
  });

  if (isEnrolStart(text, t)) return startEnrolment(db, chat, t, lang, now);
  const start = /^\/start(?:\s+(\S+))?$/.exec(text);
  const enrolment = start ? undefined : await enrolmentOf(db, chat);
  if (enrolment) return continueEnrolment(db, enrolment, { chat, text: message.text, contactPhone: message.contact?.phone_number, lang }, t, now);
  if (!message.text) return [];
  if (start) {
    const token = start[1];
    if (!token) {
      if ((await childrenOfChat(db, chat)).length) return [reply('telegram.help')];
      return [{ ...reply('telegram.welcome'), reply_markup: enrolKeyboard(t, lang) }];
    }
    if (!START_PAYLOAD.test(token)) return [reply('telegram.linkUnknown')];
    const name = [message.from?.first_name, message.from?.last_name].filter(Boolean).join(' ') || null;
    const outcome = await consumeTelegramLink(db, token, { id: chat, name, language: lang }, now);
    if (!outcome.ok) return [reply(outcome.reason === 'unknown' ? 'telegram.linkUnknown' : 'telegram.linkSpent')];
    return [reply('telegram.linked', { name: outcome.studentName }, true)];
  }

  const question = questionOf(text, t);
  const children = await childrenOfChat(db, chat);
  if (!children.length) return [{ ...reply('telegram.notLinked'), reply_markup: enrolKeyboard(t, lang) }];
  if (!question) return [reply('telegram.help', {}, true)];
  if (question === 'receipt') return receipts(db, chat, children, lang, t);
  const lines = [];
  for (const child of children) lines.push(await answerFor(db, child, question, lang, t, now));
  return [{ chat_id: chat, text: lines.join('\n'), reply_markup: keyboard(t, lang) }];
}
