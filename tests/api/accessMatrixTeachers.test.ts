// Object scope inside a branch (issue 15, "Access"): a teacher or assistant reads students, results, attendance and
// group membership only of the groups they teach or assist, and tasks only those they gave or received. Here
// "another object" is another teacher's group, lesson, student or task in the user's own branch A
// (security/teacherFixtures.ts). For the matrix TEACHER and ASSISTANT, with their default pages and with every page:
// - every endpoint with a path id naming another teacher's student, group, lesson or task: 403 or 404;
// - every endpoint whose query or body names them: no answer carries their data; writes change nothing;
// - every GET without a path id (filters naming the own group's objects): nothing of other teachers' students,
//   tasks or comments.
// Positive controls: the own group's student, lesson, results and task are read (200, with the OWN marker).
// Rules: docs/access-control.md "Teachers and assistants".
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Role } from '../../contract/roles';
import { listEndpoints, type Endpoint } from '../../server/http/endpoints';
import { backends, useTestApp, type Backend } from './harness';
import { buildWorld, type MatrixWorld } from './security/branchFixtures';
import { StatusTally, changedTables, dbFingerprint } from './security/dbFingerprint';
import { branchFields, fieldRequests, pathIdRequest, send, type MatrixRequest } from './security/matrixRequests';
import { PAGE_SETS, type PageSet } from './security/matrixRoles';
import { hasPathId, pathIdKind, type Kind } from './security/objectKinds';
import { OTHER, OWN, buildTeacherWorld, type TeacherWorld } from './security/teacherFixtures';

const ROLES: Role[] = ['TEACHER', 'ASSISTANT'];

/** A GET with only its required query fields: branch objects from `world`'s "B" (the own group's), samples elsewhere. */
function unfilteredRead(endpoint: Endpoint, world: MatrixWorld) {
  const [full] = fieldRequests(endpoint, world, 'B');
  const schema = endpoint.schemas.query;
  if (!schema) return full;
  const required = new Set<string>((z.toJSONSchema(schema, { unrepresentable: 'any', io: 'input' }) as { required?: string[] }).required ?? []);
  const url = new URL(full.url, 'http://matrix');
  for (const key of [...url.searchParams.keys()]) if (!required.has(key)) url.searchParams.delete(key);
  return { ...full, url: `${url.pathname}${url.search}` };
}
/** Kinds whose objects belong to one group's teacher inside a branch. */
const TEACHING_KINDS: Kind[] = ['student', 'group', 'lesson', 'task'];

/** Does the request (after ONE_OF choices) carry a student, group, lesson or task field? */
function namesTeachingObject(endpoint: Endpoint, request: MatrixRequest): boolean {
  const sent = new Set([...new URL(request.url, 'http://matrix').searchParams.keys(), ...Object.keys((request.body as object) ?? {})]);
  return branchFields(endpoint).some((f) => TEACHING_KINDS.includes(f.kind) && sent.has(f.field));
}

