// Runs a model machine's generated paths against the real machines: each path is one vitest test that builds a
// fresh harness, performs the model's events on it and asserts what the user sees in each model state.
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';

type Steps<H> = { states: (h: H) => Record<string, (...args: any[]) => unknown>; events: (h: H) => Record<string, (...args: any[]) => unknown> };

export function walkModel<H>(name: string, machine: AnyStateMachine, harness: () => H | Promise<H>, steps: Steps<H>) {
  const model = createTestModel(machine);
  const run = (paths: ReturnType<typeof model.getShortestPaths>) => {
    for (const path of paths) {
      it(path.description, async () => {
        const h = await harness();
        await path.test({ states: steps.states(h), events: steps.events(h) } as never);
      });
    }
  };
  describe(`${name} model: shortest paths`, () => run(model.getShortestPaths()));
  describe(`${name} model: simple paths`, () => run(model.getSimplePaths()));
  describe(`${name} model`, () => {
    it('has an assertion for every state and a step for every event', async () => {
      const h = await harness();
      const modelStates = (machine.root.states ?? {}) as Record<string, { ownEvents: string[] }>;
      expect(Object.keys(steps.states(h)).sort()).toEqual(Object.keys(modelStates).sort());
      const eventTypes = new Set(Object.values(modelStates).flatMap((s) => [...s.ownEvents]));
      expect(Object.keys(steps.events(h)).sort()).toEqual([...eventTypes].sort());
    });
  });
  return model;
}
