// What main.ts and the CLIs rely on: configuration, the signing secret, the demo seed and its reset, and the
// create-director rules.
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_KEYS } from '../../contract/roles';
import { ensureJwtSecret } from '../../server/auth/secret';
import { configFromEnv } from '../../server/config';
import type { Db } from '../../server/db/client';
import { appSettings, employeeFilials, employees, filials, notifications } from '../../server/db/schema';
import { createDirector } from '../../server/domain/staff/directors';
import { DEMO_SIGN_INS, resetData, seedDemoIfEmpty } from '../../server/seed/demo';
import { backends, makeTestApp, openTestDb, testConfig } from './harness';

describe('configFromEnv', () => {
  it('has the documented defaults', () => {
    const config = configFromEnv({});
    expect(config).toMatchObject({ port: 3000, accessTtl: 900, refreshTtl: 604800, demo: true, databaseUrl: undefined, jwtSecret: undefined, scryptN: 16384 });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.staticDir).toMatch(/\/dist$/);
  });

  it('reads overrides and refuses nonsense', () => {
    expect(configFromEnv({ DEMO: '0', PORT: '8080', DATABASE_URL: ' ', ACCESS_TTL: '60' })).toMatchObject({ demo: false, port: 8080, databaseUrl: undefined, accessTtl: 60 });
    expect(() => configFromEnv({ ACCESS_TTL: 'soon' })).toThrow(/ACCESS_TTL/);
    expect(() => configFromEnv({ SCRYPT_N: '1000' })).toThrow(/power of two/);
  });

  it('takes a read replica only beside PostgreSQL', () => {
    expect(configFromEnv({})).toMatchObject({ databaseReplicaUrl: undefined, replicaMaxLagSeconds: 30 });
    const both = { DATABASE_URL: 'postgres://a@primary/markaz', DATABASE_REPLICA_URL: 'postgres://a@replica/markaz', REPLICA_MAX_LAG: '5' };
    expect(configFromEnv(both)).toMatchObject({ databaseReplicaUrl: 'postgres://a@replica/markaz', replicaMaxLagSeconds: 5 });
    expect(() => configFromEnv({ DATABASE_REPLICA_URL: 'postgres://a@replica/markaz' })).toThrow(/needs DATABASE_URL/);
    expect(() => configFromEnv({ ...both, REPLICA_MAX_LAG: '0' })).toThrow(/REPLICA_MAX_LAG/);
  });
});

describe.each(backends())('setup on %s', (backend) => {
  let db: Db;
  let drop: () => Promise<void>;
  const scryptN = testConfig().scryptN;

  beforeAll(async () => {
    const opened = await openTestDb(backend);
    db = opened.handle.db;
    drop = opened.drop;
  });
  afterAll(() => drop());

  it('generates the signing secret once and keeps it; JWT_SECRET wins', async () => {
    const first = await ensureJwtSecret(db, undefined);
    expect(first.length).toBeGreaterThanOrEqual(43);
    expect(await ensureJwtSecret(db, undefined)).toBe(first);
    expect(await ensureJwtSecret(db, 'configured')).toBe('configured');
    expect(await db.select().from(appSettings)).toHaveLength(1);
  });

  it('seeds the demo centre once', async () => {
    expect(await seedDemoIfEmpty(db, scryptN)).toBe(true);
    expect(await seedDemoIfEmpty(db, scryptN)).toBe(false);
    expect((await db.select().from(filials)).map((f) => f.name)).toEqual(['Chilonzor', 'Yunusobod', 'Samarqand']);
    const staff = await db.select().from(employees).orderBy(employees.id);
    expect(staff.map((e) => e.phone)).toEqual(DEMO_SIGN_INS.map((s) => s.phone));
    expect(staff[0]).toMatchObject({ role: 'DIRECTOR', phone: '+998900000001' });
    const directorBranches = await db.select().from(employeeFilials).where(eq(employeeFilials.employeeId, staff[0].id));
    expect(directorBranches).toEqual([]);
    const [{ n }] = await db.select({ n: count() }).from(notifications);
    expect(n).toBe(5);
  });

  it('lets every demo employee sign in with the role as password', async () => {
    const t = await makeTestApp(db, testConfig());
    for (const s of DEMO_SIGN_INS) {
      expect(s.password).toBe(s.role.toLowerCase());
      await expect(t.signIn(s.phone, s.password), s.role).resolves.toHaveProperty('access_token');
    }
  });

  it('resets every table but the settings, then seeds again', async () => {
    await resetData(db);
    expect(await db.select().from(employees)).toEqual([]);
    expect(await db.select().from(appSettings)).toHaveLength(1);
    expect(await seedDemoIfEmpty(db, scryptN)).toBe(true);
    const [first] = await db.select().from(employees).orderBy(employees.id).limit(1);
    expect(first.id).toBe(1);
  });

  it('creates a director with every page, refusing weak passwords and taken phones', async () => {
    const input = { fullName: 'Yangi Direktor', phone: '+998 97 123 45 67', password: 'short' };
    await expect(createDirector(db, input, scryptN)).rejects.toThrow(/at least 8/);
    const id = await createDirector(db, { ...input, password: 'long-enough-1' }, scryptN);
    await expect(createDirector(db, { ...input, password: 'long-enough-1' }, scryptN)).rejects.toThrow(/already exists/);
    const t = await makeTestApp(db, testConfig());
    const { access_token: token } = await t.signIn('+998971234567', 'long-enough-1');
    const me = (await t.call('GET', '/api/auth/me', { token })).json;
    expect(me).toMatchObject({ id, role: 'DIRECTOR', filial: [] });
    expect(me.pages.filter((p: { is_readable: boolean }) => p.is_readable)).toHaveLength(PAGE_KEYS.length);
    expect(await t.lastAudit('employee.create', id)).toBeDefined();
  });
});
