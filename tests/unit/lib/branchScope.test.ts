import { describe, expect, it } from 'vitest';
import { allowedBranches } from '../../../contract/branchScope';

const branches = [
  { id: 1, name: 'Chilonzor' },
  { id: 2, name: 'Yunusobod' },
  { id: 3, name: 'Sergeli' },
];

describe('allowedBranches', () => {
  it('gives a DIRECTOR every branch whatever their own list', () => {
    expect(allowedBranches(branches, [2], 'DIRECTOR')).toEqual(branches);
  });

  it("gives other roles their own branches, in the list's order", () => {
    expect(allowedBranches(branches, [3, 1], 'ADMINISTRATOR').map((b) => b.id)).toEqual([1, 3]);
    expect(allowedBranches(branches, [2], 'MULTIPLE_FILIAL_MANAGER').map((b) => b.id)).toEqual([2]);
  });

  it('gives every branch to a user whose list is empty', () => {
    expect(allowedBranches(branches, [], 'TEACHER')).toEqual(branches);
  });

  it('ignores own ids that are not in the list', () => {
    expect(allowedBranches(branches, [9], 'TEACHER')).toEqual([]);
  });
});
