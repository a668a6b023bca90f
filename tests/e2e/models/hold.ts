// Holds the page's requests to one endpoint until the walk lets each go on to the real server, so the state the
// user sees while it runs (a blank page, the progress bar, a page waiting for the one refresh) can be asserted.
import { expect, type Page, type Route } from '@playwright/test';
import { QUICK } from './poll';

export type Hold = {
  /** Requests that reached the endpoint so far. */
  readonly total: number;
  /** Requests being held now. */
  readonly pending: number;
  /** Waits until `count` requests in all have reached the endpoint. */
  arrived: (count: number) => Promise<void>;
  /** Lets the oldest held request go on to the server (or answers it with `answer`). */
  release: (answer?: { status: number; body: string }) => Promise<void>;
  /** Lets every held request go on to the server. */
  releaseAll: () => Promise<void>;
};

export async function hold(page: Page, url: RegExp): Promise<Hold> {
  const held: Route[] = [];
  let total = 0;
  await page.route(url, (route) => {
    total += 1;
    held.push(route);
  });
  const h: Hold = {
    get total() {
      return total;
    },
    get pending() {
      return held.length;
    },
    arrived: (count) => expect.poll(() => total, { ...QUICK, message: `${count} request(s) to ${url}` }).toBeGreaterThanOrEqual(count),
    async release(answer) {
      await expect.poll(() => held.length, { ...QUICK, message: `a held request to ${url}` }).toBeGreaterThan(0);
      const route = held.shift()!;
      if (answer) await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body });
      else await route.continue();
    },
    async releaseAll() {
      for (const route of held.splice(0)) await route.continue();
    },
  };
  return h;
}
