// Crash test: the real server (a child process) takes a burst of money and lead writes — student payments and cash
// handovers with Idempotency-Keys, lead stage moves — and is killed with SIGKILL in the middle of it. Started again
// on the same database (PGlite data directory or PostgreSQL database) it must still hold every write it had
// acknowledged (2xx), replay the stored answer for each acknowledged key, and no row may be half-written; every
// balance must equal the rows it sums (tests/faults/crashChecks.ts).
//
// Default: one kill in 500 writes per backend. SOAK=1 (or CRASH_KILLS=n, CRASH_WRITES=n): n kills of n writes each.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { LOCK_FILE } from '../../server/db/dataDirLock';
import { cashierBalances, cashiers, handovers, leadLogs, leads } from '../../server/db/schema';
import { DEMO_SIGN_INS } from '../../server/seed/demo';
import { checkAfterCrash } from '../faults/crashChecks';
import { leadsPerRound, makeOps, runUntilKill, send, signIn, type Outcome } from '../faults/crashLoad';
import { baseline, prepareCrashData } from '../faults/crashSetup';
import { openFaultDb } from '../faults/faultDb';
import { startServer, type ServerProcess } from '../faults/serverProcess';
import { backends, TEST_SECRET } from './harness';
import { TEST_SCRYPT_N } from './templates';

const soak = process.env.SOAK === '1';
const KILLS = Number(process.env.CRASH_KILLS ?? (soak ? 10 : 1));
const WRITES = Number(process.env.CRASH_WRITES ?? 500);
const CONCURRENCY = 12;
const director = DEMO_SIGN_INS[0];

const serverEnv = (dbEnv: Record<string, string>) => ({
  ...dbEnv,
  JWT_SECRET: TEST_SECRET,
  SCRYPT_N: String(TEST_SCRYPT_N),
  LOCALES_DIR: fileURLToPath(new URL('../../locales', import.meta.url)),
  STATIC_DIR: fileURLToPath(new URL('./fixtures/build', import.meta.url)),
});

/** After a restart: each acknowledged payment and handover replays its stored answer; each moved lead reads moved. */
async function expectAcknowledgedOverHttp(server: ServerProcess, token: string, outcomes: Outcome[]) {
  const acked = outcomes.filter((o) => o.state === 'acked');
  const wrong: unknown[] = [];
  for (let i = 0; i < acked.length; i += CONCURRENCY) {
    await Promise.all(
      acked.slice(i, i + CONCURRENCY).map(async (o) => {
        if (o.op.kind === 'lead') {
          const res = await fetch(`${server.url}/api/lid/${o.op.lead}`, { headers: { authorization: `Bearer ${token}` } });
          const lead = (await res.json()) as { stage?: string };
          if (res.status !== 200 || lead.stage !== 'KUTULMOQDA') wrong.push({ lead: o.op.lead, status: res.status, stage: lead.stage });
          return;
        }
        const res = await send(server.url, token, o.op);
        if (res.status !== o.status || res.headers.get('idempotent-replayed') !== 'true' || res.json?.id !== o.id) wrong.push({ key: o.op.key, status: res.status, id: res.json?.id, expected: o.id });
      }),
    );
  }
  expect(wrong).toEqual([]);
}

