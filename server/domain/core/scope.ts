// Branch scope (spec section 6): DIRECTOR sees every branch; others their own list, or every branch when the
// list is empty. Lists never return rows outside the scope, and naming a branch outside it answers 404.
import { branchScope } from '../../../contract/branchScope';
import type { AuthUser } from './actor';
import { invalid, notFound } from './errors';

export type FilialScope = 'all' | number[];

export function allowedFilials(user: Pick<AuthUser, 'role' | 'filialIds'>): FilialScope {
  return branchScope(user.filialIds, user.role);
}

export function inScope(scope: FilialScope, filialId: number): boolean {
  return scope === 'all' || scope.includes(filialId);
}

/**
 * The branches a request may touch: just `requested` when given (404 when it is outside the user's scope),
 * else the whole scope. Branch existence is not checked: an unknown id in an 'all' scope simply matches nothing.
 */
export function resolveFilial(user: Pick<AuthUser, 'role' | 'filialIds'>, requested?: number | null): FilialScope {
  const scope = allowedFilials(user);
  if (requested == null) return scope;
  if (!inScope(scope, requested)) throw notFound('Branch not found');
  return [requested];
}

/** The one branch a per-branch settings call is about: the given one (404 outside the scope), or the user's only branch. */
export function oneBranch(user: Pick<AuthUser, 'role' | 'filialIds'>, filial: number | undefined): number {
  const scope = allowedFilials(user);
  if (filial === undefined) {
    if (scope !== 'all' && scope.length === 1) return scope[0];
    throw invalid('Choose a branch (filial)');
  }
  if (!inScope(scope, filial)) throw notFound('Branch not found');
  return filial;
}
