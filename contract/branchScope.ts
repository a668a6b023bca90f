// Which branches a user may see (spec section 6), shared by the server's branch scope and the branch selector.
import { ALL_BRANCH_ROLES, type Role } from './roles';

/** The rule itself: 'all', or the ids of the branches the user may see. */
export function branchScope(userFilials: readonly number[], role: Role): 'all' | number[] {
  return ALL_BRANCH_ROLES.includes(role) || userFilials.length === 0 ? 'all' : [...userFilials];
}

/**
 * DIRECTOR sees every branch; other roles see the branches in their own list, or every branch when their list
 * is empty. Keeps the order of `branches`.
 */
export function allowedBranches<T extends { id: number }>(branches: readonly T[], userFilials: readonly number[], role: Role): T[] {
  const scope = branchScope(userFilials, role);
  if (scope === 'all') return [...branches];
  const own = new Set(scope);
  return branches.filter((b) => own.has(b.id));
}
