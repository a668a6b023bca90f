// The API fuzzer: request plans generated from the JSON Schemas of every operation of the OpenAPI document
// (seeded fast-check samples, one stream per operation, taken round-robin over a shuffled operation order so every
// operation gets its share and writes interleave), sent to the app one at a time, each answer checked: no 5xx, 4xx bodies in the error shape,
// and no write left behind by a 4xx. A run is a pure function of its seed and the starting database, so
// `FUZZ_SEED=<n>` replays it.
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import type { OpenApiDocument } from '../../server/openapi/finish';
import type { TestApp } from '../api/harness';
import { Actors } from './actors';
import { allowedWrites } from './allowedWrites';
import { errorShapeProblem } from './errorShape';
import { auditAppended, changedTables, fingerprint, fingerprintQuery, nextTransactionId, tableNames, type Fingerprint } from './fingerprint';
import { ExistingId, tableForKey, tableForParam } from './idTables';
import { type FuzzOperation, operationsOf, pathTemplateParams } from './operations';
import { requestPlanArbitrary, toQueryPairs, type RequestPlan } from './requestPlan';

export type FuzzOptions = {
  runs: number;
  seed: number;
  /** Only operations whose `METHOD path` matches (the document's path: `/api/groups/{id}`). */
  only?: RegExp;
  /** Stop after this many failures (the first one is usually enough to fix). */
  maxFailures?: number;
  /** Milliseconds a request may take before it counts as hung. */
  requestTimeout?: number;
};

/** What was sent, as a person would replay it with curl. */
export type SentRequest = {
  method: string;
  url: string;
  role: Role | 'anonymous' | 'bad-token';
  headers: Record<string, string>;
  body?: string;
};

export type FuzzFailure = { run: number; request: SentRequest; status: number; answer: string; problem: string };

export type FuzzReport = {
  seed: number;
  requests: number;
  endpoints: number;
  endpointsCovered: number;
  byStatus: Record<string, number>;
  /** Endpoints that never answered 2xx in the run: the fuzzer did not get past validation or guards there. */
  neverSucceeded: string[];
  seconds: number;
  /** Requests after which the database was fingerprinted (the others took no transaction id: no write). */
  fingerprints: number;
  slowest: { endpoint: string; ms: number }[];
  failures: FuzzFailure[];
};

const keyOf = (o: FuzzOperation) => `${o.method} ${o.path}`;

