// Teacher salaries per month (issue 6, "Beyond the anchors"): GET /salary/?month=YYYY-MM&filial and the same as a
// workbook at GET /salary/excel/. Guarded by the employees page plus a role check (DIRECTOR, FILIAL_Manager,
// MULTIPLE_FILIAL_MANAGER; others 403), branch managers within their own branches (another branch: 404).
import { Hono } from 'hono';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { salaryQuery, salaryReport as salaryReportAnswer } from '../../contract/salary';
import { assertSalaryReader, salaryReport } from '../domain/salary/report';
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../http/context';
import { requestLang, translate } from '../http/i18n';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers, answersFile } from '../http/answers';

export function salaryRoutes(deps: AppDeps) {
  const pageCheck = requirePage('employees');
  const roleCheck: MiddlewareHandler<AppEnv> = async (c, next) => {
    assertSalaryReader(c.get('user'));
    await next();
  };
  const page = [pageCheck, roleCheck] as const;
  return new Hono<AppEnv>({ strict: false })
    .get('/excel', ...page, validate('query', salaryQuery), answersFile('xlsx'), async (c) => {
      const query = c.req.valid('query');
      const report = await salaryReport(deps.db, c.get('user'), query);
      const lang = requestLang(c);
      // Loaded on first use: exceljs and docx add ~40 MB to the server's memory (scripts/serverBundle.mjs).
      const bytes = await (await import('../domain/salary/sheet')).salaryWorkbookBytes(report, lang, (role) => translate(deps.config.localesDir, lang, `common.roles.${role}`));
      return c.body(bytes, 200, {
        'content-type': XLSX_MIME,
        'content-disposition': `attachment; filename="maosh-${query.month}.xlsx"`,
        'cache-control': 'no-store',
      });
    })
    .get('/', ...page, validate('query', salaryQuery), answers(salaryReportAnswer), async (c) => c.json(await salaryReport(deps.db, c.get('user'), c.req.valid('query'))));
}
