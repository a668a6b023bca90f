// Issue 6 "Reports": GET /reports/admin/ and /reports/admin/excel/ (page admin_report), GET /reports/edu/ and
// /reports/edu/excel/ (page edu_report), for a period and one branch in scope or all of the user's branches. Our
// paths (the spec names none); the finance report stays at /finance/report/.
import { Hono } from 'hono';
import { adminReportQuery, adminReport as adminReportAnswer } from '../../contract/adminReport';
import { eduReportQuery, eduReport as eduReportAnswer } from '../../contract/eduReport';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { adminReport } from '../domain/reports/admin';
import { eduReport } from '../domain/reports/edu';
import type { AppDeps, AppEnv } from '../http/context';
import { requestLang } from '../http/i18n';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { centreToday } from '../domain/lessons/dates';
import { answers, answersFile } from '../http/answers';

const xlsx = (fileName: string) => ({
  'content-type': XLSX_MIME,
  'content-disposition': `attachment; filename="${fileName}"`,
  'cache-control': 'no-store',
});

export function reportRoutes(deps: AppDeps) {
  const admin = requirePage('admin_report');
  const edu = requirePage('edu_report');
  return new Hono<AppEnv>({ strict: false })
    .get('/admin/excel', admin, validate('query', adminReportQuery), answersFile('xlsx'), async (c) => {
      const query = c.req.valid('query');
      const report = await deps.reports(async () => adminReport(await deps.heavyReads(c.get('user').id), c.get('user'), query));
      // Loaded on first use: exceljs and docx add ~40 MB to the server's memory (scripts/serverBundle.mjs).
      return c.body(await (await import('../domain/reports/adminSheet')).adminWorkbookBytes(report, requestLang(c)), 200, xlsx(`admin-hisoboti-${query.start_date}-${query.end_date}.xlsx`));
    })
    .get('/admin', admin, validate('query', adminReportQuery), answers(adminReportAnswer), async (c) => c.json(await deps.reports(async () => adminReport(await deps.heavyReads(c.get('user').id), c.get('user'), c.req.valid('query')))))
    .get('/edu/excel', edu, validate('query', eduReportQuery), answersFile('xlsx'), async (c) => {
      const query = c.req.valid('query');
      const report = await deps.reports(async () => eduReport(await deps.heavyReads(c.get('user').id), c.get('user'), query, centreToday(nowOf(c))));
      return c.body(await (await import('../domain/reports/eduSheet')).eduWorkbookBytes(report, requestLang(c)), 200, xlsx(`talim-hisoboti-${query.start_date}-${query.end_date}.xlsx`));
    })
    .get('/edu', edu, validate('query', eduReportQuery), answers(eduReportAnswer), async (c) => c.json(await deps.reports(async () => eduReport(await deps.heavyReads(c.get('user').id), c.get('user'), c.req.valid('query'), centreToday(nowOf(c))))));
}
