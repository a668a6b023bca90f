// The money issue's finance report: GET /finance/report/ (JSON) and GET /finance/report/excel/ (a sheet per
// breakdown), for one branch in scope or all of the user's branches, behind the finance_report page.
import { Hono } from 'hono';
import { financeReportQuery, financeReport as financeReportAnswer } from '../../contract/financeReport';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { financeReport } from '../domain/finance/report';
import type { AppDeps, AppEnv } from '../http/context';
import { requestLang } from '../http/i18n';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { answers, answersFile } from '../http/answers';

export function financeReportRoutes(deps: AppDeps) {
  const page = requirePage('finance_report');
  return new Hono<AppEnv>({ strict: false })
    .get('/report/excel', page, validate('query', financeReportQuery), answersFile('xlsx'), async (c) => {
      const query = c.req.valid('query');
      const report = await deps.reports(async () => financeReport(await deps.heavyReads(c.get('user').id), c.get('user'), query, nowOf(c), deps.db));
      // Loaded on first use: exceljs and docx add ~40 MB to the server's memory (scripts/serverBundle.mjs).
      const bytes = await (await import('../domain/finance/reportSheet')).reportWorkbookBytes(report, requestLang(c));
      return c.body(bytes, 200, {
        'content-type': XLSX_MIME,
        'content-disposition': `attachment; filename="moliya-hisoboti-${query.start_date}-${query.end_date}.xlsx"`,
        'cache-control': 'no-store',
      });
    })
    .get('/report', page, validate('query', financeReportQuery), answers(financeReportAnswer), async (c) => c.json(await deps.reports(async () => financeReport(await deps.heavyReads(c.get('user').id), c.get('user'), c.req.valid('query'), nowOf(c), deps.db))));
}
