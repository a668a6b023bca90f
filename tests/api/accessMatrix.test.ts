// Object-level access (OWASP API1, ASVS 8.2.2): every endpoint with a path id, filled with the id of an object of
// a branch the user does not work in, for a user of every role who works in branch A only, once with the role's
// default pages and once with every page (so the page guards pass and the request reaches the branch check).
// The answer is 403 (a page the user lacks, or a refused role) or 404, never the object's data, and the database
// is left as it was. DIRECTOR (every branch) and MULTIPLE_FILIAL_MANAGER (A and B) reach B's objects on reads,
// so the ids are real; the second answers 404 for branch C. Rules and figures: docs/access-control.md.
import { beforeAll, describe, expect, it } from 'vitest';
import { ROLE_DEFAULT_PAGES, type Role } from '../../contract/roles';
import { listEndpoints, passesGuards, type Endpoint } from '../../server/http/endpoints';
import { backends, useTestApp, type Backend } from './harness';
import { buildWorld, marker, type Branch, type MatrixWorld } from './security/branchFixtures';
import { StatusTally, changedTables, dbFingerprint } from './security/dbFingerprint';
import { kindOfPath, pathIdRequest, send } from './security/matrixRequests';
import { hasPathId, isBranchKind, isGlobalKind, pathIdKind } from './security/objectKinds';
import { matrixRoles, PAGE_SETS, type PageSet } from './security/matrixRoles';
import { pathIdBreach } from './security/rules';


describe.each(backends())('access matrix by path id (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let world: MatrixWorld;
  let endpoints: Endpoint[];
  const roles = matrixRoles(backend);

  beforeAll(async () => {
    world = await buildWorld(t);
    endpoints = listEndpoints(t.app).filter((e) => e.auth && hasPathId(e.path));
  });

  it('maps the path id of every endpoint to a kind of object', () => {
    const unmapped = endpoints.filter((e) => !pathIdKind(e.path)).map((e) => `${e.method} ${e.path}`);
    expect(unmapped, 'add these to PATH_ID_KINDS in tests/api/security/objectKinds.ts').toEqual([]);
    expect(endpoints.length).toBeGreaterThan(70);
  });

  it('refuses every role another branch’s object, and changes nothing', async () => {
    const problems: string[] = [];
    let requests = 0;
    const tally = new StatusTally();
    const covered = new Set<string>();
    for (const pageSet of ['default', 'all'] as PageSet[]) {
      for (const role of roles) await world.setPages(world.users[role].id, PAGE_SETS[pageSet](role));
      for (const endpoint of endpoints) {
        const row = pathIdKind(endpoint.path)!;
        if (!isBranchKind(row.kind) && row.kind !== 'notification') continue;
        const before = await dbFingerprint(t.db);
        const variants = [{ kind: row.kind, query: row.query }, ...(row.alternatives ?? [])];
        for (const [b, { kind, query }] of (['B', 'C'] as Branch[]).flatMap((b) => variants.map((v) => [b, v] as const))) {
          const id = world.objects[b][kind];
          if (id === undefined) throw new Error(`branch ${b} has no ${kind}`);
          const request = pathIdRequest(endpoint, id, query);
          if (request.invalid) {
            problems.push(`${endpoint.method} ${endpoint.path}: the matrix's sample does not validate: ${request.invalid}`);
            continue;
          }
          for (const role of roles) {
            const user = world.users[role];
            const res = await send(t, request, user.token);
            requests += 1;
            tally.add(res.status);
            covered.add(`${endpoint.method} ${endpoint.path}`);
            const passes = passesGuards(endpoint, role, new Set(PAGE_SETS[pageSet](role)));
            const wrong = pathIdBreach(passes, res.status, res.text);
            if (wrong)
              problems.push(`${role} (${pageSet} pages) ${endpoint.method} ${request.url} [${kind} of ${b}]: ${wrong} ${res.text.slice(0, 160)}`);
          }
        }
        const changed = changedTables(before, await dbFingerprint(t.db));
        if (changed.length) problems.push(`${endpoint.method} ${endpoint.path}: refused requests changed ${changed.join(', ')}`);
      }
    }
    console.log(
      `[access matrix, ${backend}] path ids: ${covered.size} endpoints × ${roles.length} roles × 2 page sets × 2 foreign branches (B, C), one more kind for /comments/all/{id} = ${requests} requests; answers ${tally}`,
    );
    expect(problems).toEqual([]);
  }, 600_000);

  it('lets DIRECTOR and MULTIPLE_FILIAL_MANAGER read branch B’s objects, and refuses the latter branch C’s', async () => {
    const problems: string[] = [];
    let requests = 0;
    let withMarker = 0;
    const reads = endpoints.filter((e) => e.method === 'GET' && isBranchKind(kindOfPath(e)!));
    for (const role of ['DIRECTOR', 'MULTIPLE_FILIAL_MANAGER'] as Role[]) {
      const { access_token } = await t.signInAs(role);
      const pages = new Set(ROLE_DEFAULT_PAGES[role]);
      for (const endpoint of reads) {
        if (!passesGuards(endpoint, role, pages)) continue;
        const kind = kindOfPath(endpoint)!;
        const ownB = pathIdRequest(endpoint, world.objects.B[kind]!);
        const res = await send(t, ownB, access_token);
        requests += 1;
        if (res.status !== 200) problems.push(`${role} ${endpoint.method} ${ownB.url}: ${res.status} ${res.text.slice(0, 160)}`);
        if (res.text.includes(marker('B'))) withMarker += 1;
        // The refusal rule would have flagged this answer: the matrix can fail.
        if (!pathIdBreach(true, res.status, res.text))
          problems.push(`${role} ${endpoint.method} ${ownB.url}: the refusal rule accepts an allowed answer`);
        if (role === 'MULTIPLE_FILIAL_MANAGER' && kind !== 'filial') {
          const foreign = pathIdRequest(endpoint, world.objects.C[kind]!);
          const refused = await send(t, foreign, access_token);
          requests += 1;
          if (refused.status !== 404) problems.push(`${role} ${endpoint.method} ${foreign.url}: ${refused.status}, expected 404`);
          if (refused.text.includes(marker('C'))) problems.push(`${role} ${endpoint.method} ${foreign.url}: answer carries branch C's data`);
        }
      }
    }
    console.log(`[access matrix, ${backend}] positive controls: ${requests} requests, ${withMarker} answers carry branch B's marked names`);
    // The marker is real: the allowed answers carry it, so its absence from the refused ones means something.
    expect(withMarker).toBeGreaterThan(10);
    expect(problems).toEqual([]);
  }, 300_000);

  it('exempts only shared catalogue objects from the branch check', () => {
    const exempt = [...new Set(endpoints.map((e) => kindOfPath(e)!).filter((k) => !isBranchKind(k) && k !== 'notification'))].sort();
    expect(exempt.every(isGlobalKind)).toBe(true);
    expect(exempt).toEqual(['financeKind', 'level', 'marketingGroup', 'marketingSource', 'sale', 'subject', 'theme']);
  });
});