/** FNV-1a: a stable 32-bit number for a string. */
function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** A small seeded PRNG for the endpoint order (fast-check's own streams generate the requests). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** The order of requests: round r sends the r-th plan of every operation, operations shuffled per round. */
export function schedule<T>(endpoints: T[], runs: number, seed: number): { endpoint: T; index: number }[] {
  const random = mulberry32(seed);
  const rounds = Math.ceil(runs / Math.max(endpoints.length, 1));
  const out: { endpoint: T; index: number }[] = [];
  for (let r = 0; r < rounds && out.length < runs; r++) {
    for (const endpoint of shuffled(endpoints, random)) {
      if (out.length === runs) break;
      out.push({ endpoint, index: r });
    }
  }
  return out;
}

export function describeRequest(r: SentRequest): string {
  const headers = Object.entries(r.headers)
    .map(([k, v]) => `  ${k}: ${k === 'authorization' ? `Bearer <${r.role}>` : JSON.stringify(v).slice(0, 200)}`)
    .join('\n');
  const body = r.body === undefined ? '(no body)' : JSON.stringify(r.body.length > 2000 ? `${r.body.slice(0, 2000)}… (${r.body.length} chars)` : r.body);
  return `${r.method} ${r.url.length > 2000 ? `${r.url.slice(0, 2000)}…` : r.url}\n  as: ${r.role}\n${headers}\n  body: ${body}`;
}

export function describeFailure(f: FuzzFailure): string {
  const answer = f.answer.length > 1500 ? `${f.answer.slice(0, 1500)}…` : f.answer;
  return `run ${f.run}: ${f.problem}\n${describeRequest(f.request)}\n  → ${f.status} ${answer}`;
}

export async function fuzzApi(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as OpenApiDocument;
  const endpoints = operationsOf(doc).filter((e) => !options.only || options.only.test(keyOf(e)));
  const tables = await tableNames(t.db);
  const tableSet = new Set(tables);
  const query = fingerprintQuery(tables);
  const actors = new Actors(t);
  await actors.init();

  // One fast-check stream per endpoint, seeded from the run's seed and the endpoint's `METHOD path`, so a
  // replay narrowed with FUZZ_ONLY draws the same requests for the endpoints it keeps.
  const plan = schedule(endpoints, options.runs, options.seed);
  const perEndpoint = new Map<FuzzOperation, number>();
  for (const p of plan) perEndpoint.set(p.endpoint, Math.max(perEndpoint.get(p.endpoint) ?? 0, p.index + 1));
  const samples = new Map<FuzzOperation, RequestPlan[]>();
  for (const e of endpoints) {
    const n = perEndpoint.get(e);
    if (n) samples.set(e, fc.sample(requestPlanArbitrary(e, doc), { seed: (options.seed ^ hashString(keyOf(e))) | 0, numRuns: n }));
  }

  const byStatus: Record<string, number> = {};
  const succeeded = new Set<string>();
  const covered = new Set<string>();
  const durations = new Map<string, number>();
  const failures: FuzzFailure[] = [];
  const maxFailures = options.maxFailures ?? 10;
  // The state after the last request: its fingerprint and the next transaction id (unchanged id: no write).
  const snapshot = async () => ({ xid: await nextTransactionId(t.db), print: await fingerprint(t.db, query) });
  let before = await snapshot();
  let fingerprints = 0;

  for (const [run, { endpoint, index }] of plan.entries()) {
    if (failures.length >= maxFailures) break;
    const request = await resolve(t, actors, samples.get(endpoint)![index], tableSet);
    const sentAt = performance.now();
    const answer = await send(t, request, options.requestTimeout ?? 20_000);
    const ms = performance.now() - sentAt;
    const key = keyOf(endpoint);
    covered.add(key);
    durations.set(key, Math.max(durations.get(key) ?? 0, ms));
    byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
    if (answer.status >= 200 && answer.status < 300) succeeded.add(key);

    const xid = await nextTransactionId(t.db);
    const after = xid === before.xid ? before : { xid, print: await fingerprint(t.db, query) };
    if (after !== before) fingerprints += 1;
    const problem = await check(t, endpoint, request, answer, before.print, after.print);
    if (problem) failures.push({ run, request, status: answer.status, answer: answer.text, problem });

    // Keep the signed-in roles usable: a refused token is healed, and pages are re-read now and then since
    // fuzzed writes may change them. Healing signs in (a write), so the baseline is taken after it.
    let healed = false;
    if (answer.status === 401 && request.role !== 'anonymous' && request.role !== 'bad-token') {
      await actors.heal(request.role);
      healed = true;
    }
    if ((run + 1) % 100 === 0) {
      await actors.refreshAll();
      healed = true;
    }
    before = healed ? await snapshot() : after;
  }

  return {
    seed: options.seed,
    requests: Object.values(byStatus).reduce((a, b) => a + b, 0),
    endpoints: endpoints.length,
    endpointsCovered: covered.size,
    byStatus,
    neverSucceeded: [...covered].filter((k) => !succeeded.has(k)).sort(),
    seconds: (Date.now() - started) / 1000,
    fingerprints,
    slowest: [...durations.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([endpoint, ms]) => ({ endpoint, ms: Math.round(ms) })),
    failures,
  };
}

/** Turns a plan into a concrete request against the current database and signed-in roles. */
async function resolve(t: TestApp, actors: Actors, plan: RequestPlan, tables: ReadonlySet<string>): Promise<SentRequest> {
  const { operation: endpoint } = plan;
  let path = endpoint.path;
  for (const name of pathTemplateParams(endpoint.path)) {
    const choice = plan.params[name];
    const segment = choice.kind === 'raw' ? choice.segment : String(await existingId(t, tableForParam(endpoint.path, name, tables), choice.pick));
    path = path.replace(`{${name}}`, segment);
  }
  const lookup = (ref: ExistingId) => existingId(t, tableForKey(ref.key, tables), ref.pick);
  const query = [...toQueryPairs(await resolveIds(plan.query.value, lookup)), ...plan.query.extra];
  const url = query.length ? `${path}?${query.map(([k, v]) => `${k}=${v}`).join('&')}` : path;
  const headers: Record<string, string> = { ...plan.headers };
  let role: SentRequest['role'];
  const a = plan.actor;
  if (a.kind === 'anonymous') role = 'anonymous';
  else if (a.kind === 'bad-token') {
    role = 'bad-token';
    headers.authorization = `Bearer ${a.token}`;
  } else {
    const matching = actors.matching(endpoint.guards, a.kind === 'passing');
    const pool = matching.length ? matching : actors.all();
    const actor = pool[a.pick % pool.length];
    role = actor.role;
    headers.authorization = `Bearer ${actor.token}`;
  }
  let body: string | undefined;
  const b = plan.body;
  if (b.kind === 'json') body = JSON.stringify(await resolveIds(b.value, lookup));
  if (b.kind === 'raw') body = b.text;
  if (b.kind !== 'none' && b.contentType !== null && body !== undefined) headers['content-type'] = b.contentType;
  return { method: endpoint.method, url, role, headers, body };
}

/** The id of an existing row: the pick-th of the table's ids (wrapping), or a small number when unknown. */
async function existingId(t: TestApp, table: string | null, pick: number): Promise<number> {
  if (table) {
    try {
      const result = await t.db.execute(
        sql.raw(`select id from "${table}" order by id offset ${pick} % greatest((select count(*) from "${table}"), 1) limit 1`),
      );
      const row = (result as unknown as { rows: { id: number | string }[] }).rows[0];
      if (row) return Number(row.id);
    } catch {
      // A table without an integer id: fall back to a small number.
    }
  }
  return (pick % 60) + 1;
}

/** The value with every ExistingId replaced by a real row's id. */
async function resolveIds(value: unknown, lookup: (ref: ExistingId) => Promise<number>): Promise<unknown> {
  if (value instanceof ExistingId) return lookup(value);
  if (Array.isArray(value)) return Promise.all(value.map((v) => resolveIds(v, lookup)));
  if (typeof value === 'object' && value !== null) {
    // fromEntries keeps a `__proto__` key as a plain key, as JSON.parse on the server will.
    const entries = await Promise.all(Object.entries(value).map(async ([k, v]) => [k, await resolveIds(v, lookup)] as const));
    return Object.fromEntries(entries);
  }
  return value;
}

type Answer = { status: number; contentType: string | null; text: string };

async function send(t: TestApp, r: SentRequest, timeout: number): Promise<Answer> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<Answer>((resolve) => {
    timer = setTimeout(() => resolve({ status: 599, contentType: null, text: `no answer in ${timeout} ms` }), timeout);
  });
  const answered = (async (): Promise<Answer> => {
    const res = await t.app.request(r.url, { method: r.method, headers: r.headers, body: r.body });
    return { status: res.status, contentType: res.headers.get('content-type'), text: await res.text() };
  })();
  try {
    return await Promise.race([answered, hung]);
  } finally {
    clearTimeout(timer);
  }
}

async function check(t: TestApp, endpoint: FuzzOperation, r: SentRequest, answer: Answer, before: Fingerprint, after: Fingerprint): Promise<string | null> {
  if (answer.status >= 500) return `server error ${answer.status}`;
  if (answer.status < 400) return null;
  const shape = errorShapeProblem(answer.contentType, answer.text);
  if (shape) return `4xx body not in the error shape: ${shape}`;
  const changed = changedTables(before, after);
  if (!changed.length) return null;
  const allowed = allowedWrites({ method: r.method, path: endpoint.path, status: answer.status, headers: r.headers });
  const unexpected = changed.filter((table) => table !== 'audit_log' && !allowed.tables.has(table));
  if (unexpected.length) return `rejected with ${answer.status} but changed ${unexpected.join(', ')}`;
  if (changed.includes('audit_log')) {
    const appended = await auditAppended(t.db, before);
    if (appended === null) return `rejected with ${answer.status} but changed existing audit rows`;
    const foreign = appended.filter((action) => !allowed.auditActions.has(action));
    if (foreign.length) return `rejected with ${answer.status} but audited ${foreign.join(', ')}`;
  }
  return null;
}
