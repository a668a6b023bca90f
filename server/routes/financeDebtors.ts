// The money issue's debtors: GET /finance/debtors/ (paged, biggest debt first, totals over every match) and
// GET /finance/debtors/excel/ (the same filters as an .xlsx), GET /finance/debtors/options/ (groups and teachers
// with debtors, for the filters: the cash pages do not read the group lists). Readable with any cash page or the finance report;
// never by teachers and assistants (money, and every group's students: docs/access-control.md), whatever their pages.
import { Hono } from 'hono';
import { DEBTORS_EXCEL_LIMIT, debtorOptionsQuery, debtorsFilters, debtorsQuery, debtorOptions as debtorOptionsAnswer, debtorsPage } from '../../contract/debtors';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { debtorOptions, findDebtors, listDebtors } from '../domain/finance/debtors';
import { centreToday } from '../domain/lessons/dates';
import type { AppDeps, AppEnv } from '../http/context';
import { requestLang } from '../http/i18n';
import { requirePageExcept } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { answers, answersFile } from '../http/answers';

export const DEBTOR_PAGES = ['cashiers_data', 'cashiers', 'finance_report'] as const;

export function financeDebtorRoutes(deps: AppDeps) {
  const page = requirePageExcept(['TEACHER', 'ASSISTANT'], ...DEBTOR_PAGES);
  return new Hono<AppEnv>({ strict: false })
    .get('/debtors/excel', page, validate('query', debtorsFilters), answersFile('xlsx'), async (c) => {
      const { totals, rows } = await findDebtors(deps.db, c.get('user'), c.req.valid('query'), DEBTORS_EXCEL_LIMIT, 0);
      // Loaded on first use: exceljs and docx add ~40 MB to the server's memory (scripts/serverBundle.mjs).
      const bytes = await (await import('../domain/finance/debtorsSheet')).debtorsWorkbookBytes(rows, totals, requestLang(c));
      return c.body(bytes, 200, {
        'content-type': XLSX_MIME,
        'content-disposition': `attachment; filename="qarzdorlar-${centreToday(nowOf(c))}.xlsx"`,
        'cache-control': 'no-store',
      });
    })
    .get('/debtors/options', page, validate('query', debtorOptionsQuery), answers(debtorOptionsAnswer), async (c) =>
      c.json(await debtorOptions(deps.db, c.get('user'), c.req.valid('query').filial)),
    )
    .get('/debtors', page, validate('query', debtorsQuery), answers(debtorsPage), async (c) => c.json(await listDebtors(deps.db, c.get('user'), c.req.valid('query'), c.req.url)));
}
