// Object-level access through query and body fields (OWASP API1, ASVS 8.2.2): every endpoint without a path id
// whose query or body names a branch-owned object (`filial`, `student`, `group_id`, `casher_id`, ...) gets branch
// B's ids in all of them, other fields valid, from a user of every role who works in branch A only (default pages,
// then every page). The rules (docs/access-control.md):
// - a page the user lacks, or a refused role: 403;
// - a `filial` naming a branch outside the user's: 404 (never a list, not even an empty one);
// - a write naming another branch's object: 400 (the field's `validation.notFound`, as for an unknown id), 403 or
//   404, and nothing changes;
// - a read filtered by another branch's object: 400/403/404, or 200 with nothing of branch B in it.
// No answer carries branch B's data, and the database is left as it was.
import { beforeAll, describe, expect, it } from 'vitest';
import { listEndpoints, passesGuards, type Endpoint } from '../../server/http/endpoints';
import { backends, useTestApp, type Backend } from './harness';
import { ALL_PAGES, buildWorld, marker, type MatrixWorld } from './security/branchFixtures';
import { StatusTally, changedTables, dbFingerprint } from './security/dbFingerprint';
import { branchFields, fieldRequests, send } from './security/matrixRequests';
import { hasPathId } from './security/objectKinds';
import { matrixRoles, PAGE_SETS, type PageSet } from './security/matrixRoles';
import { fieldBreach } from './security/rules';


describe.each(backends())('access matrix by query and body fields (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let world: MatrixWorld;
  let endpoints: Endpoint[];
  const roles = matrixRoles(backend);

  beforeAll(async () => {
    world = await buildWorld(t);
    endpoints = listEndpoints(t.app).filter((e) => e.auth && !hasPathId(e.path) && branchFields(e).length > 0);
  });

  it('refuses every role another branch’s objects named in the query or body, and changes nothing', async () => {
    expect(endpoints.length).toBeGreaterThan(60);
    const problems: string[] = [];
    let requests = 0;
    const tally = new StatusTally();
    for (const pageSet of ['default', 'all'] as PageSet[]) {
      for (const role of roles) await world.setPages(world.users[role].id, PAGE_SETS[pageSet](role));
      for (const endpoint of endpoints) {
        const before = await dbFingerprint(t.db);
        for (const request of fieldRequests(endpoint, world, 'B')) {
          if (request.invalid) {
            problems.push(`${endpoint.method} ${endpoint.path}: the matrix's sample does not validate: ${request.invalid}`);
            continue;
          }
          for (const role of roles) {
            const res = await send(t, request, world.users[role].token);
            requests += 1;
            tally.add(res.status);
            const passes = passesGuards(endpoint, role, new Set(PAGE_SETS[pageSet](role)));
            const wrong = fieldBreach(endpoint, passes, res.status, res.text);
            if (wrong)
              problems.push(
                `${role} (${pageSet} pages) ${endpoint.method} ${request.url} ${JSON.stringify(request.body ?? null)}: ${wrong} ${res.text.slice(0, 160)}`,
              );
          }
        }
        const changed = changedTables(before, await dbFingerprint(t.db));
        if (changed.length) problems.push(`${endpoint.method} ${endpoint.path}: refused requests changed ${changed.join(', ')}`);
      }
    }
    console.log(
      `[access matrix, ${backend}] query/body fields: ${endpoints.length} endpoints × ${roles.length} roles × 2 page sets × 1 foreign branch (B) = ${requests} requests; answers ${tally}`,
    );
    expect(problems).toEqual([]);
  }, 600_000);
  it('lists nothing of branches B and C to a user of branch A, with every page and no filter', async () => {
    const reads = listEndpoints(t.app).filter((e) => e.auth && e.method === 'GET' && !hasPathId(e.path));
    const problems: string[] = [];
    const tally = new StatusTally();
    for (const role of roles) await world.setPages(world.users[role].id, ALL_PAGES);
    for (const endpoint of reads) {
      // Required filters (e.g. `filial` of the monitoring page) name branch A's objects.
      const [request] = fieldRequests(endpoint, world, 'A');
      if (request.invalid) {
        problems.push(`${endpoint.method} ${endpoint.path}: the matrix's sample does not validate: ${request.invalid}`);
        continue;
      }
      for (const role of roles) {
        const res = await send(t, request, world.users[role].token);
        tally.add(res.status);
        if (res.status >= 500) problems.push(`${role} ${request.url}: ${res.status}`);
        if (res.text.includes(marker('B')) || res.text.includes(marker('C')))
          problems.push(`${role} ${request.url}: lists another branch's data ${res.text.slice(0, 200)}`);
      }
    }
    console.log(`[access matrix, ${backend}] unfiltered reads: ${reads.length} endpoints × ${roles.length} roles; answers ${tally}`);
    expect(problems).toEqual([]);
  }, 300_000);
});
