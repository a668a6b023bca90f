// Who the branch matrices sign in as. DIRECTOR sees every branch whatever its list (contract/roles.ts
// ALL_BRANCH_ROLES), so it is a positive control rather than a subject; PostgreSQL runs every endpoint with a
// sample of roles, since the branch checks are the same SQL on both databases (docs/access-control.md).
import { ROLES, ROLE_DEFAULT_PAGES, type PageKey, type Role } from '../../../contract/roles';
import type { Backend } from '../harness';
import { ALL_PAGES } from './branchFixtures';

/** The role's own default pages, or every page (so the page guards pass and the branch check decides). */
export type PageSet = 'default' | 'all';
export const PAGE_SETS: Record<PageSet, (role: Role) => readonly PageKey[]> = { default: (r) => ROLE_DEFAULT_PAGES[r], all: () => ALL_PAGES };

const POSTGRES_ROLES: Role[] = ['ADMINISTRATOR', 'ACCOUNTING', 'FILIAL_Manager', 'TEACHER'];

export const matrixRoles = (backend: Backend): Role[] => (backend === 'pglite' ? ROLES.filter((r) => r !== 'DIRECTOR') : POSTGRES_ROLES);
