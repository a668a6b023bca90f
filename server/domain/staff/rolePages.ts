// The director's default pages per role (role_pages); a role without rows falls back to contract/roles.ts.
// A new employee's pages start from these when the form or the request does not name them.
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { RolePagesItem, rolePagesUpdate } from '../../../contract/employees';
import { PAGE_KEYS, ROLES, ROLE_DEFAULT_PAGES, type PageKey, type Role } from '../../../contract/roles';
import type { Db, DbOrTx } from '../../db/client';
import { rolePages } from '../../db/schema';
import { forbidden } from '../core/errors';
import { audit } from '../audit/record';
import type { Actor } from '../lessons/access';

export async function listRolePages(q: DbOrTx): Promise<RolePagesItem[]> {
  const rows = await q.select().from(rolePages);
  return ROLES.map((role) => {
    const own = rows.filter((r) => r.role === role);
    const pages = own.length ? PAGE_KEYS.filter((k) => own.some((r) => r.page === k && r.isReadable)) : [...ROLE_DEFAULT_PAGES[role]];
    return { role, pages, customised: own.length > 0 };
  });
}

export async function roleDefaultPages(q: DbOrTx, role: Role): Promise<PageKey[]> {
  const rows = await q.select().from(rolePages).where(eq(rolePages.role, role));
  if (!rows.length) return [...ROLE_DEFAULT_PAGES[role]];
  return PAGE_KEYS.filter((k) => rows.some((r) => r.page === k && r.isReadable));
}

/** PUT /api/employees/roles/pages: a director replaces the defaults of the roles sent (existing employees keep theirs). */
export async function saveRolePages(db: Db, actor: Actor, body: z.output<typeof rolePagesUpdate>): Promise<RolePagesItem[]> {
  if (actor.user.role !== 'DIRECTOR') throw forbidden();
  return db.transaction(async (tx) => {
    const before = await listRolePages(tx);
    const roles = body.map((r) => r.role);
    await tx.delete(rolePages).where(inArray(rolePages.role, roles));
    await tx.insert(rolePages).values(body.flatMap((r) => PAGE_KEYS.map((page) => ({ role: r.role, page, isReadable: r.pages.includes(page) }))));
    const after = await listRolePages(tx);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'role_pages.update',
      entity: 'role_pages',
      before: before.filter((r) => roles.includes(r.role)),
      after: after.filter((r) => roles.includes(r.role)),
      ip: actor.ip,
    });
    return after;
  });
}
