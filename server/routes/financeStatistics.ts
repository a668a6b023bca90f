// Spec section 7 "Finance", statistics: GET /finance/payment_statistics/ (a branch or every branch the user sees)
// and GET /finance/payment_casher/{id} (one cashier), for a date range (default: the centre's current month).
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { paymentStatisticsQuery, paymentStatistics as paymentStatisticsAnswer } from '../../contract/finance';
import { paymentStatistics } from '../domain/finance/statistics';
import type { AppDeps, AppEnv } from '../http/context';
import { validate } from '../http/validate';
import { LEDGER_READ_PAGES, ledgerPage } from './financeCashiers';
import { nowOf } from '../http/actor';
import { answers } from '../http/answers';

export function financeStatsRoutes(deps: AppDeps) {
  const read = ledgerPage(LEDGER_READ_PAGES);
  return new Hono<AppEnv>({ strict: false })
    .get('/payment_statistics', read, validate('query', paymentStatisticsQuery), answers(paymentStatisticsAnswer), async (c) =>
      c.json(await paymentStatistics(await deps.heavyReads(c.get('user').id), c.get('user'), c.req.valid('query'), nowOf(c))),
    )
    .get('/payment_casher/:id', read, validate('param', idParam), validate('query', paymentStatisticsQuery), answers(paymentStatisticsAnswer), async (c) =>
      c.json(await paymentStatistics(await deps.heavyReads(c.get('user').id), c.get('user'), c.req.valid('query'), nowOf(c), c.req.valid('param').id)),
    );
}
