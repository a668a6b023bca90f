// Paged answers link their neighbours (`next`, `previous`) without trusting the request's Host header: a forged
// Host (or a request line naming another host) must never come back as a link a client would follow. Every paged
// endpoint of the catalogue is asked for its second page of one row through a forged host.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { listEndpoints, type Endpoint } from '../../server/http/endpoints';
import { backends, useTestApp, type Backend } from './harness';
import { fillPath, hasPathId } from './security/objectKinds';
import { fieldsOf, sampleFor } from './security/sampleInput';

const FORGED = 'attacker.example';

/** Paged JSON lists: a `page` query field, not a download. */
const pagedEndpoints = (endpoints: Endpoint[]) =>
  endpoints.filter((e) => e.method === 'GET' && e.schemas.query && 'page' in fieldsOf(e.schemas.query) && !e.path.endsWith('/excel'));

describe.each(backends())('paging links (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let token: string;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    token = (await t.signInAs('DIRECTOR')).access_token;
    const first = async (table: string) => {
      const { rows } = (await t.db.execute(sql`select min(id) as id from ${sql.identifier(table)}`)) as unknown as { rows: { id: number }[] };
      return Number(rows[0].id);
    };
    ids.student = await first('students');
    ids.cashier = await first('cashiers');
    ids.employee = t.demo('DIRECTOR').id;
  });

  const idFor = (path: string) => (/casher|handover/.test(path) ? ids.cashier : /tasks\/all/.test(path) ? ids.employee : ids.student);

  it('never takes the host of a link from the request', async () => {
    const endpoints = pagedEndpoints(listEndpoints(t.app));
    expect(endpoints.length).toBeGreaterThan(30);
    const problems: string[] = [];
    let linked = 0;
    for (const e of endpoints) {
      const query = sampleFor(e.schemas.query!, { page: 2, page_size: 1, ...(e.path.includes('comments/all') ? { target: 'student' } : {}) });
      const path = hasPathId(e.path) ? fillPath(e.path, idFor(e.path)) : e.path;
      const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
      // app.request with an absolute URL is what the Node adapter builds from the Host header.
      const res = await t.app.request(`http://${FORGED}${path}?${qs}`, {
        headers: { authorization: `Bearer ${token}`, host: FORGED, 'x-forwarded-host': FORGED },
      });
      const text = await res.text();
      if (res.status !== 200) {
        problems.push(`${e.path}: ${res.status} ${text.slice(0, 120)}`);
        continue;
      }
      const body = JSON.parse(text) as { previous?: string | null; next?: string | null };
      if (text.includes(FORGED)) problems.push(`${e.path}: the answer names the forged host: ${body.previous}`);
      if (!('previous' in body)) continue;
      linked += 1;
      // Page 2 always links back to page 1, as a path below the API (same origin as the app).
      if (typeof body.previous !== 'string' || !body.previous.startsWith(`${path}?`) || new URLSearchParams(body.previous.split('?')[1]).get('page') !== '1')
        problems.push(`${e.path}: previous is ${body.previous}`);
    }
    expect(problems).toEqual([]);
    expect(linked).toBeGreaterThan(30);
  });

  it('keeps the other query parameters and the path in a relative link', async () => {
    const res = await t.call('GET', '/api/subjects/?page_size=1&is_archived=false', { token, headers: { host: FORGED } });
    expect(res.status).toBe(200);
    expect(res.json.previous).toBeNull();
    expect(res.json.next).toBe('/api/subjects/?page_size=1&is_archived=false&page=2');
  });
});
