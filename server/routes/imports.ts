// Imports with a preview (issue 18 §1): GET /import/ (history), GET /import/{kind}/template/, POST /import/{kind}/
// (multipart `file` .xlsx or .csv, optional `mapping` JSON) → the preview with its id, GET /import/{id}/,
// POST /import/{id}/commit/ and POST /import/{id}/undo/. The `control` page (directors by default), within the
// user's branches: rows naming another branch are errors, batches of another branch are 404.
import { Hono } from 'hono';
import { z } from 'zod';
import { idParam } from '../../contract/common';
import { IMPORT_KINDS, importBatch, importMapping, importMsg, importPreview, MOVE_IN_LIMITS, type ImportKind, type ImportMapping } from '../../contract/imports';
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

/**
 * One template and one upload route per kind (`/students/template`, `/students`, …) rather than a `:kind` path
 * parameter: the kinds are a closed list, and every parameterised path stays an object id (the access matrix).
 */
function kindRoutes(deps: AppDeps, kind: ImportKind) {
  const { db } = deps;
  return new Hono<AppEnv>({ strict: false })
    .get('/template', control, answersFile('xlsx'), async (c) => {
      // Loaded on first use: exceljs is large (scripts/serverBundle.mjs).
      const bytes = await (await import('../domain/imports/template')).templateBytes(db, c.get('user'), kind, requestLang(c), c.get('config').localesDir);
      return download(c, bytes, XLSX_MIME, `import-${kind}.xlsx`);
    })
    .post('/', control, spreadsheetUpload(deps, MOVE_IN_LIMITS, { csv: true }), answers(importPreview, { status: 201 }), async (c) => {
      const form = await c.req.parseBody();
      const mapping = mappingOf(form.mapping);
      const messages = { lang: requestLang(c), localesDir: c.get('config').localesDir };
      return c.json(await previewImport(db, actorOf(c), kind, c.get('spreadsheet'), mapping, messages), 201);
    });
}

export function importRoutes(deps: AppDeps) {
  const { db } = deps;
  let app = new Hono<AppEnv>({ strict: false }).get('/', control, answers(z.array(importBatch)), async (c) => c.json(await listImports(db, c.get('user'), nowOf(c))));
  for (const kind of IMPORT_KINDS) app = app.route(`/${kind}`, kindRoutes(deps, kind));
  return app
    .get('/:id', control, validate('param', idParam), answers(importPreview), async (c) => c.json(await getImport(db, c.get('user'), c.req.valid('param').id, nowOf(c))))
    .post('/:id/commit', control, validate('param', idParam), answers(importBatch), async (c) =>
      c.json(await commitImport(db, actorOf(c), c.req.valid('param').id, c.get('config').localesDir)),
    )
    .post('/:id/undo', control, validate('param', idParam), answers(importBatch), async (c) => c.json(await undoImport(db, actorOf(c), c.req.valid('param').id)));
}
