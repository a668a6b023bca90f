import { describe, expect, it } from 'vitest';
import { reorderPlan, reorderProblems } from '../../../server/domain/catalogue/ordering';

const items = [
  { id: 10, isArchived: false },
  { id: 11, isArchived: true },
  { id: 12, isArchived: false },
  { id: 13, isArchived: false },
  { id: 14, isArchived: true },
];

describe('reorderProblems', () => {
  it('finds nothing wrong with exactly the active items in any order', () => {
    expect(reorderProblems(items, [13, 10, 12])).toEqual({ unknown: [], missing: [] });
  });

  it('names archived and foreign ids as unknown, in request order', () => {
    expect(reorderProblems(items, [99, 10, 11, 12, 13])).toEqual({ unknown: [99, 11], missing: [] });
  });

  it('names the active items left out, in their current order', () => {
    expect(reorderProblems(items, [12])).toEqual({ unknown: [], missing: [10, 13] });
  });

  it('treats a parent without items as having nothing to order', () => {
    expect(reorderProblems([], [1])).toEqual({ unknown: [1], missing: [] });
  });
});

describe('reorderPlan', () => {
  it('numbers the requested order 1..n and puts archived items after it in their old order', () => {
    expect(reorderPlan(items, [13, 10, 12])).toEqual([
      { id: 13, position: 1 },
      { id: 10, position: 2 },
      { id: 12, position: 3 },
      { id: 11, position: 4 },
      { id: 14, position: 5 },
    ]);
  });
});
