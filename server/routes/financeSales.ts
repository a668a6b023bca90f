// Spec section 7 "Finance": sales (POST /finance/sale/, /finance/sale-student/, DELETE /finance/sale/student/{id}/)
// and vouchers (/finance/voucher/student/); ours: the branch's excused switch (/finance/settings/) and a student's
// money on the card (GET /students/{id}/charges/, /payments/, /balances/).
// Reading a student's money follows the card (any student page); sales and vouchers are written with a cash page
// (cashiers); the switch with control. Teachers and assistants never (403). Writes take an
// Idempotency-Key (server/http/idempotency.ts).
import { Hono, type MiddlewareHandler } from 'hono';
import { idParam, paged } from '../../contract/common';
import {
  billingSettingsBody,
  billingSettingsQuery,
  saleCreateBody,
  salePatchBody,
  salesQuery,
  studentChargesQuery,
  studentPaymentsQuery,
  studentSaleCreateBody,
  studentSaleEndBody,
  studentSalesQuery,
  voucherCreateBody,
  vouchersQuery,
} from '../../contract/sales';
import { createSale, endSale, getStudentSale, giveSale, listSales, listStudentSales, patchSale } from '../domain/billing/sales';
import { getBillingSettings, setBillingSettings } from '../domain/billing/settings';
import { listStudentCharges, listStudentPayments, studentBalancesOf } from '../domain/billing/studentMoney';
import { cancelVoucher, giveVoucher, listVouchers } from '../domain/billing/vouchers';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { idempotent } from '../http/idempotency';
import { type requirePage, requirePageExcept } from '../http/requirePage';
import { validate } from '../http/validate';
import { STUDENT_PAGES } from './groupMembers';
import { answers } from '../http/answers';
import { z } from 'zod';
import { billingSettings, sale, studentBalances, studentChargesPage, studentPaymentsPage, studentSale, voucher } from '../../contract/sales';

/** Discounts and vouchers are the accountant's and managers' (page cashiers), not the front desk's (cashiers_data). */
export const SALE_WRITE_PAGES = ['cashiers'] as const;

/** A page check that also refuses teachers and assistants, who see no money whatever pages they were given. */
function moneyPage(...keys: Parameters<typeof requirePage>): MiddlewareHandler<AppEnv> {
  return requirePageExcept(['TEACHER', 'ASSISTANT'], ...keys);
}

export function financeSalesRoutes(deps: AppDeps) {
  const read = moneyPage(...SALE_WRITE_PAGES, 'cashiers_data', ...STUDENT_PAGES);
  const write = moneyPage(...SALE_WRITE_PAGES);
  const once = idempotent(deps);
  return new Hono<AppEnv>({ strict: false })
    .get('/sale', read, validate('query', salesQuery), answers(z.array(sale)), async (c) => c.json(await listSales(deps.db, c.req.valid('query'))))
    .post('/sale', write, once, validate('json', saleCreateBody), answers(sale, { status: 201 }), async (c) =>
      c.json(await createSale(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .delete('/sale/student/:id', write, once, validate('param', idParam), validate('json', studentSaleEndBody), answers(studentSale), async (c) =>
      c.json(await endSale(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .patch('/sale/:id', write, once, validate('param', idParam), validate('json', salePatchBody), answers(sale), async (c) =>
      c.json(await patchSale(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json'))),
    )
    .get('/sale-student', read, validate('query', studentSalesQuery), answers(paged(studentSale)), async (c) =>
      c.json(await listStudentSales(deps.db, c.get('user'), c.req.valid('query'), c.req.url)),
    )
    .post('/sale-student', write, once, validate('json', studentSaleCreateBody), answers(studentSale, { status: 201 }), async (c) =>
      c.json(await giveSale(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .get('/sale-student/:id', read, validate('param', idParam), answers(studentSale), async (c) =>
      c.json(await getStudentSale(deps.db, c.get('user'), c.req.valid('param').id)),
    )
    .get('/voucher/student', read, validate('query', vouchersQuery), answers(z.array(voucher)), async (c) =>
      c.json(await listVouchers(deps.db, c.get('user'), c.req.valid('query').id)),
    )
    .post('/voucher/student', write, once, validate('json', voucherCreateBody), answers(voucher, { status: 201 }), async (c) =>
      c.json(await giveVoucher(deps.db, actorOf(c), c.req.valid('json')), 201),
    )
    .delete('/voucher/student/:id', write, once, validate('param', idParam), answers(voucher), async (c) =>
      c.json(await cancelVoucher(deps.db, actorOf(c), c.req.valid('param').id)),
    )
    .get('/settings', moneyPage('control', ...SALE_WRITE_PAGES, 'cashiers_data'), validate('query', billingSettingsQuery), answers(billingSettings), async (c) =>
      c.json(await getBillingSettings(deps.db, c.get('user'), c.req.valid('query').filial)),
    )
    .patch('/settings', moneyPage('control'), once, validate('json', billingSettingsBody), answers(billingSettings), async (c) =>
      c.json(await setBillingSettings(deps.db, actorOf(c), c.req.valid('json'))),
    );
}

/** GET /students/{id}/charges/, /payments/, /balances/: with the student card's permission. */
export function studentBillingRoutes(deps: AppDeps) {
  const read = moneyPage(...STUDENT_PAGES);
  return new Hono<AppEnv>({ strict: false })
    .get('/:id/charges', read, validate('param', idParam), validate('query', studentChargesQuery), answers(studentChargesPage), async (c) =>
      c.json(await listStudentCharges(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'), c.req.url)),
    )
    .get('/:id/payments', read, validate('param', idParam), validate('query', studentPaymentsQuery), answers(studentPaymentsPage), async (c) =>
      c.json(await listStudentPayments(deps.db, c.get('user'), c.req.valid('param').id, c.req.valid('query'), c.req.url)),
    )
    .get('/:id/balances', read, validate('param', idParam), answers(studentBalances), async (c) =>
      c.json(await studentBalancesOf(deps.db, c.get('user'), c.req.valid('param').id)),
    );
}
