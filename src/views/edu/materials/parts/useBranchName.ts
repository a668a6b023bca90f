import { useSelector } from '@xstate/react';
import { useActors } from '../../../../app/hooks';
import { connectBranch } from '../../../../machines/branch';

/** The current branch's name for headings ("Chilonzor"), or null before the branch list arrives. */
export function useBranchName(): string | null {
  const { branch } = useActors();
  return useSelector(branch, (s) => connectBranch(s).branch?.name ?? null);
}
