// The Hono app: /api (public sign-in routes, then the access-token gate, then every area), then the
// translation files and the built single-page app.
import { Hono } from 'hono';
import pLimit from 'p-limit';
import { dummyHash } from './auth/password';
import { ensureJwtSecret } from './auth/secret';
import { createTokenService, type TokenService } from './auth/tokens';
import type { Config } from './config';
import type { Db } from './db/client';
import { heavyReads, rememberWrites } from './db/replica';
import { systemClock, type Clock } from './domain/core/clock';
import type { AppDeps, AppEnv } from './http/context';
import { notFound } from './domain/core/errors';
import { handleError } from './http/handleError';
import { requireAuth } from './http/requireAuth';
import { serverTiming } from './http/serverTiming';
import { compression } from './http/compression';
import { securityHeaders } from './http/securityHeaders';
import { staticRoutes } from './http/staticFiles';
import { TEST_NOW_HEADER, requestInstant } from './http/testClock';
import { authRoutes, publicAuthRoutes } from './routes/auth';
import { filialRoutes } from './routes/branches';
import { notificationRoutes } from './routes/notifications';
import { subjectRoutes } from './routes/catalogueSubjects';
import { v2SubjectRoutes } from './routes/catalogueOrdering';
import { courseRoutes } from './routes/catalogueCourses';
import { homeworkRoutes } from './routes/catalogueHomework';
import { roomRoutes } from './routes/rooms';
import { groupRoutes, v2GroupRoutes } from './routes/groups';
import { scheduleRoutes } from './routes/groupSchedule';
import { addGroupRoutes } from './routes/groupMembers';
import { attendanceRoutes } from './routes/lessonAttendance';
import { lessonRoutes } from './routes/lessons';
import { placementTestRoutes } from './routes/placementTests';
import { resultRoutes } from './routes/studentResults';
import { studentGroupsV2Routes } from './routes/groupMemberPrices';
import { studentRoutes } from './routes/students';
import { marketingRoutes } from './routes/marketing';
import { leadRoutes } from './routes/leads';
import { firstLessonRoutes } from './routes/leadFirstLessons';
import { archivedLeadRoutes, leadDownloadRoutes } from './routes/leadDownloads';
import { logRoutes } from './routes/auditLogs';
import { studentStatusRoutes } from './routes/studentStatus';
import { archiveRoutes, archivedStudentRoutes } from './routes/studentArchives';
import { commentRoutes } from './routes/comments';
import { financeSalesRoutes, studentBillingRoutes } from './routes/financeSales';
import { financeDebtorRoutes } from './routes/financeDebtors';
import { financeReportRoutes } from './routes/financeReport';
import { reportRoutes } from './routes/reports';
import { financeCashierRoutes } from './routes/financeCashiers';
import { financeHandoverRoutes } from './routes/financeHandovers';
import { financeStatsRoutes } from './routes/financeStatistics';
import { financeEntryRoutes } from './routes/financeEntries';
import { shopRoutes } from './routes/shop';
import { bonusRoutes } from './routes/shopBonuses';
import { employeeRoutes, publicEmployeePhotoRoutes } from './routes/employees';
import { taskRoutes } from './routes/tasks';
import { timetrackerRoutes } from './routes/timetracker';
import { monitoringRoutes } from './routes/monitoring';
import { salaryRoutes } from './routes/salary';
import { mentionRoutes } from './routes/commentMentions';
import { openApiRoutes } from './routes/openapi';
import { paymentStaffRoutes, providerPaymentRoutes } from './routes/payments';
import { messageRoutes, publicMessageRoutes } from './routes/messages';
import { telegramFrom } from './messaging/providers';
import { studentTelegramRoutes, telegramWebhookRoutes } from './routes/telegram';
import { publicLeadRoutes } from './routes/publicLeads';
import { leadKeyRoutes } from './routes/leadKeys';
import { importRoutes } from './routes/imports';

/** The token service, created on first use; a failed attempt (database down) is retried next time. */
/** Whole-period reports running at once per process (AppDeps.reports); two keep both cores busy on a small server. */
export const REPORT_CONCURRENCY = 2;
/** Spreadsheet imports parsing at once per process (AppDeps.imports). */
export const IMPORT_CONCURRENCY = 2;

function lazyTokens(db: Db, config: Config): () => Promise<TokenService> {
  let pending: Promise<TokenService> | undefined;
  return () => {
    pending ??= ensureJwtSecret(db, config.jwtSecret)
      .then((secret) => createTokenService(secret, { access: config.accessTtl, refresh: config.refreshTtl }))
      .catch((err: unknown) => {
        pending = undefined;
        throw err;
      });
    return pending;
  };
}