describe.each(backends())('access matrix inside the branch: another teacher’s objects (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let world: MatrixWorld;
  let tw: TeacherWorld;
  let endpoints: Endpoint[];
  /** The matrix world with branch "B" standing for `objects` (fieldRequests fills a branch's objects). */
  const viewOf = (objects: Partial<Record<Kind, number>>): MatrixWorld => ({
    ...world,
    objects: { ...world.objects, B: objects },
    secondObjects: { ...world.secondObjects, B: { ...world.secondObjects.A, group: tw.secondGroup } },
  });

  beforeAll(async () => {
    world = await buildWorld(t);
    tw = await buildTeacherWorld(t, world);
    endpoints = listEndpoints(t.app).filter((e) => e.auth);
  });

  it('refuses another teacher’s student, group, lesson and task by path id, and changes nothing', async () => {
    const problems: string[] = [];
    const tally = new StatusTally();
    let requests = 0;
    for (const pageSet of ['default', 'all'] as PageSet[]) {
      for (const role of ROLES) await world.setPages(world.users[role].id, PAGE_SETS[pageSet](role));
      for (const endpoint of endpoints.filter((e) => hasPathId(e.path))) {
        const row = pathIdKind(endpoint.path)!;
        const variants = [{ kind: row.kind, query: row.query }, ...(row.alternatives ?? [])];
        const before = await dbFingerprint(t.db);
        for (const { kind, query } of variants) {
          const id = kind === 'employee' ? tw.other.employee : (tw.otherObjects as Record<string, number>)[kind];
          if (!TEACHING_KINDS.includes(kind) && kind !== 'employee') continue;
          const request = pathIdRequest(endpoint, id, query);
          if (request.invalid) continue;
          for (const role of ROLES) {
            const res = await send(t, request, world.users[role].token);
            requests += 1;
            tally.add(res.status);
            const what = `${role} (${pageSet} pages) ${endpoint.method} ${request.url} [another teacher's ${kind}]`;
            if (res.text.includes(OTHER)) problems.push(`${what}: ${res.status} carries another teacher's data ${res.text.slice(0, 160)}`);
            else if (kind !== 'employee' && res.status !== 403 && res.status !== 404) problems.push(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
          }
        }
        const changed = changedTables(before, await dbFingerprint(t.db));
        if (changed.length) problems.push(`${endpoint.method} ${endpoint.path}: refused requests changed ${changed.join(', ')}`);
      }
    }
    console.log(`[teacher matrix, ${backend}] path ids: ${requests} requests; answers ${tally}`);
    expect(problems).toEqual([]);
  }, 600_000);

  it('shows nothing of another teacher’s objects named in a query or body, and changes nothing', async () => {
    const problems: string[] = [];
    const tally = new StatusTally();
    let requests = 0;
    const other = viewOf(tw.otherObjects);
    const named = endpoints.filter((e) => !hasPathId(e.path) && branchFields(e).some((f) => TEACHING_KINDS.includes(f.kind)));
    for (const pageSet of ['default', 'all'] as PageSet[]) {
      for (const role of ROLES) await world.setPages(world.users[role].id, PAGE_SETS[pageSet](role));
      for (const endpoint of named) {
        for (const request of fieldRequests(endpoint, other, 'B')) {
          if (request.invalid) {
            problems.push(`${endpoint.method} ${endpoint.path}: the matrix's sample does not validate: ${request.invalid}`);
            continue;
          }
          // Only requests naming another teacher's object must change nothing (a comment on a lead is not one).
          const guarded = namesTeachingObject(endpoint, request);
          const before = guarded ? await dbFingerprint(t.db) : undefined;
          for (const role of ROLES) {
            const res = await send(t, request, world.users[role].token);
            requests += 1;
            tally.add(res.status);
            const what = `${role} (${pageSet} pages) ${endpoint.method} ${request.url} ${JSON.stringify(request.body ?? null)}`;
            if (res.text.includes(OTHER)) problems.push(`${what}: ${res.status} carries another teacher's data ${res.text.slice(0, 200)}`);
            if (res.status >= 500) problems.push(`${what}: ${res.status}`);
            if (endpoint.method !== 'GET' && guarded && ![400, 403, 404].includes(res.status)) problems.push(`${what}: ${res.status} ${res.text.slice(0, 160)}`);
          }
          const changed = before ? changedTables(before, await dbFingerprint(t.db)) : [];
          if (changed.length) problems.push(`${endpoint.method} ${request.url} ${JSON.stringify(request.body ?? null)}: refused requests changed ${changed.join(', ')}`);
        }
      }
    }
    console.log(`[teacher matrix, ${backend}] query/body fields: ${named.length} endpoints, ${requests} requests; answers ${tally}`);
    expect(problems).toEqual([]);
  }, 600_000);

  it('lists nothing of other teachers’ students, tasks or comments, with every page and no filter', async () => {
    const problems: string[] = [];
    const tally = new StatusTally();
    let withOwn = 0;
    const own = viewOf(tw.ownObjects);
    const reads = endpoints.filter((e) => e.method === 'GET' && !hasPathId(e.path));
    for (const pageSet of ['default', 'all'] as PageSet[]) {
      for (const role of ROLES) await world.setPages(world.users[role].id, PAGE_SETS[pageSet](role));
      for (const endpoint of reads) {
        const request = unfilteredRead(endpoint, own);
        if (request.invalid) {
          problems.push(`${endpoint.method} ${endpoint.path}: the matrix's sample does not validate: ${request.invalid}`);
          continue;
        }
        for (const role of ROLES) {
          const res = await send(t, request, world.users[role].token);
          tally.add(res.status);
          if (res.status >= 500) problems.push(`${role} ${request.url}: ${res.status}`);
          if (res.text.includes(OWN)) withOwn += 1;
          if (res.text.includes(OTHER)) problems.push(`${role} (${pageSet} pages) ${request.url}: lists another teacher's data ${res.text.slice(0, 200)}`);
        }
      }
    }
    console.log(`[teacher matrix, ${backend}] unfiltered reads: ${reads.length} endpoints × ${ROLES.length} roles × 2 page sets; answers ${tally}; ${withOwn} carry the own group's data`);
    expect(withOwn).toBeGreaterThan(5);
    expect(problems).toEqual([]);
  }, 300_000);

  it('reads the own group’s student, results, membership, lesson and task', async () => {
    for (const role of ROLES) {
      await world.setPages(world.users[role].id, PAGE_SETS.default(role));
      const token = world.users[role].token;
      const reads: [string, number][] = [
        [`/api/results/student/?id=${tw.own.student}`, role === 'TEACHER' ? 200 : 403],
        [`/api/add-group/student/${tw.own.student}/`, 200],
        [`/api/add-group/group/${tw.own.group}/`, 200],
        [`/api/lessons/${tw.own.lesson}/`, 200],
        [`/api/tasks/${tw.own.task}/`, role === 'TEACHER' ? 200 : 404],
        // Comments need a student page, which teachers do not have by default.
        [`/api/comments/all/${tw.own.student}/?target=student`, 403],
      ];
      for (const [url, status] of reads) {
        const res = await t.call('GET', url, { token });
        expect([role, url, res.status]).toEqual([role, url, status]);
        if (status !== 200) continue;
        if (url.includes('add-group/student')) expect(res.json.map((m: { group: { id: number } }) => m.group.id)).toEqual([tw.own.group]);
        else expect(res.text, `${role} ${url}`).toContain(OWN);
      }
    }
  });

  it('the endpoints the issue names: another teacher’s student’s marks and memberships, and any task by id', async () => {
    const token = world.users.TEACHER.token;
    await world.setPages(world.users.TEACHER.id, PAGE_SETS.default('TEACHER'));
    for (const url of [`/api/results/student/?id=${tw.other.student}`, `/api/add-group/student/${tw.other.student}/`, `/api/tasks/${tw.other.task}/`]) {
      const res = await t.call('GET', url, { token });
      expect([url, res.status]).toEqual([url, 404]);
    }
  });
});
