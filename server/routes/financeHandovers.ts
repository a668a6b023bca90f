// Spec section 7 "Finance", handovers: POST /finance/handover (cash from one cashier to another) and
// GET /finance/handover/{cashier id}/ (that cashier's handovers, both directions). Access as in
// financeCashiers.ts; the write is idempotent.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { handoverBody, handoversQuery, handover, handoversPage } from '../../contract/finance';
import { createHandover, listHandovers } from '../domain/finance/handovers';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { idempotent } from '../http/idempotency';
import { validate } from '../http/validate';
import { LEDGER_READ_PAGES, LEDGER_WRITE_PAGES, ledgerPage } from './financeCashiers';
import { answers } from '../http/answers';

export function financeHandoverRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .post('/handover', ledgerPage(LEDGER_WRITE_PAGES), idempotent(deps), validate('json', handoverBody), answers(handover, { status: 201 }), async (c) =>
      c.json(await createHandover(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/handover/:id', ledgerPage(LEDGER_READ_PAGES), validate('param', idParam), validate('query', handoversQuery), answers(handoversPage), async (c) =>
      c.json(await listHandovers(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'), c.req.url)),
    );
}
