// Spec section 7 "Finance", the ledger: GET/POST /finance/ (entries), /finance/kind/ (kinds by action); ours:
// POST /finance/{id}/reverse/ (the reversing entry), GET /finance/{id}/receipt/ and /receipt/pdf/ (a payment's
// receipt). Access as in financeCashiers.ts; kinds are written with the cashiers page only. Every write is idempotent.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { entriesQuery, entryCreateBody, entryReverseBody, kindCreateBody, kindPatchBody, kindsQuery, entriesPage, entryCreated, financeEntry, financeKind } from '../../contract/finance';
import { createEntry, listEntries, reverseEntry } from '../domain/finance/entries';
import { createKind, listKinds, patchKind } from '../domain/finance/kinds';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { idempotent } from '../http/idempotency';
import { validate } from '../http/validate';
import { lookupReaders } from '../../contract/lookups';
import { KIND_WRITE_PAGES, LEDGER_READ_PAGES, LEDGER_WRITE_PAGES, ledgerPage } from './financeCashiers';
import { answers, answersFile } from '../http/answers';
import { download } from '../http/download';
import { requestLang } from '../http/i18n';
import { translate } from '../i18n';
import { receipt } from '../../contract/receipt';
import { receiptOf } from '../domain/finance/receipt';
import { z } from 'zod';

export function financeEntryRoutes(deps: AppDeps) {
  const read = ledgerPage(LEDGER_READ_PAGES);
  const write = ledgerPage(LEDGER_WRITE_PAGES);
  const kindWrite = ledgerPage(KIND_WRITE_PAGES);
  const once = idempotent(deps);
  return new Hono<AppEnv>({ strict: false })
    .get('/kind', ledgerPage(lookupReaders('kinds')), validate('query', kindsQuery), answers(z.array(financeKind)), async (c) => c.json(await listKinds(deps.db, c.req.valid('query'))))
    .post('/kind', kindWrite, once, validate('json', kindCreateBody), answers(financeKind, { status: 201 }), async (c) => c.json(await createKind(deps.db, actorOf(c), c.req.valid('json')), 201))
    .patch('/kind/:id', kindWrite, once, validate('param', idParam), validate('json', kindPatchBody), answers(financeKind), async (c) =>
      c.json(await patchKind(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/', read, validate('query', entriesQuery), answers(entriesPage), async (c) => c.json(await listEntries(deps.db, c.get('user'), c.req.valid('query'), c.req.url)))
    .post('/', write, once, validate('json', entryCreateBody), answers(entryCreated, { status: 201 }), async (c) => c.json(await createEntry(deps.db, actorOf(c), c.req.valid('json')), 201))
    .get('/:id/receipt', read, validate('param', idParam), answers(receipt), async (c) => c.json(await receiptOf(deps.db, c.get('user'), c.req.valid('param').id)))
    .get('/:id/receipt/pdf', read, validate('param', idParam), answersFile('pdf'), async (c) => {
      const found = await receiptOf(deps.db, c.get('user'), c.req.valid('param').id);
      const lang = requestLang(c);
      const localesDir = c.get('config').localesDir;
      const { receiptPdfBytes } = await import('../domain/finance/receiptPdf');
      const bytes = await receiptPdfBytes(found, lang, (key, params) => translate(localesDir, lang, key, params));
      return download(c, new Uint8Array(bytes), 'application/pdf', `kvitansiya-${found.number}.pdf`);
    })
    .post('/:id/reverse', write, once, validate('param', idParam), validate('json', entryReverseBody), answers(financeEntry, { status: 201 }), async (c) =>
      c.json(await reverseEntry(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
    );
}
