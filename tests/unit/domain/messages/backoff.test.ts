import { describe, expect, it } from 'vitest';
import { FIRST_RETRY_MS, MAX_ATTEMPTS, MAX_RETRY_MS, retryDelayMs } from '../../../../server/domain/messages/backoff';

describe('retry back-off of parent messages', () => {
  it('waits a minute after the first failure and doubles after each', () => {
    expect(retryDelayMs(1)).toBe(60_000);
    expect(retryDelayMs(2)).toBe(120_000);
    expect(retryDelayMs(3)).toBe(240_000);
    expect(retryDelayMs(6)).toBe(32 * 60_000);
  });
  it('never waits more than the cap', () => {
    expect(retryDelayMs(9)).toBe(MAX_RETRY_MS);
    expect(retryDelayMs(MAX_ATTEMPTS - 1)).toBe(MAX_RETRY_MS);
    for (let a = 1; a < MAX_ATTEMPTS; a++) expect(retryDelayMs(a)).toBeLessThanOrEqual(MAX_RETRY_MS);
  });
  it('gives up after the last attempt', () => {
    expect(retryDelayMs(MAX_ATTEMPTS)).toBeNull();
    expect(retryDelayMs(MAX_ATTEMPTS + 3)).toBeNull();
  });
  it('keeps a message alive through a gateway that is down for hours', () => {
    let total = 0;
    for (let a = 1; a < MAX_ATTEMPTS; a++) total += retryDelayMs(a) ?? 0;
    expect(FIRST_RETRY_MS).toBe(60_000);
    expect(total).toBeGreaterThan(24 * 60 * 60_000);
  });
});
