// What the user sees of the branch switcher, as a small machine with no invoke and no delays, so @xstate/graph can
// walk it (tests/model/branch.test.ts drives the real branch machine with every generated path, and
// tests/e2e/models/branch.spec.ts the header of the running app). A user who works in several branches starts with
// nothing saved; choosing saves and reloads, going back one page first on a detail page; clearing forgets the
// choice and reloads, so the user's first branch is shown (and saved) again.
import { createMachine } from 'xstate';

export const branchModel = createMachine({
  id: 'branchModel',
  initial: 'firstBranch',
  types: {} as {
    events: { type: 'branch.choose' } | { type: 'branch.clear' } | { type: 'visit.detail' };
  },
  states: {
    /** The user's first branch is shown and saved (nothing was saved before, or the choice was cleared). */
    firstBranch: { on: { 'branch.choose': 'chosen', 'visit.detail': 'onDetail' } },
    /** Another branch chosen: saved, the page reloaded in place showing it. */
    chosen: { on: { 'branch.clear': 'firstBranch' } },
    /** A detail page (one lead) open, in the first branch. */
    onDetail: { on: { 'branch.choose': 'leftDetail' } },
    /** Chosen on a detail page: back on the page before it (the lead may not exist in the other branch), reloaded. */
    leftDetail: {},
  },
});
