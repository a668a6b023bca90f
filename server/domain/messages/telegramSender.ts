// The Telegram pass of the sender: a message queued for a student whose parents linked the bot goes to every
// linked chat. Claimed like the SMS (FOR UPDATE SKIP LOCKED and a lease), but Telegram costs nothing and is read
// when the parent looks, so there are no quiet hours — only silence: at night it arrives without a sound — and no
// daily limit. Without a bot (the token removed), or when no chat is linked any more, the message goes by SMS.
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { parentMessageHistory, parentMessages, telegramChats } from '../../db/schema';
import type { Clock } from '../core/clock';
import type { ChatProvider, SendResult } from './provider';
import { nextSendableAt } from './quietHours';
import { type Claimed, LEASE_MS, record, type SendRun, withoutOptedOut } from './sender';

type ChatClaimed = Claimed & { chatIds: number[] };

export async function sendTelegramMessages(db: Db, chats: ChatProvider | null, clock: Clock, batch: number, run: SendRun): Promise<void> {
  const now = clock.now();
  const claimed = await db.transaction((tx) => claimTelegram(tx, chats !== null, now, batch, run));
  const silent = nextSendableAt(now).getTime() !== now.getTime();
  for (const m of claimed) {
    let result: SendResult;
    try {
      result = await chats!.send(m.chatIds, m.text, { silent });
    } catch (err) {
      result = { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
    const outcome = await record(db, m, result, clock.now());
    if (outcome) run[outcome] += 1;
  }
}

async function toSms(tx: Tx, ids: number[], reason: string, now: Date): Promise<void> {
  if (!ids.length) return;
  await tx.update(parentMessages).set({ channel: 'sms', nextAttemptAt: now }).where(inArray(parentMessages.id, ids));
  await tx.insert(parentMessageHistory).values(ids.map((messageId) => ({ messageId, status: 'waiting' as const, reason, at: now })));
}

async function claimTelegram(tx: Tx, hasBot: boolean, now: Date, batch: number, run: SendRun): Promise<ChatClaimed[]> {
  const due = await tx
    .select({ id: parentMessages.id, text: parentMessages.text, attempts: parentMessages.attempts, studentId: parentMessages.studentId })
    .from(parentMessages)
    .where(and(eq(parentMessages.status, 'waiting'), eq(parentMessages.channel, 'telegram'), lte(parentMessages.nextAttemptAt, now)))
    .orderBy(asc(parentMessages.nextAttemptAt), asc(parentMessages.id))
    .limit(batch)
    .for('update', { skipLocked: true });
  if (!due.length) return [];
  if (!hasBot) {
    await toSms(tx, due.map((m) => m.id), 'no Telegram bot: sent by SMS', now);
    return [];
  }
  const rest = await withoutOptedOut(tx, due, now, run);
  const studentIds = [...new Set(rest.map((m) => m.studentId).filter((id): id is number => id !== null))];
  const links = studentIds.length
    ? await tx.select({ studentId: telegramChats.studentId, chatId: telegramChats.chatId }).from(telegramChats).where(inArray(telegramChats.studentId, studentIds))
    : [];
  const chatsOf = (studentId: number | null) => links.filter((l) => l.studentId === studentId).map((l) => l.chatId);
  await toSms(tx, rest.filter((m) => chatsOf(m.studentId).length === 0).map((m) => m.id), 'no Telegram chat linked: sent by SMS', now);
  const leaseUntil = new Date(now.getTime() + LEASE_MS);
  const claimed: ChatClaimed[] = [];
  for (const m of rest) {
    const chatIds = chatsOf(m.studentId);
    if (!chatIds.length) continue;
    const attempts = m.attempts + 1;
    await tx.update(parentMessages).set({ status: 'sending', leaseUntil, attempts, parts: 0 }).where(eq(parentMessages.id, m.id));
    claimed.push({ id: m.id, text: m.text, attempts, chatIds });
  }
  if (claimed.length) await tx.insert(parentMessageHistory).values(claimed.map((m) => ({ messageId: m.id, status: 'sending' as const, at: now })));
  return claimed;
}
