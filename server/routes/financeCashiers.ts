// Spec section 7 "Finance", cashiers: /finance/casher/ (paged), /finance/casher/no-pg/, /finance/casher/{id}/
// (read, PATCH to rename, re-assign or archive), /finance/casher/stats/{id}, /finance/method-amount/; ours: the
// shift close /finance/casher/{id}/close/ and its history /finance/casher/{id}/closes/.
// Who: reading with any cash page or finance_report; entries, handovers and shift closes with cashiers_data or
// cashiers; creating, editing, archiving a cash desk (and kinds) with cashiers only: the front desk (ADMINISTRATOR,
// SERVICE_SALES, page cashiers_data) takes payments into the desks the accountant keeps.
// Teachers, assistants and call operators never, whatever pages they were given. Every write is idempotent.
import { Hono, type MiddlewareHandler } from 'hono';
import { idParam } from '../../contract/common';
import {
  cashierCreateBody,
  cashierPatchBody,
  cashierQuery,
  cashierStatsQuery,
  cashiersQuery,
  methodAmountQuery,
  shiftCloseBody,
  shiftClosesQuery,
} from '../../contract/finance';
import { lookupReaders } from '../../contract/lookups';
import type { PageKey, Role } from '../../contract/roles';
import { createCashier, getCashier, listCashiers, listCashiersPlain, patchCashier } from '../domain/finance/cashiers';
import { closeShift, listCloses } from '../domain/finance/shiftCloses';
import { cashierStats, methodAmounts } from '../domain/finance/statistics';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { idempotent } from '../http/idempotency';
import { requirePageExcept } from '../http/requirePage';
import { validate } from '../http/validate';
import { answers } from '../http/answers';
import { z } from 'zod';
import { cashier, cashiersPage, cashierStats as cashierStatsAnswer, methodAmountAnswer, shiftClose, shiftClosesPage } from '../../contract/finance';

export const LEDGER_READ_PAGES: PageKey[] = ['cashiers_data', 'cashiers_archive', 'cashiers', 'finance_report'];
export const LEDGER_WRITE_PAGES: PageKey[] = ['cashiers_data', 'cashiers'];
export const KIND_WRITE_PAGES: PageKey[] = ['cashiers'];
export const DESK_WRITE_PAGES: PageKey[] = ['cashiers'];
const NO_MONEY: Role[] = ['TEACHER', 'ASSISTANT', 'CALL_OPERATOR'];

/** A page check that first refuses the roles that never see the ledger. */
export function ledgerPage(keys: PageKey[]): MiddlewareHandler<AppEnv> {
  return requirePageExcept(NO_MONEY, ...keys);
}

export function financeCashierRoutes(deps: AppDeps) {
  const read = ledgerPage(LEDGER_READ_PAGES);
  const write = ledgerPage(LEDGER_WRITE_PAGES);
  const deskWrite = ledgerPage(DESK_WRITE_PAGES);
  const once = idempotent(deps);
  return new Hono<AppEnv>({ strict: false })
    .get('/casher/no-pg', ledgerPage(lookupReaders('cashiers')), validate('query', cashiersQuery.pick({ filial: true, is_archived: true })), answers(z.array(cashier)), async (c) =>
      c.json(await listCashiersPlain(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .get('/casher/stats/:id', read, validate('param', idParam), validate('query', cashierStatsQuery), answers(cashierStatsAnswer), async (c) =>
      c.json(await cashierStats(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'))),
    )
    .get('/casher', read, validate('query', cashiersQuery), answers(cashiersPage), async (c) => c.json(await listCashiers(deps.db, c.get('user'), c.req.valid('query'), c.req.url)))
    .post('/casher', deskWrite, once, validate('json', cashierCreateBody), answers(cashier, { status: 201 }), async (c) =>
      c.json(await createCashier(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/casher/:id/closes', read, validate('param', idParam), validate('query', shiftClosesQuery), answers(shiftClosesPage), async (c) =>
      c.json(await listCloses(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'), c.req.url)),
    )
    .post('/casher/:id/close', write, once, validate('param', idParam), validate('json', shiftCloseBody), answers(shiftClose, { status: 201 }), async (c) =>
      c.json(await closeShift(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .get('/casher/:id', read, validate('param', idParam), validate('query', cashierQuery), answers(cashier), async (c) =>
      c.json(await getCashier(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query').filial)),
    )
    .patch('/casher/:id', deskWrite, once, validate('param', idParam), validate('json', cashierPatchBody), answers(cashier), async (c) =>
      c.json(await patchCashier(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/method-amount', read, validate('query', methodAmountQuery), answers(methodAmountAnswer), async (c) => c.json(await methodAmounts(deps.db, c.get('user'), c.req.valid('query'))));
}
