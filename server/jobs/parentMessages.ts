// The sender of the parents' outbox: every 30 seconds, the due messages go to the SMS gateway or the parents'
// Telegram bot (server/domain/messages/sender.ts). Without either it is not started, and the messages wait.
import type { Db } from '../db/client';
import type { Clock } from '../domain/core/clock';
import type { ChatProvider, SmsProvider } from '../domain/messages/provider';
import { queueFeeReminders } from '../domain/messages/feeReminders';
import type { PaymentLinkOf } from '../domain/messages/events';
import { sendWaitingMessages } from '../domain/messages/sender';
import { describeErrorBriefly } from '../log/redact';

/** Runs the sender now and every `everyMs`; returns the stop function. */
export function scheduleMessageSender(db: Db, provider: SmsProvider | null, clock: Clock, everyMs = 30_000, chats: ChatProvider | null = null): () => void {
  if (!provider && !chats) return () => {};
  // A pass still sending (a slow gateway) is not joined by the next one; other processes are kept apart by the claims.
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await sendWaitingMessages(db, provider, clock, undefined, chats);
      if (result.sent || result.failed) console.log(`Parent messages: ${result.sent} sent, ${result.failed} failed, ${result.retrying} to retry.`);
    } catch (err) {
      console.error('Parent message sender failed:', describeErrorBriefly(err));
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The fee reminders (server/domain/messages/feeReminders.ts): each hour, so a day is never missed; a student is
 * reminded once a month whatever the number of runs. Queued with or without a gateway (they wait, like every event).
 */
export function scheduleFeeReminders(db: Db, clock: Clock, everyMs = 3_600_000, linkOf?: PaymentLinkOf): () => void {
  const run = () =>
    queueFeeReminders(db, clock.now(), linkOf).then(
      (ids) => {
        if (ids.length) console.log(`Fee reminders: ${ids.length} queued.`);
      },
      (err: unknown) => console.error('Fee reminders failed:', describeErrorBriefly(err)),
    );
  void run();
  const timer = setInterval(() => void run(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
