// The outbox's sender: claims the due SMS messages (FOR UPDATE SKIP LOCKED, so two server processes never hand
// one message to the gateway twice), sends each outside any transaction, and records the outcome. A claim is a
// lease: a process that dies mid-send leaves its messages `sending`, and the next run after the lease puts them
// back to waiting. Quiet hours hold an SMS until the morning; failures wait longer each time (backoff.ts).
import { and, asc, count, eq, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { addDays, centreInstant, centreToday } from '../../../contract/centreDay';
import { gsmFriendly, smsLength } from '../../../contract/smsText';
import type { Db, Tx } from '../../db/client';
import { filials, parentMessageHistory, parentMessages, students } from '../../db/schema';
import type { Clock } from '../core/clock';
import { retryDelayMs } from './backoff';
import type { ChatProvider, SmsProvider } from './provider';
import { sendTelegramMessages } from './telegramSender';
import { nextSendableAt, QUIET_UNTIL } from './quietHours';

/** The reason a message is cancelled with when the parents opted out. */
export const OPTED_OUT = 'parent opted out';

/** How long a claim holds: longer than a send may take (the Eskiz client gives up after 30 s). */
export const LEASE_MS = 5 * 60_000;
export const BATCH = 50;

export type SendRun = {
  sent: number;
  retrying: number;
  failed: number;
  /** Held by the quiet hours or the branch's daily limit. */
  held: number;
  reclaimed: number;
  /** Cancelled because the parents opted out after the message was queued. */
  cancelled: number;
};

/** A message this pass claimed: its attempt number tells its outcome from a later claim's. */
export type Claimed = { id: number; text: string; attempts: number };
type SmsClaimed = Claimed & { phone: string };

/**
 * One pass of the sender: the Telegram messages to the bot (or, without a bot, over to SMS), then the SMS to the
 * gateway. With neither configured it does nothing.
 */
export async function sendWaitingMessages(db: Db, provider: SmsProvider | null, clock: Clock, batch = BATCH, chats: ChatProvider | null = null): Promise<SendRun> {
  const run: SendRun = { sent: 0, retrying: 0, failed: 0, held: 0, reclaimed: 0, cancelled: 0 };
  if (!provider && !chats) return run;
  run.reclaimed = await reclaimLapsed(db, clock.now());
  await sendTelegramMessages(db, chats, clock, batch, run);
  if (!provider) return run;
  const claimed = await claim(db, clock.now(), batch, run);
  for (const m of claimed) {
    let result: Awaited<ReturnType<SmsProvider['send']>>;
    try {
      result = await provider.send({ phone: m.phone.replace(/\D/g, ''), text: m.text, messageId: m.id });
    } catch (err) {
      result = { ok: false, reason: err instanceof Error ? err.message : String(err) };
    }
    const outcome = await record(db, m, result, clock.now());
    if (outcome) run[outcome] += 1;
  }
  return run;
}

/** Messages left `sending` past their lease (a sender that crashed) go back to waiting. */
export async function reclaimLapsed(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = await tx
      .update(parentMessages)
      .set({ status: 'waiting', leaseUntil: null })
      .where(and(eq(parentMessages.status, 'sending'), lt(parentMessages.leaseUntil, now)))
      .returning({ id: parentMessages.id });
    if (lapsed.length) {
      await tx.insert(parentMessageHistory).values(lapsed.map((m) => ({ messageId: m.id, status: 'waiting' as const, reason: 'lease expired', at: now })));
    }
    return lapsed.length;
  });
}

async function claim(db: Db, now: Date, batch: number, run: SendRun): Promise<SmsClaimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: parentMessages.id,
        phone: parentMessages.phone,
        text: parentMessages.text,
        attempts: parentMessages.attempts,
        filialId: parentMessages.filialId,
        studentId: parentMessages.studentId,
      })
      .from(parentMessages)
      .where(and(eq(parentMessages.status, 'waiting'), eq(parentMessages.channel, 'sms'), lte(parentMessages.nextAttemptAt, now)))
      .orderBy(asc(parentMessages.nextAttemptAt), asc(parentMessages.id))
      .limit(batch)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    const morning = nextSendableAt(now);
    if (morning.getTime() !== now.getTime()) {
      // Quiet hours: nothing goes out now; the due messages wait for the morning without spending an attempt.
      await tx.update(parentMessages).set({ nextAttemptAt: morning }).where(inArray(parentMessages.id, due.map((m) => m.id)));
      run.held = due.length;
      return [];
    }
    const sendable = await withinLimits(tx, due, now, run);
    if (sendable.length === 0) return [];
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    const claimed: SmsClaimed[] = [];
    for (const m of sendable) {
      const text = gsmFriendly(m.text);
      const attempts = m.attempts + 1;
      await tx
        .update(parentMessages)
        .set({ status: 'sending', leaseUntil, attempts, text, parts: smsLength(text).parts })
        .where(eq(parentMessages.id, m.id));
      claimed.push({ id: m.id, phone: m.phone, text, attempts });
    }
    await tx.insert(parentMessageHistory).values(claimed.map((m) => ({ messageId: m.id, status: 'sending' as const, at: now })));
    return claimed;
  });
}

