// The sender of the parents' outbox: every 30 seconds, the due messages go to the SMS gateway or the parents'
// Telegram bot (server/domain/messages/sender.ts). Without either it is not started, and the messages wait.
import type { Db } from '../db/client';
import type { Clock } from '../domain/core/clock';
import type { ChatProvider, SmsProvider } from '../domain/messages/provider';
import { queueFeeReminders } from '../domain/messages/feeReminders';
import type { PaymentLinkOf } from '../domain/messages/events';
import { sendWaitingMessages } from '../domain/messages/sender';
import { everyPeriod } from './runOnce';

/**
 * Runs the sender now and every `everyMs`, once per period across processes (runOnce.ts); returns the stop function.
 * A pass still sending (a slow gateway) is not joined by the next one; the claims of the messages themselves keep
 * any two senders apart too (server/domain/messages/sender.ts).
 */
export function scheduleMessageSender(db: Db, provider: SmsProvider | null, clock: Clock, everyMs = 30_000, chats: ChatProvider | null = null): () => void {
  if (!provider && !chats) return () => {};
  return everyPeriod(db, clock, 'parent-messages', everyMs, async () => {
    const result = await sendWaitingMessages(db, provider, clock, undefined, chats);
    if (result.sent || result.failed) console.log(`Parent messages: ${result.sent} sent, ${result.failed} failed, ${result.retrying} to retry.`);
  });
}

/**
 * The fee reminders (server/domain/messages/feeReminders.ts): each hour, so a day is never missed; a student is
 * reminded once a month whatever the number of runs. Queued with or without a gateway (they wait, like every event).
 * Once per period across processes (runOnce.ts).
 */
export function scheduleFeeReminders(db: Db, clock: Clock, everyMs = 3_600_000, linkOf?: PaymentLinkOf): () => void {
  return everyPeriod(db, clock, 'fee-reminders', everyMs, async (now) => {
    const ids = await queueFeeReminders(db, now, linkOf);
    if (ids.length) console.log(`Fee reminders: ${ids.length} queued.`);
  });
}
