import { useCallback } from 'react';
import { fetchFilials } from '../../../api/auth';
import { useActors, useMe } from '../../../app/hooks';

/** After a branch is created, renamed or archived: the header's switcher reads the branch list again. */
export function useReloadBranchSwitcher() {
  const { branch } = useActors();
  const me = useMe();
  return useCallback(() => {
    fetchFilials().then(
      (options) => branch.send({ type: 'branch.options', options, userFilials: me.filial, role: me.role }),
      () => undefined,
    );
  }, [branch, me.filial, me.role]);
}