export async function record(
  db: Db,
  m: Claimed,
  result: Awaited<ReturnType<SmsProvider['send']>>,
  now: Date,
): Promise<'sent' | 'retrying' | 'failed' | null> {
  return db.transaction(async (tx) => {
    // Only this claim's outcome counts: a message whose lease lapsed and was claimed again is not ours any more
    // (null: nothing recorded, nothing counted).
    const mine = and(eq(parentMessages.id, m.id), eq(parentMessages.status, 'sending'), eq(parentMessages.attempts, m.attempts));
    if (result.ok) {
      const done = await tx
        .update(parentMessages)
        .set({ status: 'sent', sentAt: now, providerMessageId: result.providerMessageId, reason: null, leaseUntil: null })
        .where(mine)
        .returning({ id: parentMessages.id });
      if (!done.length) return null;
      await tx.insert(parentMessageHistory).values({ messageId: m.id, status: 'sent', at: now });
      return 'sent';
    }
    const delay = result.permanent ? null : retryDelayMs(m.attempts);
    const status = delay === null ? ('failed' as const) : ('waiting' as const);
    const done = await tx
      .update(parentMessages)
      .set({
        status,
        reason: result.reason,
        leaseUntil: null,
        nextAttemptAt: delay === null ? sql`${parentMessages.nextAttemptAt}` : new Date(now.getTime() + delay),
      })
      .where(mine)
      .returning({ id: parentMessages.id });
    if (!done.length) return null;
    await tx.insert(parentMessageHistory).values({ messageId: m.id, status, reason: result.reason, at: now });
    return status === 'failed' ? 'failed' : 'retrying';
  });
}

type Due = { id: number; phone: string; text: string; attempts: number; filialId: number; studentId: number | null };

/**
 * The due messages that may go out now: those to parents who opted out since are cancelled, and a branch's
 * messages beyond its daily limit (SMS handed to the gateway since the centre's midnight) wait for tomorrow's morning.
 */
async function withinLimits(tx: Tx, due: Due[], now: Date, run: SendRun): Promise<Due[]> {
  const rest = await withoutOptedOut(tx, due, now, run);
  return withinDailyLimits(tx, rest, now, run);
}

/** Cancels the due messages of parents who opted out since they were queued; returns the others. */
export async function withoutOptedOut<T extends { id: number; studentId: number | null }>(tx: Tx, due: T[], now: Date, run: SendRun): Promise<T[]> {
  const studentIds = [...new Set(due.map((m) => m.studentId).filter((id): id is number => id !== null))];
  const optedOut = new Set(
    studentIds.length
      ? (await tx.select({ id: students.id }).from(students).where(and(inArray(students.id, studentIds), eq(students.parentOptOut, true)))).map((s) => s.id)
      : [],
  );
  const cancel = due.filter((m) => m.studentId !== null && optedOut.has(m.studentId));
  if (cancel.length) {
    const ids = cancel.map((m) => m.id);
    await tx.update(parentMessages).set({ status: 'cancelled', reason: OPTED_OUT }).where(inArray(parentMessages.id, ids));
    await tx.insert(parentMessageHistory).values(ids.map((messageId) => ({ messageId, status: 'cancelled' as const, reason: OPTED_OUT, at: now })));
    run.cancelled += cancel.length;
  }
  return due.filter((m) => !cancel.includes(m));
}

/** A branch's SMS beyond its daily limit (handed to the gateway since the centre's midnight) wait for tomorrow. */
async function withinDailyLimits(tx: Tx, rest: Due[], now: Date, run: SendRun): Promise<Due[]> {
  const branchIds = [...new Set(rest.map((m) => m.filialId))];
  if (!branchIds.length) return [];
  const today = centreToday(now);
  const dayStart = new Date(centreInstant(today, '00:00'));
  const limits = await tx
    .select({ id: filials.id, limit: filials.messageDailyLimit })
    .from(filials)
    .where(inArray(filials.id, branchIds));
  const used = await tx
    .select({ id: parentMessages.filialId, n: count() })
    .from(parentMessages)
    .where(and(inArray(parentMessages.filialId, branchIds), eq(parentMessages.channel, 'sms'), or(gte(parentMessages.sentAt, dayStart), eq(parentMessages.status, 'sending'))))
    .groupBy(parentMessages.filialId);
  const left = new Map(limits.map((b) => [b.id, b.limit - (used.find((u) => u.id === b.id)?.n ?? 0)]));
  const sendable: Due[] = [];
  const tomorrow: number[] = [];
  for (const m of rest) {
    const n = left.get(m.filialId) ?? 0;
    if (n > 0) {
      sendable.push(m);
      left.set(m.filialId, n - 1);
    } else tomorrow.push(m.id);
  }
  if (tomorrow.length) {
    const morning = new Date(centreInstant(addDays(today, 1), QUIET_UNTIL));
    await tx.update(parentMessages).set({ nextAttemptAt: morning }).where(inArray(parentMessages.id, tomorrow));
    run.held += tomorrow.length;
  }
  return sendable;
}
