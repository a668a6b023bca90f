// Who acts: the signed-in employee the rules check rights and branches against, and the author of a change.
import type { PageKey, Role } from '../../../contract/roles';

export type AuthUser = {
  id: number;
  role: Role;
  /** The employee's own branches; empty means every branch (see allowedFilials). */
  filialIds: number[];
  /** Readable page keys. */
  pages: Set<PageKey>;
};

/** The author of a change, for its audit entry: the user, the address the request came from, and its instant. */
export type Actor = { user: AuthUser; ip: string; now: Date };
