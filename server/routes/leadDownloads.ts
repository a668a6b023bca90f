// Spec section 7, "Leads": the downloads. GET /lid/excel/ and GET /archived/excel/ (the lists as .xlsx, GET /lid/'s
// filters) and POST /lid/document/ (a lead's application or contract as .docx). Same pages as reading leads.
import { Hono } from 'hono';
import { DOCX_MIME, leadDocumentBody, XLSX_MIME } from '../../contract/leadDownloads';
import { leadsQuery } from '../../contract/leads';
import { exportLeads, leadDocumentData } from '../domain/leads/leadExport';
import { centreToday } from '../domain/lessons/dates';
import type { AppDeps, AppEnv } from '../http/context';
import { requestLang } from '../http/i18n';
import { requirePage } from '../http/requirePage';
import { validate } from '../http/validate';
import { nowOf } from '../http/actor';
import { answersFile } from '../http/answers';
import { download } from '../http/download';

const read = requirePage('new_leads', 'orders', 'archived_leads');

function excelRoute(deps: AppDeps, archived: boolean, filenameStem: string) {
  return new Hono<AppEnv>({ strict: false })
    .get('/excel', read, validate('query', leadsQuery), answersFile('xlsx'), async (c) => {
      const { rows, filialNames } = await exportLeads(deps.db, c.get('user'), c.req.valid('query'), archived);
      // Loaded on first use: exceljs and docx add ~40 MB to the server's memory (scripts/serverBundle.mjs).
      const bytes = await (await import('../domain/leads/leadSheet')).leadWorkbookBytes(rows, { lang: requestLang(c), archived, filialNames });
      return download(c, bytes, XLSX_MIME, `${filenameStem}-${centreToday(nowOf(c))}.xlsx`);
    });
}

/** Mounted at /lid before the lead routes, so /lid/excel is not taken for a lead id. */
export function leadDownloadRoutes(deps: AppDeps) {
  return excelRoute(deps, false, 'lidlar').post('/document', read, validate('json', leadDocumentBody), answersFile('docx'), async (c) => {
    const { lead, kind } = c.req.valid('json');
    const data = await leadDocumentData(deps.db, c.get('user'), lead);
    const today = centreToday(nowOf(c));
    const bytes = await (await import('../domain/leads/leadDocument')).leadDocumentBytes(data, { kind, lang: requestLang(c), today });
    return download(c, bytes, DOCX_MIME, `${kind === 'application' ? 'ariza' : 'shartnoma'}-${lead}-${today}.docx`);
  });
}

/** Mounted at /archived: the archived leads (only the spreadsheet for now). */
export function archivedLeadRoutes(deps: AppDeps) {
  return excelRoute(deps, true, 'arxiv-lidlar');
}
