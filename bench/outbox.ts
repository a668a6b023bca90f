// `npm run bench -- outbox`: the parents' outbox on PostgreSQL (issue 17). Two figures: how many messages a second
// the sender hands to a gateway (a local Eskiz, two senders at once, each message once), and whether 10,000 waiting
// messages slow the API's list endpoints (p50/p95 of the lists before and after, in-process requests).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp } from '../server/app';
import { configFromEnv } from '../server/config';
import { migrate, postgresHandle } from '../server/db/client';
import { filials, parentMessages, students } from '../server/db/schema';
import { manualClock } from '../server/domain/core/clock';
import { sendWaitingMessages } from '../server/domain/messages/sender';
import { eskizProvider } from '../server/messaging/eskiz';
import { seedDemoIfEmpty } from '../server/seed/demo';
import { startFakeEskiz } from '../tests/fakes/eskiz';
import { ADMIN_URL } from './dataset';
import type { OutboxResult } from './model';
import { summarize } from './stats';

const WAITING = 10_000;
const LISTS = ['/api/students/?page_size=30', '/api/lid/?page_size=30', '/api/finance/?page_size=30', '/api/messages/?page_size=30'];
const REPEATS = 60;

/** Runs one statement on the admin database (creating and dropping a bench's own database). */
export async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function runOutboxBench(log: (line: string) => void): Promise<OutboxResult> {
  const name = `markaz_bench_outbox_${randomBytes(4).toString('hex')}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = postgresHandle(url.toString());
  const eskiz = await startFakeEskiz();
  try {
    const db = handle.db;
    await migrate(db);
    // A weekday afternoon in Tashkent: no quiet hours.
    const clock = manualClock('2026-11-26T15:00:00+05:00');
    await seedDemoIfEmpty(db, 1024, clock.now());
    const config = configFromEnv({ JWT_SECRET: 'bench-outbox-secret-bench-outbox-secret', SCRYPT_N: '1024', DEMO: '1' });
    const app = createApp({ db, config, clock });
    const signIn = await app.request('/api/auth/token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ phone: '+998900000001', password: 'director' }) });
    const token = ((await signIn.json()) as { access_token: string }).access_token;

    const measure = async () => {
      const out: Record<string, { p50_ms: number; p95_ms: number }> = {};
      for (const path of LISTS) {
        const samples: number[] = [];
        for (let i = 0; i < REPEATS; i++) {
          const started = performance.now();
          const res = await app.request(path, { headers: { authorization: `Bearer ${token}` } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
          samples.push(performance.now() - started);
        }
        const s = summarize(samples);
        out[path] = { p50_ms: s.p50, p95_ms: s.p95 };
      }
      return out;
    };
    log('outbox: the lists with an empty outbox');
    const before = await measure();

    // 10,000 messages waiting for tomorrow (not due), spread over the demo students and branches.
    const studs = await db.select({ id: students.id, filialId: students.filialId }).from(students);
    const later = new Date(clock.now().getTime() + 86_400_000);
    for (let i = 0; i < WAITING; i += 1000) {
      await db.insert(parentMessages).values(
        Array.from({ length: Math.min(1000, WAITING - i) }, (_, k) => {
          const s = studs[(i + k) % studs.length];
          return { filialId: s.filialId, studentId: s.id, phone: '+998901234567', channel: 'sms' as const, event: 'debt' as const, sourceId: `bench:${i + k}`, text: `Hurmatli ota-ona, qarzdorlik ${i + k} so'm`, nextAttemptAt: later, createdAt: clock.now() };
        }),
      );
    }
    log(`outbox: the lists with ${WAITING} waiting messages`);
    const after = await measure();

    // All due now, no daily limit in the way: two senders at once until none is left.
    await db.update(filials).set({ messageDailyLimit: 1_000_000 });
    await db.update(parentMessages).set({ nextAttemptAt: clock.now() });
    const provider = eskizProvider({ baseUrl: eskiz.baseUrl, email: eskiz.email, password: eskiz.password, from: '4546' });
    log(`outbox: sending ${WAITING} messages with two senders`);
    const started = performance.now();
    const sender = async () => {
      let sent = 0;
      for (;;) {
        const run = await sendWaitingMessages(db, provider, clock);
        sent += run.sent;
        if (run.sent + run.failed + run.retrying === 0) return sent;
      }
    };
    const counts = await Promise.all([sender(), sender()]);
    const seconds = (performance.now() - started) / 1000;
    const handed = eskiz.sent.length;
    const distinct = new Set(eskiz.sent.map((m) => m.message)).size;
    return {
      date: new Date().toISOString(),
      backend: 'postgres',
      messages: WAITING,
      handed,
      duplicates: handed - distinct,
      senders: counts,
      seconds: Number(seconds.toFixed(2)),
      per_second: Math.round(handed / seconds),
      lists: LISTS.map((path) => ({ path, before: before[path], after: after[path] })),
    };
  } finally {
    await eskiz.close();
    await handle.close();
    await admin(`drop database if exists ${name} with (force)`);
  }
}