describe.each(backends())('SIGKILL during writes on %s', (backend) => {
  it(
    `loses no acknowledged write and leaves no half-written row (${KILLS} kill(s), ${WRITES} writes each)`,
    async () => {
      const db = await openFaultDb(backend, { pglite: inject('pgliteTemplate'), postgres: inject('postgresTemplate') });
      let server: ServerProcess | undefined;
      try {
        const { setup, base } = await db.use(async (d) => ({
          setup: await prepareCrashData(d, { branch: 'Chilonzor', cashiers: 4, leads: KILLS * leadsPerRound(WRITES), authorId: 1 }),
          base: await baseline(d),
        }));
        const env = serverEnv(db.env);
        const all: Outcome[] = [];
        const started = Date.now();
        server = await startServer(env);
        // PGlite: the server holds the data directory (one process per directory; backups and restores wait).
        if (db.dataDir) expect(readFileSync(join(db.dataDir, LOCK_FILE), 'utf8').trim()).toBe(String(server.child.pid));
        for (let round = 0; round < KILLS; round++) {
          const token = await signIn(server.url, director.phone, director.password);
          const ops = makeOps(setup, WRITES, round, round * leadsPerRound(WRITES));
          // Somewhere between 30% and 70% of the burst.
          const killAfter = Math.floor(WRITES * (0.3 + 0.4 * Math.random()));
          const running = server;
          let killed: Promise<void> | undefined;
          const outcomes = await runUntilKill(running.url, token, ops, { concurrency: CONCURRENCY, killAfter, kill: () => (killed = running.kill()) });
          await killed;
          expect(running.child.signalCode).toBe('SIGKILL');
          const refused = outcomes.filter((o) => o.state === 'refused');
          expect(refused, 'no write is refused before the kill').toEqual([]);
          all.push(...outcomes);

          server = await startServer(env);
          const fresh = await signIn(server.url, director.phone, director.password);
          await expectAcknowledgedOverHttp(server, fresh, outcomes);
          // A client that heard nothing retries with the same key: a stored answer, a fresh run (nothing had been
          // committed), or 409 while the key is pending; never a second row (checked below).
          for (const o of outcomes) {
            if (o.state !== 'unknown' || o.op.kind === 'lead') continue;
            const retry = await send(server.url, fresh, o.op);
            expect([201, 409], retry.text).toContain(retry.status);
          }
          console.info(
            `${backend} round ${round + 1}: killed after ${outcomes.filter((o) => o.state === 'acked').length} acknowledged writes, ${outcomes.filter((o) => o.state === 'unknown').length} in flight`,
          );
        }
        // The restarted server takes new writes.
        const token = await signIn(server.url, director.phone, director.password);
        const after = makeOps(setup, 1, KILLS, 0)[0];
        expect((await send(server.url, token, after)).status).toBe(201);
        await server.stop();
        server = undefined;

        // Then the checks are shown to see what they look for: half-written rows made by hand are reported.
        const { violations, figures, found } = await db.use(async (d) => {
          const checked = await checkAfterCrash(d, base, all, setup.leads);
          const [cashier, other] = setup.cashiers;
          const [{ filialId }] = await d.select({ filialId: cashiers.filialId }).from(cashiers).where(eq(cashiers.id, cashier));
          await d.insert(handovers).values({ filialId, fromCashierId: cashier, toCashierId: other, method: 'cash', amount: '1.00', authorId: 1 });
          const [still] = await d.select({ id: leads.id }).from(leads).where(and(inArray(leads.id, setup.leads), eq(leads.stage, 'YANGI_LEAD'))).limit(1);
          await d.insert(leadLogs).values({ leadId: still.id, actorId: 1, action: 'stage', fromStage: 'YANGI_LEAD', toStage: 'KUTULMOQDA' });
          await d.update(cashierBalances).set({ balance: sql`${cashierBalances.balance} + 1` }).where(eq(cashierBalances.cashierId, cashier));
          const lost: Outcome = { op: all.find((o) => o.op.kind === 'payment')!.op, state: 'acked', status: 201, id: 2_000_000_000 };
          const broken = await checkAfterCrash(d, base, [...all, lost], setup.leads);
          return { ...checked, found: broken.violations.map((v) => v.split(':')[0]) };
        });
        console.info(`${backend}: ${KILLS} kill(s), ${all.length} writes sent in ${Date.now() - started} ms; ${JSON.stringify(figures)}`);
        expect(violations).toEqual([]);
        expect(figures.acked).toBeGreaterThanOrEqual(KILLS * Math.floor(WRITES * 0.3));
        expect(found.sort()).toEqual([
          'acknowledged payment missing or different',
          'cashier balance differs from its entries or is negative',
          'handover without exactly its two entries',
          'handover without its audit entry',
          'lead move without its log row or audit entry, or the reverse',
        ]);
      } finally {
        await server?.kill();
        await db.drop();
      }
    },
    // Bounded: about a minute a kill on PGlite on an idle machine; the margin is for a busy one.
    120_000 + KILLS * 240_000,
  );
});
