// The parents' bot by long polling (when no webhook secret is set): getUpdates waits up to 25 s for updates after
// the stored offset; each is handled and answered, then the offset moves past them (stored in app_settings, so a
// restart does not answer them twice). Telegram lets one poller run at a time, so the processes take turns by a
// lease row: only the holder polls, and another takes over when the holder stops renewing it.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';
import type { Clock } from '../domain/core/clock';
import { handleUpdate } from '../domain/messages/telegram/bot';
import { describeErrorBriefly } from '../log/redact';
import type { TelegramService } from '../messaging/providers';
import { sendReply, TelegramError } from '../messaging/telegram';

const OFFSET_KEY = 'telegram.offset';
const LEASE_KEY = 'telegram.poller';
export const LEASE_MS = 90_000;

/** Takes or renews the poller's lease; false while another process holds a live one. */
export async function holdPollLease(db: Db, holder: string, now: Date): Promise<boolean> {
  const value = `${holder}|${now.getTime() + LEASE_MS}`;
  const rows = await db
    .insert(appSettings)
    .values({ key: LEASE_KEY, value })
    .onConflictDoUpdate({
      target: appSettings.key,
      set: { value },
      where: sql`split_part(${appSettings.value}, '|', 1) = ${holder} or split_part(${appSettings.value}, '|', 2)::bigint < ${now.getTime()}`,
    })
    .returning({ key: appSettings.key });
  return rows.length > 0;
}

async function readOffset(db: Db): Promise<number> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, OFFSET_KEY));
  return row ? Number(row.value) : 0;
}

async function writeOffset(db: Db, offset: number): Promise<void> {
  await db.insert(appSettings).values({ key: OFFSET_KEY, value: String(offset) }).onConflictDoUpdate({ target: appSettings.key, set: { value: String(offset) } });
}

/** One long poll: handles and answers what arrived; returns how many updates were handled. */
export async function pollTelegramOnce(db: Db, telegram: TelegramService, clock: Clock, timeoutSeconds: number, signal?: AbortSignal): Promise<number> {
  const { lastId, updates } = await telegram.bot.getUpdates(await readOffset(db), timeoutSeconds, signal);
  for (const update of updates) {
    const replies = await handleUpdate(db, update, telegram.texts, clock.now());
    for (const reply of replies) {
      await sendReply(telegram.bot, reply).catch((err: unknown) => console.error('Telegram reply failed:', describeErrorBriefly(err)));
    }
  }
  if (lastId !== null) await writeOffset(db, lastId + 1);
  return updates.length;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** Polls until stopped (the returned function); not started with a webhook secret or without a bot. */
export function startTelegramPolling(db: Db, telegram: TelegramService | null, clock: Clock, timeoutSeconds = 25): () => void {
  if (!telegram || telegram.webhookSecret) return () => {};
  const stop = new AbortController();
  const holder = randomUUID();
  void (async () => {
    while (!stop.signal.aborted) {
      try {
        if (!(await holdPollLease(db, holder, clock.now()))) {
          await pause(LEASE_MS / 3, stop.signal);
          continue;
        }
        await pollTelegramOnce(db, telegram, clock, timeoutSeconds, stop.signal);
      } catch (err) {
        if (stop.signal.aborted) break;
        // Told to wait (429), or the network is down: try again a little later.
        const wait = err instanceof TelegramError && err.retryAfter ? err.retryAfter * 1000 : 5_000;
        console.error('Telegram polling failed:', describeErrorBriefly(err));
        await pause(wait, stop.signal);
      }
    }
  })();
  return () => stop.abort();
}
