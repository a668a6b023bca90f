// The sender of the parents' outbox: every 30 seconds, the due messages go to the SMS gateway
// (server/domain/messages/sender.ts). Without a configured gateway it is not started, and the messages wait.
import type { Db } from '../db/client';
import type { Clock } from '../domain/core/clock';
import type { SmsProvider } from '../domain/messages/provider';
import { sendWaitingMessages } from '../domain/messages/sender';
import { describeErrorBriefly } from '../log/redact';

/** Runs the sender now and every `everyMs`; returns the stop function. */
export function scheduleMessageSender(db: Db, provider: SmsProvider | null, clock: Clock, everyMs = 30_000): () => void {
  if (!provider) return () => {};
  // A pass still sending (a slow gateway) is not joined by the next one; other processes are kept apart by the claims.
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await sendWaitingMessages(db, provider, clock);
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
