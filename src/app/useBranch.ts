import { useSelector } from '@xstate/react';
import { useActors } from './hooks';
import { connectBranch } from '../machines/branch';

/** The branch chosen in the header (or the user's own), which lists and forms of branch-owned data use. */
export function useCurrentBranch(): number | null {
  const { branch } = useActors();
  return useSelector(branch, (s) => connectBranch(s).branchId);
}
