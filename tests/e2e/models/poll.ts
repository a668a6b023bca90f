// How often the model walks re-check a condition they poll for: every 50 ms. Playwright's default for expect.poll
// (after 100, 250 and 500 ms, then every second) lets a walk wait up to a second past the moment the page shows what
// it waits for, and a walk polls at almost every step.
export const QUICK: { intervals: number[] } = { intervals: [50] };
