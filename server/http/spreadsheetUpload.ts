// The guard in front of every spreadsheet import: `.post('/import', page, spreadsheetUpload(deps, limits), handler)`.
// 1. The body may not exceed the file limit (plus the multipart envelope): refused from Content-Length, or while
//    streaming, before it is held in memory.
// 2. The multipart field must be an .xlsx whose parts, rows and cells stay within the limits (inspectXlsx), checked
//    without parsing the workbook.
// 3. The handler (the parse and the writes) then runs in one of IMPORT_CONCURRENCY slots per process; later
//    imports wait their turn, so a burst of uploads cannot take every core and the memory of the server.
// A refused file is a 400 `{file: [message]}` in the request's language; the handler reads the file with
// c.get('spreadsheet').
import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { megabytes, spreadsheetMsg, type SpreadsheetLimits } from '../../contract/spreadsheetUpload';
import { msg } from '../../contract/common';
import { inspectXlsx, type SpreadsheetProblem } from '../domain/sheets/inspectXlsx';
import type { AppDeps, AppEnv } from './context';
import { requestLang, translate } from './i18n';

export const SPREADSHEET_FIELD = 'file';
/** Room for the multipart envelope (boundaries, headers) around a file of the largest allowed size. */
const ENVELOPE_BYTES = 64 * 1024;

export type SpreadsheetUpload = { name: string; bytes: Buffer };

const isXlsxName = (name: string) => name.split('.').pop()?.toLowerCase() === 'xlsx';
const isCsvName = (name: string) => name.split('.').pop()?.toLowerCase() === 'csv';

/** A .csv (when allowed) is plain text: its size is its expanded size, and its lines are counted before parsing. */
function inspectCsv(bytes: Buffer, limits: SpreadsheetLimits): SpreadsheetProblem | null {
  if (bytes.length > limits.maxBytes) return { kind: 'tooLarge', max: limits.maxBytes };
  let lines = 0;
  for (const b of bytes) if (b === 10) lines += 1;
  if (bytes.length && bytes[bytes.length - 1] !== 10) lines += 1;
  return lines > limits.maxRows + 1 ? { kind: 'rows', max: limits.maxRows } : null;
}

function problemMessage(problem: SpreadsheetProblem): { key: string; params?: Record<string, unknown> } {
  switch (problem.kind) {
    case 'notSpreadsheet':
      return { key: spreadsheetMsg.file };
    case 'tooLarge':
      return { key: spreadsheetMsg.tooLarge, params: { max: megabytes(problem.max) } };
    case 'expands':
      return { key: spreadsheetMsg.expands, params: { max: megabytes(problem.max) } };
    case 'rows':
      return { key: spreadsheetMsg.rows, params: { max: problem.max } };
    case 'cells':
      return { key: spreadsheetMsg.cells, params: { max: problem.max } };
  }
}

export function spreadsheetUpload(deps: Pick<AppDeps, 'imports'>, limits: SpreadsheetLimits, options: { csv?: boolean } = {}): MiddlewareHandler<AppEnv> {
  const refuse = (c: Parameters<MiddlewareHandler<AppEnv>>[0], key: string, params?: Record<string, unknown>) =>
    c.json({ [SPREADSHEET_FIELD]: [translate(c.get('config').localesDir, requestLang(c), key, params)] }, 400);
  const sizeLimit = bodyLimit({
    maxSize: limits.maxBytes + ENVELOPE_BYTES,
    onError: (c) => refuse(c, spreadsheetMsg.tooLarge, { max: megabytes(limits.maxBytes) }),
  });
  return async (c, next) => {
    let refused: Response | undefined;
    const checked = async (): Promise<Response | undefined> => {
      const type = c.req.header('content-type') ?? '';
      const form = /multipart\/form-data/i.test(type) ? await c.req.parseBody().catch(() => ({})) : {};
      const file = (form as Record<string, unknown>)[SPREADSHEET_FIELD];
      if (!(file instanceof File)) return refuse(c, msg.required);
      const csv = options.csv === true && isCsvName(file.name);
      if (!isXlsxName(file.name) && !csv) return refuse(c, options.csv ? spreadsheetMsg.fileOrCsv : spreadsheetMsg.file);
      if (file.size > limits.maxBytes) return refuse(c, spreadsheetMsg.tooLarge, { max: megabytes(limits.maxBytes) });
      const bytes = Buffer.from(await file.arrayBuffer());
      const problem = csv ? inspectCsv(bytes, limits) : await inspectXlsx(bytes, limits);
      if (problem) {
        const { key, params } = problemMessage(problem);
        return refuse(c, key, params);
      }
      c.set('spreadsheet', { name: file.name, bytes });
      await deps.imports(() => next());
      return undefined;
    };
    // bodyLimit answers an oversized body itself; otherwise it calls on with the body it read.
    const tooLarge = await sizeLimit(c, async () => {
      refused = await checked();
    });
    return tooLarge ?? refused;
  };
}
