// API test harness: the real app over a fresh, migrated and demo-seeded database, either PGlite in memory or a
// throw-away database on the local PostgreSQL, copied from the run's template (globalSetup.ts). Requests go
// through app.request(), no network; every JSON success answer is checked against the schema its route declares
// (answerCheck.ts): a mismatch throws, naming the operation and the place in the body.
//
//   describe.each(backends())('%s', (backend) => {
//     const t = useTestApp(backend);            // beforeAll: copy the seeded template; afterAll: close + drop
//     it('...', async () => { const { access_token } = await t.signInAs('TEACHER'); ... });
//   });
//
// Time: the app reads "now" from a Clock (server/domain/core/clock.ts). By default the real one; a file that needs to
// stand at a given instant passes its own and moves it:
//
//     const clock = testClock('2026-11-18T11:46:00+05:00');
//     const t = useTestApp(backend, { clock, env: REAL_LOCALES });
//     clock.set(lessonStartsAt(date, '16:00')); clock.advance(60_000);
//     await t.runJobs();                        // the freeze, billing, reminder and parent-message jobs at the clock's instant
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createPglite } from '../../server/db/pglite';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { planBackends, type Backend } from './backendPlan';
import type { Role } from '../../contract/roles';
import { defaultPagesFor } from '../../contract/roles';
import { createApp, type App } from '../../server/app';
import { manualClock, systemClock, type Clock, type ManualClock } from '../../server/domain/core/clock';
import { centreToday } from '../../server/domain/lessons/dates';
import { applyCharges, type BillingJobResult } from '../../server/jobs/billing';
import { applyFreezes, type FreezeJobResult } from '../../server/jobs/studentFreezes';
import { remindOverdueTasks } from '../../server/jobs/taskReminders';
import { queueFeeReminders } from '../../server/domain/messages/feeReminders';
import { paymentLinkOf } from '../../server/domain/payments/links';
import { type SendRun, sendWaitingMessages } from '../../server/domain/messages/sender';
import { smsProviderFrom, telegramFrom } from '../../server/messaging/providers';
import { hashPassword } from '../../server/auth/password';
import { configFromEnv, type Config } from '../../server/config';
import { migrate, pgliteHandle, postgresHandle, type Db, type DbHandle } from '../../server/db/client';
import { auditLog, filials } from '../../server/db/schema';
import { insertEmployee } from '../../server/domain/staff/employeeInsert';
import { DEMO_SIGN_INS, seedDemoIfEmpty, type DemoSignIn } from '../../server/seed/demo';
import { answerProblem } from './answerCheck';
import { ADMIN_URL, TEST_SCRYPT_N, adminQuery, databaseUrl, readTemplate } from './templates';

export type { Backend };

export const TEST_SECRET = 'api-tests-signing-secret-0123456789abcdef';
const fixture = (p: string) => fileURLToPath(new URL(`./fixtures/${p}`, import.meta.url));

/** Test configuration: cheap scrypt, a fixed secret, fixture locales and build; `env` overrides any of it. */
export function testConfig(env: Record<string, string> = {}): Config {
  return configFromEnv({
    JWT_SECRET: TEST_SECRET,
    SCRYPT_N: String(TEST_SCRYPT_N),
    // The tests play the proxy: each sign-in sends its own X-Forwarded-For so the per-address limit stays apart.
    TRUST_PROXY: '1',
    DEMO: '1',
    LOCALES_DIR: fixture('locales'),
    STATIC_DIR: fixture('build'),
    ...env,
  });
}

/**
 * The backends to run: always PGlite; PostgreSQL when globalSetup could reach it. On CI (CI=true) an
 * unreachable PostgreSQL fails globalSetup, so the tests never pass on half the backends.
 */
const available: Backend[] = inject('postgresTemplate') ? ['pglite', 'postgres'] : ['pglite'];
if (available.length === 1) console.warn(`PostgreSQL at ${ADMIN_URL} is unreachable: running the API tests on PGlite only.`);

