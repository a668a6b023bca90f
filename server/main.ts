// Entry point: config → open the database → migrate → signing secret → demo seed → serve.
// `npm start` runs it bundled (dist-server/main.mjs, scripts/serverBundle.mjs); `npm run dev` through tsx.
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { createApp } from './app';
import { ensureJwtSecret } from './auth/secret';
import { configFromEnv } from './config';
import { migrate, openDb, postgresHandle } from './db/client';
import { withSqlTrace } from './db/sqlTrace';
import { employees } from './db/schema';
import { DEMO_SIGN_INS, formatSignIns, seedDemoIfEmpty } from './seed/demo';
import { scheduleFreezes } from './jobs/studentFreezes';
import { scheduleCharges } from './jobs/billing';
import { scheduleTaskReminders } from './jobs/taskReminders';
import { scheduleStudentCountFold } from './jobs/studentCounts';
import { scheduleFeeReminders, scheduleMessageSender } from './jobs/parentMessages';
import { paymentLinkOf } from './domain/payments/links';
import { smsProviderFrom, telegramFrom } from './messaging/providers';
import { startTelegramPolling } from './jobs/telegramUpdates';
import { systemClock } from './domain/core/clock';
import { PROCESS_HOLDER, releaseRuns } from './jobs/runOnce';
import { describeErrorBriefly } from './log/redact';

const config = configFromEnv();
const handle = await openDb(config);
await migrate(handle.db);
await ensureJwtSecret(handle.db, config.jwtSecret);

let demoAccounts = false;
if (config.demo) {
  const seeded = await seedDemoIfEmpty(handle.db, config.scryptN, systemClock.now());
  if (seeded) console.log('Seeded the demo centre (set DEMO=0 to start with an empty database).');
  const [director] = await handle.db
    .select({ id: employees.id })
    .from(employees)
    .where(eq(employees.phone, DEMO_SIGN_INS[0].phone));
  demoAccounts = Boolean(director);
}

const clock = systemClock;
if (config.testClockHeader) console.warn('TEST_CLOCK_HEADER is on: requests may set their own time with X-Test-Now. For browser tests only.');
// The heavy reads' replica (DATABASE_REPLICA_URL): a short connect timeout, so one that is down costs a report
// two seconds once per connection attempt before it falls back to the primary (server/db/replica.ts).
const replica = config.databaseReplicaUrl ? postgresHandle(config.databaseReplicaUrl, { connectionTimeoutMillis: 2000, application_name: 'markaz-replica', max: config.databasePoolMax }) : null;
const app = createApp({ db: handle.db, config, clock, replica: replica?.db ?? null });
// Scheduled freezes start and finished ones end: now, then every ten minutes.
const stopFreezes = scheduleFreezes(handle.db, clock);
// Charges of the last 40 days re-synced (a safety net behind the writes that sync them): now, then every ten minutes.
const stopCharges = scheduleCharges(handle.db, clock);
// Performers of tasks that became overdue are notified once: now, then every minute.
const stopTaskReminders = scheduleTaskReminders(handle.db, config.localesDir, clock);
const stopStudentCountFold = scheduleStudentCountFold(handle.db, clock);
// Messages to parents go to the SMS gateway: now, then every 30 seconds; not at all without gateway keys.
const smsProvider = smsProviderFrom(config);
if (!smsProvider) console.log('SMS to parents: no gateway configured (ESKIZ_EMAIL, ESKIZ_PASSWORD), messages are not sent.');
const telegram = telegramFrom(config);
const stopMessageSender = scheduleMessageSender(handle.db, smsProvider, clock, undefined, telegram?.chats ?? null);
// Fee reminders of the branches that switched them on: now, then every hour (once per student and month).
const stopFeeReminders = scheduleFeeReminders(handle.db, clock, undefined, paymentLinkOf(config));
// The parents' Telegram bot reads its updates by long polling unless a webhook secret is set.
const stopTelegramPolling = startTelegramPolling(handle.db, telegram, clock);
const server = serve({ fetch: withSqlTrace(app.fetch), port: config.port }, (info) => {
  console.log(`Markaz is running at http://localhost:${info.port}`);
  console.log(`Database: ${handle.kind === 'pglite' ? `PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}${replica ? ', heavy reads on the replica (DATABASE_REPLICA_URL)' : ''}`);
  // job_runs.holder names the process that ran a job's period: the log says which one this is.
  console.log(`Background jobs run as ${PROCESS_HOLDER} (job_runs.holder)`);
  if (demoAccounts) console.log(`\nDemo sign-ins (unless their passwords were changed):\n${formatSignIns()}\n`);
});

// Idle keep-alive connections stay open longer than a client or a proxy in front keeps them (Node closes them after
// 5 s by default): a client that reuses a connection at the instant the server closes it gets ECONNRESET, which
// browsers retry but other clients (a proxy, an integration, the test runner) may not. Proxies such as nginx and
// load balancers idle out at 60 s at most, so they always close first.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: shutting down`);
  // Idle keep-alive connections would hold close() open; give requests in flight five seconds.
  const force = setTimeout(() => process.exit(1), 5000);
  force.unref();
  stopFreezes();
  stopCharges();
  stopTaskReminders();
  stopStudentCountFold();
  stopMessageSender();
  stopFeeReminders();
  stopTelegramPolling();
  server.close();
  if ('closeIdleConnections' in server) server.closeIdleConnections();
  try {
    // A job cut short by the stop would otherwise block its next period for two periods (jobs/runOnce.ts).
    await releaseRuns(handle.db, clock.now()).catch((err: unknown) => console.error('job runs not released:', describeErrorBriefly(err)));
    // An open PGlite keeps Node alive and must be closed to flush its data directory.
    await replica?.close();
    await handle.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
