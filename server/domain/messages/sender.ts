// The outbox's sender: claims the due SMS messages (FOR UPDATE SKIP LOCKED, so two server processes never hand
// one message to the gateway twice), sends each outside any transaction, and records the outcome. A claim is a
// lease: a process that dies mid-send leaves its messages `sending`, and the next run after the lease puts them
// back to waiting. Quiet hours hold an SMS until the morning; failures wait longer each time (backoff.ts).
import { and, asc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import { gsmFriendly, smsLength } from '../../../contract/smsText';
import type { Db } from '../../db/client';
import { parentMessageHistory, parentMessages } from '../../db/schema';
import type { Clock } from '../core/clock';
import { retryDelayMs } from './backoff';
import type { SmsProvider } from './provider';
import { nextSendableAt } from './quietHours';

/** How long a claim holds: longer than a send may take (the Eskiz client gives up after 30 s). */
export const LEASE_MS = 5 * 60_000;
export const BATCH = 50;

export type SendRun = { sent: number; retrying: number; failed: number; held: number; reclaimed: number };

type Claimed = { id: number; phone: string; text: string; attempts: number };

/** One pass of the sender; with no provider (no keys configured) it does nothing. */
export async function sendWaitingMessages(db: Db, provider: SmsProvider | null, clock: Clock, batch = BATCH): Promise<SendRun> {
  const run: SendRun = { sent: 0, retrying: 0, failed: 0, held: 0, reclaimed: 0 };
  if (!provider) return run;
  run.reclaimed = await reclaimLapsed(db, clock.now());
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
async function reclaimLapsed(db: Db, now: Date): Promise<number> {
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

async function claim(db: Db, now: Date, batch: number, run: SendRun): Promise<Claimed[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: parentMessages.id, phone: parentMessages.phone, text: parentMessages.text, attempts: parentMessages.attempts })
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
    const leaseUntil = new Date(now.getTime() + LEASE_MS);
    const claimed: Claimed[] = [];
    for (const m of due) {
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

async function record(
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