/**
 * The backends the calling test file runs on (tests/api/backendPlan.ts). A function, read by each file as it is
 * collected: the API files share their modules within a worker (no isolation), so a constant would keep the
 * first file's answer.
 */
export function backends(): Backend[] {
  return planBackends(expect.getState().testPath ?? '', available, process.env.API_BACKENDS);
}

/** A migrated, empty database on the backend; drop() closes and removes it. */
export async function openTestDb(backend: Backend): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const handle = pgliteHandle(await createPglite());
    await migrate(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const name = `markaz_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const handle = postgresHandle(databaseUrl(name));
  await migrate(handle.db);
  return {
    handle,
    drop: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/** A copy of the run's migrated, demo-seeded template (globalSetup); drop() closes and removes it. */
export async function openSeededTestDb(backend: Backend): Promise<{ handle: DbHandle; drop(): Promise<void> }> {
  if (backend === 'pglite') {
    const handle = pgliteHandle(await createPglite(undefined, { loadDataDir: readTemplate(inject('pgliteTemplate')) }));
    return { handle, drop: () => handle.close() };
  }
  const template = inject('postgresTemplate');
  if (!template) throw new Error(`PostgreSQL at ${ADMIN_URL} was unreachable when the test run started`);
  const name = `markaz_t_${randomBytes(6).toString('hex')}`;
  // A template can be copied by one session at a time; files starting together retry briefly.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(`create database ${name} template ${template}`);
      break;
    } catch (err) {
      if (attempt >= 50 || !/being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const handle = postgresHandle(databaseUrl(name));
  return {
    handle,
    drop: async () => {
      await handle.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

export type CallOptions = {
  token?: string;
  /** Sent as JSON with a JSON content type. */
  body?: unknown;
  /** Sent as is (with a JSON content type unless headers say otherwise). */
  rawBody?: string;
  headers?: Record<string, string>;
};

export type CallResult = { status: number; headers: Headers; text: string; json: any };

/** A clock that stands still until the test sets or advances it. */
export const testClock = (start?: string | Date): ManualClock => manualClock(start);

export type TestApp = {
  app: App;
  db: Db;
  config: Config;
  /** The app's clock (the real time unless the file passed its own). */
  clock: Clock;
  /**
   * Runs the server's timed jobs once at the clock's instant, as main.ts schedules them: freezes start and end,
   * charges re-synced over the job's window, overdue tasks reminded. A simulation calls it after moving the clock.
   */
  runJobs(): Promise<{ freezes: FreezeJobResult; charges: BillingJobResult; reminded: number[]; feeReminders: number[]; messages: SendRun }>;
  call(method: string, path: string, options?: CallOptions): Promise<CallResult>;
  signIn(phone: string, password: string, headers?: Record<string, string>): Promise<{ access_token: string; refresh_token: string }>;
  signInAs(role: Role): Promise<{ access_token: string; refresh_token: string }>;
  /** The demo employee of a role (ids follow DEMO_SIGN_INS order: the director is 1). */
  demo(role: Role): DemoSignIn & { id: number };
  addEmployee(input: { role: Role; phone: string; password: string; fullName: string; filials: string[] }): Promise<number>;
  filialId(name: string): Promise<number>;
  lastAudit(action: string, entityId?: string | number): Promise<typeof auditLog.$inferSelect | undefined>;
};

export async function call(app: App, method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  if (options.body !== undefined) body = JSON.stringify(options.body);
  if (options.rawBody !== undefined) body = options.rawBody;
  if (body !== undefined && !headers.has('content-type')) headers.set('content-type', 'application/json');
  const res = await app.request(path, { method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  const problem = await answerProblem(app, method, path, res.status, res.headers.get('content-type') ?? '', json);
  if (problem) throw new Error(problem);
  return { status: res.status, headers: res.headers, text, json };
}

/** Builds a TestApp over an open database (seeding the demo centre into it if empty). */
export async function makeTestApp(db: Db, config: Config = testConfig(), clock: Clock = systemClock): Promise<TestApp> {
  await seedDemoIfEmpty(db, config.scryptN, clock.now());
  const app = createApp({ db, config, clock });
  // The SMS gateway of the configuration (a test passes ESKIZ_* pointing at tests/fakes/eskiz.ts), else none.
  const smsProvider = smsProviderFrom(config);
  const t: TestApp = {
    app,
    db,
    config,
    clock,
    async runJobs() {
      const now = clock.now();
      const freezes = await applyFreezes(db, centreToday(now));
      const charges = await applyCharges(db, now);
      const reminded = await remindOverdueTasks(db, config.localesDir, now);
      const feeReminders = await queueFeeReminders(db, now, paymentLinkOf(config));
      const messages = await sendWaitingMessages(db, smsProvider, clock, undefined, telegramFrom(config)?.chats ?? null);
      return { freezes, charges, reminded, feeReminders, messages };
    },
    call: (method, path, options) => call(app, method, path, options),
    async signIn(phone, password, headers) {
      const res = await t.call('POST', '/api/auth/token', { body: { phone, password }, headers });
      if (res.status !== 200) throw new Error(`sign-in as ${phone} failed: ${res.status} ${res.text}`);
      return res.json;
    },
    signInAs: (role) => t.signIn(t.demo(role).phone, t.demo(role).password),
    demo(role) {
      const index = DEMO_SIGN_INS.findIndex((s) => s.role === role);
      return { ...DEMO_SIGN_INS[index], id: index + 1 };
    },
    async addEmployee(input) {
      const ids = await Promise.all(input.filials.map((name) => t.filialId(name)));
      const passwordHash = await hashPassword(input.password, config.scryptN);
      return db.transaction((tx) =>
        insertEmployee(tx, {
          fullName: input.fullName,
          phone: input.phone,
          passwordHash,
          role: input.role,
          filialIds: ids,
          pages: defaultPagesFor(input.role),
        }),
      );
    },
    async filialId(name) {
      const [row] = await db.select({ id: filials.id }).from(filials).where(eq(filials.name, name));
      if (!row) throw new Error(`no branch ${name}`);
      return row.id;
    },
    async lastAudit(action, entityId) {
      const [row] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, action), entityId === undefined ? undefined : eq(auditLog.entityId, String(entityId))))
        .orderBy(desc(auditLog.id))
        .limit(1);
      return row;
    },
  };
  return t;
}

export type TestAppOptions = {
  /** Environment overrides for the configuration (as the plain second argument). */
  env?: Record<string, string>;
  /** The app's clock, e.g. testClock(...): requests read their instant from it. */
  clock?: Clock;
};

const isOptions = (o: Record<string, string> | TestAppOptions): o is TestAppOptions =>
  typeof (o as TestAppOptions).clock === 'object' || typeof (o as TestAppOptions).env === 'object';

/**
 * Opens a fresh database on the backend for the enclosing describe block and tears it down after. The returned
 * object is filled in by beforeAll, so read its fields inside tests only. The second argument is either
 * configuration overrides or `{ env, clock }`. The database is a copy of the template seeded at the real time
 * of the run; a test clock should stand near it (the demo's lessons are around this week).
 */
export function useTestApp(backend: Backend, options: Record<string, string> | TestAppOptions = {}): TestApp {
  const { env = {}, clock = systemClock } = isOptions(options) ? options : { env: options };
  const t = {} as TestApp;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await openSeededTestDb(backend);
    drop = opened.drop;
    Object.assign(t, await makeTestApp(opened.handle.db, testConfig(env), clock));
  });
  afterAll(async () => {
    await drop?.();
  });
  return t;
}

/** A fresh client address for tests that must not share sign-in throttling counters. */
let addressCounter = 0;
export function freshAddress(): Record<string, string> {
  addressCounter += 1;
  return { 'x-forwarded-for': `10.${process.pid % 250}.${Math.floor(addressCounter / 250)}.${addressCounter % 250}` };
}
