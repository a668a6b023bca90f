// The request's instant. Normally the app clock's now. For browser tests only, a server started with
// TEST_CLOCK_HEADER=1 lets a request say what time it is with `X-Test-Now: <ISO instant with offset>`, so a
// Playwright page can see a lesson before and after its start whatever the hour the suite runs at. The header is
// ignored unless that setting is on; never turn it on for real users (it would let anyone mark a lesson early).
import type { Config } from '../config';
import type { Clock } from '../domain/core/clock';

export const TEST_NOW_HEADER = 'x-test-now';

export function requestInstant(clock: Clock, config: Pick<Config, 'testClockHeader'>, header: string | undefined): Date {
  if (config.testClockHeader && header) {
    const ms = Date.parse(header);
    if (!Number.isNaN(ms) && /[zZ]|[+-]\d\d:\d\d$/.test(header)) return new Date(ms);
  }
  return clock.now();
}
