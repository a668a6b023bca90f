// Page permissions on the server (ASVS 8.2.1/8.4.1): for every endpoint with a page guard and every role, a user
// with every page except the guard's keys gets 403, whatever the id (their own branch's object, which the same user
// with the page could reach), and so does a user of a role the guard refuses, with every page. Nothing changes.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLES, type PageKey, type Role } from '../../contract/roles';
import { listEndpoints, type Endpoint } from '../../server/http/endpoints';
import { backends, useTestApp, type Backend } from './harness';
import { ALL_PAGES, buildWorld, type MatrixWorld } from './security/branchFixtures';
import { changedTables, dbFingerprint } from './security/dbFingerprint';
import { fieldRequests, kindOfPath, pathIdRequest, send, type MatrixRequest } from './security/matrixRequests';
import { hasPathId } from './security/objectKinds';

const POSTGRES_ROLES: Role[] = ['DIRECTOR', 'ADMINISTRATOR', 'ACCOUNTING', 'TEACHER'];

/** A valid request on the user's own branch A (it would pass but for the page). */
function ownRequest(endpoint: Endpoint, world: MatrixWorld): MatrixRequest {
  if (!hasPathId(endpoint.path)) return fieldRequests(endpoint, world, 'A')[0];
  return pathIdRequest(endpoint, world.objects.A[kindOfPath(endpoint)!] ?? world.objects.B[kindOfPath(endpoint)!]!);
}

describe.each(backends())('page permissions (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let world: MatrixWorld;
  let guarded: Endpoint[];
  const roles = backend === 'pglite' ? [...ROLES] : POSTGRES_ROLES;

  beforeAll(async () => {
    world = await buildWorld(t);
    guarded = listEndpoints(t.app).filter((e) => e.auth && e.guards.length > 0);
  });

  it('answers 403 to every role without the guard’s pages, and to refused roles, and changes nothing', async () => {
    expect(guarded.length).toBeGreaterThan(180);
    const problems: string[] = [];
    let requests = 0;
    // employee_pages: the test rewrites its own users' pages.
    const before = await dbFingerprint(t.db, ['employee_pages']);
    // Users lose one guard's keys at a time; endpoints sharing the same keys share one rewrite of the pages.
    const byKeys = new Map<string, { pages: readonly PageKey[]; endpoints: Endpoint[] }>();
    for (const endpoint of guarded) {
      for (const guard of endpoint.guards) {
        const key = [...guard.pages].sort().join(',');
        const entry = byKeys.get(key) ?? { pages: guard.pages, endpoints: [] };
        if (!entry.endpoints.includes(endpoint)) entry.endpoints.push(endpoint);
        byKeys.set(key, entry);
      }
    }
    for (const { pages, endpoints } of byKeys.values()) {
      const without = ALL_PAGES.filter((p) => !pages.includes(p));
      for (const role of roles) await world.setPages(world.users[role].id, without);
      for (const endpoint of endpoints) {
        const request = ownRequest(endpoint, world);
        for (const role of roles) {
          const res = await send(t, request, world.users[role].token);
          requests += 1;
          if (res.status !== 403)
            problems.push(`${role} without ${pages.join('|')}: ${endpoint.method} ${request.url}: ${res.status} ${res.text.slice(0, 120)}`);
        }
      }
    }
    let refusals = 0;
    for (const role of roles) await world.setPages(world.users[role].id, ALL_PAGES);
    for (const endpoint of guarded) {
      const refused = [...new Set(endpoint.guards.flatMap((g) => g.refusedRoles))].filter((r) => roles.includes(r));
      if (!refused.length) continue;
      const request = ownRequest(endpoint, world);
      for (const role of refused) {
        const res = await send(t, request, world.users[role].token);
        requests += 1;
        refusals += 1;
        if (res.status !== 403)
          problems.push(`${role} (refused, every page): ${endpoint.method} ${request.url}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    const changed = changedTables(before, await dbFingerprint(t.db, ['employee_pages']));
    if (changed.length) problems.push(`refused requests changed ${changed.join(', ')}`);
    console.log(
      `[access matrix, ${backend}] pages: ${guarded.length} guarded endpoints × ${roles.length} roles, ${byKeys.size} page-key sets removed in turn; ${refusals} refused-role requests; ${requests} requests`,
    );
    expect(refusals).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  }, 600_000);
});
