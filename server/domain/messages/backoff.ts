// When a failed message is tried again: 1 minute after the first failure, doubling each time, never more than
// 4 hours apart, and given up (failed) after MAX_ATTEMPTS, about a day and a half after the first try, so a
// provider that is down for hours does not lose the message (docs/decisions.md, "The outbox of parent messages").

export const FIRST_RETRY_MS = 60_000;
export const MAX_RETRY_MS = 4 * 60 * 60_000;
export const MAX_ATTEMPTS = 15;

/** The wait after the `attempts`-th failed attempt (1-based); null when no attempt is left. */
export function retryDelayMs(attempts: number): number | null {
  if (attempts >= MAX_ATTEMPTS) return null;
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}
