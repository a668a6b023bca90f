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
  /**
   * 'shortest': one shortest path per move, each from a fresh page, for models whose browser steps assume the
   * page as it was first opened (a session that was never refreshed, a gate that has not redirected yet).
   */
  paths?: 'tours' | 'shortest';
};

/** Every transition of a flat model, as `state -event-> target`. */
function transitionsOf(machine: AnyStateMachine) {
  const states = machine.root.states as Record<string, { transitions: Map<string, { target?: { key: string }[] }[]> }>;
  return Object.entries(states).flatMap(([from, node]) =>
    [...node.transitions.entries()].flatMap(([event, ts]) => ts.map((t) => ({ from, event, to: t.target?.[0]?.key ?? from }))),
  );
}

/** Longest tour a browser path takes: each step costs a page action, and a path must end within its timeout. */
const TOUR_STEPS = 8;

/**
 * The event sequences that take every transition of a flat model in few browser paths: from the initial state, go
 * to the nearest transition not yet taken (breadth first), take it, and go on from where it leads; a tour ends at
 * TOUR_STEPS or when nothing untaken is reachable, and the next starts again from the initial state. Each browser
 * path costs a sign-in and a page load, so fewer, longer paths walk the same moves in less time than one shortest
 * path per move.
 */
export function transitionTours(machine: AnyStateMachine): string[][] {
  const moves = transitionsOf(machine);
  const untaken = new Set(moves.map((m) => `${m.from} -${m.event}-> ${m.to}`));
  const initial = String(machine.root.initial?.target[0]?.key);
  const tours: string[][] = [];
  while (untaken.size > 0) {
    const tour: string[] = [];
    let at = initial;
    for (;;) {
      // Breadth first from `at` to the first untaken move: the events on the way, then that move's event.
      const seen = new Map<string, string[]>([[at, []]]);
      const queue = [at];
      let found: string[] | null = null;
      while (queue.length > 0 && !found) {
        const state = queue.shift()!;
        for (const m of moves.filter((x) => x.from === state)) {
          const way = [...seen.get(state)!, m.event];
          if (untaken.has(`${m.from} -${m.event}-> ${m.to}`)) {
            found = way;
            break;
          }
          if (!seen.has(m.to)) {
            seen.set(m.to, way);
            queue.push(m.to);
          }
        }
      }
      if (!found || (tour.length > 0 && tour.length + found.length > TOUR_STEPS)) break;
      for (const event of found) {
        const move = moves.find((m) => m.from === at && m.event === event)!;
        untaken.delete(`${move.from} -${move.event}-> ${move.to}`);
        tour.push(event);
        at = move.to;
      }
    }
    tours.push(tour);
  }
  return tours;
}

/**
 * The paths a suite walks, as xstate/graph test paths (each asserts every state it passes): the transition tours,
 * or xstate/graph's shortest paths (for these small flat models they take every transition too).
 */
export function browserPaths(machine: AnyStateMachine, kind: 'tours' | 'shortest' = 'tours') {
  const model = createTestModel(machine);
  if (kind === 'shortest') return model.getShortestPaths();
  return transitionTours(machine).flatMap((tour) => model.getPathsFromEvents(tour.map((type) => ({ type })) as never));
}

export function walkInBrowser<C>(name: string, machine: AnyStateMachine, options: WalkOptions<C>) {
  const paths = browserPaths(machine, options.paths);
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
      // The tours take every transition of the model, so no move goes unwalked in the browser.
      const taken = new Set(
        paths.flatMap((p) => p.steps.slice(1).map((s, i) => `${String(p.steps[i].state.value)} -${s.event.type}-> ${String(s.state.value)}`)),
      );
      expect([...taken].sort()).toEqual(transitionsOf(machine).map((t) => `${t.from} -${t.event}-> ${t.to}`).sort());
    });
  });
  return paths;
}