/** `replica`: the read replica's handle (DATABASE_REPLICA_URL), for the heavy reads. */
export function createApp({ db, config, clock = systemClock, replica = null }: { db: Db; config: Config; clock?: Clock; replica?: Db | null }) {
  const deps: AppDeps = {
    db,
    config,
    tokens: lazyTokens(db, config),
    reports: pLimit(REPORT_CONCURRENCY),
    imports: pLimit(IMPORT_CONCURRENCY),
    heavyReads: heavyReads(db, replica, config.replicaMaxLagSeconds),
    clock,
    telegram: telegramFrom(config),
  };
  // Made now rather than on the first unknown phone, so that answer is never slower than a wrong password.
  void dummyHash(config.scryptN);

  // Registration order matters: a route that answers ends the chain, so the public routes never reach
  // requireAuth, and an unknown /api path meets requireAuth (401) before the final 404.
  const api = new Hono<AppEnv>({ strict: false })
    .route('/auth', publicAuthRoutes(deps))
    .route('/api/employees', publicEmployeePhotoRoutes(deps))
    .route('/openapi.json', openApiRoutes(() => app))
    // The payment providers call these with their own credentials (Payme's Basic key, Click's signature).
    .route('/payments', providerPaymentRoutes(deps))
    .route('/messages', publicMessageRoutes(deps))
    .route('/telegram', telegramWebhookRoutes(deps))
    // The centre's website posts leads with a branch's key (issue 18 §3).
    .route('/public', publicLeadRoutes(deps))
    .use('*', requireAuth(deps))
    // With a replica, each write is remembered so its author's next heavy reads see it (db/replica.ts).
    .use('*', replica ? rememberWrites(db) : (_c, next) => next())
    .route('/auth', authRoutes(deps))
    .route('/notifications', notificationRoutes(deps))
    .route('/filial', filialRoutes(deps))
    .route('/filial', leadKeyRoutes(deps))
    .route('/import', importRoutes(deps))
    .route('/subjects', subjectRoutes(deps))
    .route('/api/v2/subjects', v2SubjectRoutes(deps))
    .route('/homework', homeworkRoutes(deps))
    .route('/courses', courseRoutes(deps))
    .route('/groups', roomRoutes(deps))
    .route('/groups', groupRoutes(deps))
    .route('/api/v2/groups', v2GroupRoutes(deps))
    .route('/schedule', scheduleRoutes(deps))
    .route('/add-group', addGroupRoutes(deps))
    .route('/lessons', lessonRoutes(deps))
    .route('/lessons', attendanceRoutes(deps))
    .route('/results', resultRoutes(deps))
    .route('/api/v2/studentgroups', studentGroupsV2Routes(deps))
    .route('/tests', placementTestRoutes(deps))
    .route('/students', studentBillingRoutes(deps))
    .route('/students', studentRoutes(deps))
    .route('/students', studentTelegramRoutes(deps))
    .route('/api/v2/students', studentStatusRoutes(deps))
    .route('/api/archives', archiveRoutes(deps))
    .route('/comments', mentionRoutes(deps))
    .route('/comments', commentRoutes(deps))
    .route('/marketing', marketingRoutes(deps))
    .route('/lid', leadDownloadRoutes(deps))
    .route('/lid', leadRoutes(deps))
    .route('/archived', archivedLeadRoutes(deps))
    .route('/archived', archivedStudentRoutes(deps))
    .route('/logs', logRoutes(deps))
    .route('/api/first_lessons', firstLessonRoutes(deps))
    .route('/finance', financeSalesRoutes(deps))
    .route('/finance', financeDebtorRoutes(deps))
    .route('/finance', financeReportRoutes(deps))
    .route('/reports', reportRoutes(deps))
    // The ledger's routes after the other /finance areas: its generic /finance/ and /finance/{id}/reverse/ last.
    .route('/finance', financeCashierRoutes(deps))
    .route('/finance', financeHandoverRoutes(deps))
    .route('/finance', financeStatsRoutes(deps))
    .route('/finance', financeEntryRoutes(deps))
    .route('/shop', shopRoutes(deps))
    .route('/bonus', bonusRoutes(deps))
    .route('/api/employees', employeeRoutes(deps))
    .route('/tasks', taskRoutes(deps))
    .route('/timetracker', timetrackerRoutes(deps))
    .route('/monitoring', monitoringRoutes(deps))
    .route('/salary', salaryRoutes(deps))
    .route('/payments', paymentStaffRoutes(deps))
    .route('/messages', messageRoutes(deps))
    .all('*', () => {
      throw notFound();
    });

  const app = new Hono<AppEnv>({ strict: false });
  if (config.requestTiming) app.use('*', serverTiming());
  app.use('*', securityHeaders());
  // gzip for clients that ask (the app's JS shrinks to about a third on the wire), on the thread pool.
  app.use('*', compression());
  app.use('*', async (c, next) => {
    c.set('config', config);
    c.set('now', requestInstant(clock, config, c.req.header(TEST_NOW_HEADER)));
    await next();
  });
  // A path holding U+0000 (`%00`) names nothing, and PostgreSQL text cannot store it (the idempotency record
  // keeps the path): 404 before anything runs.
  app.use('/api/*', async (c, next) => {
    if (c.req.path.includes('\u0000')) throw notFound();
    await next();
  });
  app.route('/api', api);
  app.route('/', staticRoutes(config));
  app.onError(handleError);
  return app;
}

export type App = ReturnType<typeof createApp>;
