// Imports with a preview (issue 18 §1): GET /import/ (history), GET /import/{kind}/template/, POST /import/{kind}/
// (multipart `file` .xlsx or .csv, optional `mapping` JSON) → the preview with its id, GET /import/{id}/,
// POST /import/{id}/commit/ and POST /import/{id}/undo/. The `control` page (directors by default), within the
// user's branches: rows naming another branch are errors, batches of another branch are 404.
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam } from '../../contract/common';
import { importBatch, importKindParam, importMapping, importMsg, importPreview, MOVE_IN_LIMITS, type ImportMapping } from '../../contract/imports';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { commitImport, getImport, listImports, previewImport, undoImport } from '../domain/imports/batches';
import { fieldError } from '../domain/core/errors';
import { actorOf, nowOf } from '../http/actor';
import { answers, answersFile } from '../http/answers';
import type { AppDeps, AppEnv } from '../http/context';
import { download } from '../http/download';
import { requestLang } from '../http/i18n';
import { requirePage } from '../http/requirePage';
import { spreadsheetUpload } from '../http/spreadsheetUpload';
import { validate } from '../http/validate';

const control = requirePage('control');

/** The optional `mapping` field: JSON of header → column; 400 on `mapping` when it is not. */
function mappingOf(field: unknown): ImportMapping | undefined {
  if (field === undefined || field === '') return undefined;
  try {
    const parsed = importMapping.safeParse(JSON.parse(String(field)));
    if (parsed.success) return parsed.data;
  } catch {
    // fall through
  }
  throw fieldError('mapping', importMsg.mapping);
}

export function importRoutes(deps: AppDeps) {
  const { db } = deps;
  return new Hono<AppEnv>({ strict: false })
    .get('/', control, answers(z.array(importBatch)), async (c) => c.json(await listImports(db, c.get('user'), nowOf(c))))
    .get('/:kind/template', control, validate('param', importKindParam), answersFile('xlsx'), async (c) => {
      const { kind } = c.req.valid('param');
      const lang = requestLang(c);
      // Loaded on first use: exceljs is large (scripts/serverBundle.mjs).
      const bytes = await (await import('../domain/imports/template')).templateBytes(db, c.get('user'), kind, lang, c.get('config').localesDir);
      return download(c, bytes, XLSX_MIME, `import-${kind}.xlsx`);
    })
    .get('/:id', control, validate('param', idParam), answers(importPreview), async (c) => c.json(await getImport(db, c.get('user'), c.req.valid('param').id, nowOf(c))))
    .post('/:kind', control, validate('param', importKindParam), spreadsheetUpload(deps, MOVE_IN_LIMITS, { csv: true }), answers(importPreview, { status: 201 }), async (c) => {
      const form = await c.req.parseBody();
      const mapping = mappingOf(form.mapping);
      const messages = { lang: requestLang(c), localesDir: c.get('config').localesDir };
      return c.json(await previewImport(db, actorOf(c), c.req.valid('param').kind, c.get('spreadsheet'), mapping, messages), 201);
    })
    .post('/:id/commit', control, validate('param', idParam), answers(importBatch), async (c) =>
      c.json(await commitImport(db, actorOf(c), c.req.valid('param').id, c.get('config').localesDir)),
    )
    .post('/:id/undo', control, validate('param', idParam), answers(importBatch), async (c) => c.json(await undoImport(db, actorOf(c), c.req.valid('param').id)));
}
