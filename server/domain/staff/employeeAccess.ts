// Who may change what about another employee (issue 15, "Access"). A branch manager must not take over a
// colleague who reaches more than they do: someone other than a director changes another employee's password,
// role, branches, pages or archive state only when every branch of that employee is among the writer's own.
// An empty branch list means every branch (contract/branchScope.ts), on either side: a writer with an empty list
// covers everyone; a colleague with an empty list is covered only by such a writer (or a director).
// Every update path calls assertMayChangeEmployee through updateEmployee / changePassword: PUT and PATCH of
// /auth/update/{id}/ and /api/employees/{id}, and any later path (PUT /api/employees/ with the id in the body).
import type { EmployeeDetail } from '../../../contract/employees';
import type { PageKey } from '../../../contract/roles';
import type { AuthUser } from '../core/actor';
import { EMPLOYEE_OUTSIDE_BRANCHES } from '../../../contract/employees';
import { DomainError } from '../core/errors';
import { allowedFilials, type FilialScope } from '../core/scope';

/** The parts of a person that decide who can sign in as them and what they reach. */
export const PROTECTED_CHANGES = ['password', 'role', 'branches', 'pages', 'archive'] as const;
export type ProtectedChange = (typeof PROTECTED_CHANGES)[number];

/** Does a writer with `scope` reach every branch of a colleague whose own list is `target`? */
export function coversBranches(scope: FilialScope, target: readonly number[]): boolean {
  if (scope === 'all') return true;
  // An empty list reaches every branch, more than any list of some branches.
  if (target.length === 0) return false;
  return target.every((f) => scope.includes(f));
}

const sameSet = <T>(a: readonly T[], b: readonly T[]) => {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
};

type PersonState = { role: EmployeeDetail['role']; filials: readonly number[]; pages: readonly PageKey[]; is_archived: boolean };

/** Which protected parts an update changes, from the person as stored and as they would be written. */
export function protectedChanges(before: PersonState, after: PersonState & { password: boolean }): ProtectedChange[] {
  const out: ProtectedChange[] = [];
  if (after.password) out.push('password');
  if (after.role !== before.role) out.push('role');
  if (!sameSet(after.filials, before.filials)) out.push('branches');
  if (!sameSet(after.pages, before.pages)) out.push('pages');
  if (after.is_archived !== before.is_archived) out.push('archive');
  return out;
}

/**
 * The rule, for a writer who already passed the page and role checks: 403 when someone other than a director
 * changes a protected part of a colleague who works in a branch outside the writer's own. Changes to oneself
 * are not this rule's concern (nobody can widen their own branches: checkFilials keeps them in scope).
 */
export function assertMayChangeEmployee(writer: AuthUser, target: { id: number; filials: readonly number[] }, changes: readonly ProtectedChange[]): void {
  if (!changes.length || writer.role === 'DIRECTOR' || writer.id === target.id) return;
  if (!coversBranches(allowedFilials(writer), target.filials))
    // `code` lets the app say why (its form otherwise explains a 403 as a page it cannot give).
    throw new DomainError('forbidden', {
      text: `You cannot change the ${changes.join(', ')} of an employee who works in a branch outside yours`,
      code: EMPLOYEE_OUTSIDE_BRANCHES,
    });
}
