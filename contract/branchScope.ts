// Which branches a user may see (spec section 6), shared by the server's branch scope and the branch selector.
import { ALL_BRANCH_ROLES, type Role } from './roles';

/**
 * DIRECTOR sees every branch; other roles see the branches in their own list, or every branch when their list
 * is empty. Keeps the order of `branches`.
 */
export function allowedBranches<T extends { id: number }>(branches: readonly T[], userFilials: readonly number[], role: Role): T[] {
  if (ALL_BRANCH_ROLES.includes(role) || userFilials.length === 0) return [...branches];
  const own = new Set(userFilials);
  return branches.filter((b) => own.has(b.id));
}
