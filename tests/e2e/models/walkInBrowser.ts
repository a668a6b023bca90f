// Runs a model machine's generated paths in Chromium against the real server: one Playwright test per path, each
// starting from a fresh record of its own (the spec's `setup`, through the API), performing every model event as
// real clicks and typing, and asserting every model state on the page (what the user sees). The unit-level twin is
// tests/model/walkModel.ts.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';

type Fixtures = { page: Page; request: APIRequestContext; browser: Browser };
type Steps<C> = {
  /** A page assertion per model state. */
  states: (c: C) => Record<string, () => Promise<unknown>>;
  /** A browser step per model event. */
  events: (c: C) => Record<string, () => Promise<unknown>>;
};

export type WalkOptions<C> = Steps<C> & {
  /** The path's own world: records made through the API, the page signed in and opened. */
  setup: (f: Fixtures) => Promise<C>;
  /** Per path (default 60 s: a path loads the app and may reload it several times). */
  timeout?: number;
};

/** Every transition of a flat model, as `state -event-> target`. */
function transitionsOf(machine: AnyStateMachine) {
  const states = machine.root.states as Record<string, { transitions: Map<string, { target?: { key: string }[] }[]> }>;
  return Object.entries(states).flatMap(([from, node]) =>
    [...node.transitions.entries()].flatMap(([event, ts]) => ts.map((t) => ({ from, event, to: t.target?.[0]?.key ?? from }))),
  );
}

/**
 * The paths a suite walks: xstate/graph's shortest paths (for these small flat models they already take every
 * transition; the unit walks add the simple paths).
 */
export function browserPaths(machine: AnyStateMachine) {
  return createTestModel(machine).getShortestPaths();
}

export function walkInBrowser<C>(name: string, machine: AnyStateMachine, options: WalkOptions<C>) {
  const paths = browserPaths(machine);
  test.describe(`${name} model in the browser`, () => {
    for (const path of paths) {
      test(path.description, async ({ page, request, browser }) => {
        test.setTimeout(options.timeout ?? 60_000);
        const c = await test.step('setup: own records, signed-in page', () => options.setup({ page, request, browser }));
        const states = options.states(c);
        const events = options.events(c);
        await path.test({
          states: Object.fromEntries(Object.entries(states).map(([k, assert]) => [k, () => test.step(`sees ${k}`, assert)])),
          events: Object.fromEntries(Object.entries(events).map(([k, act]) => [k, () => test.step(k, act)])),
        } as never);
      });
    }
    test('has a page assertion for every state, a browser step for every event, and walks every transition', () => {
      const dummy = {} as C;
      const modelStates = Object.keys(machine.root.states ?? {}).sort();
      expect(Object.keys(options.states(dummy)).sort()).toEqual(modelStates);
      const eventTypes = new Set(transitionsOf(machine).map((t) => t.event));
      expect(Object.keys(options.events(dummy)).sort()).toEqual([...eventTypes].sort());
      // The shortest paths take every transition of the model, so no move goes unwalked in the browser.
      const taken = new Set(
        paths.flatMap((p) => p.steps.slice(1).map((s, i) => `${String(p.steps[i].state.value)} -${s.event.type}-> ${String(s.state.value)}`)),
      );
      expect([...taken].sort()).toEqual(transitionsOf(machine).map((t) => `${t.from} -${t.event}-> ${t.to}`).sort());
    });
  });
  return paths;
}
