// Payments from the parent's phone (issue 17, section 2). Public, before the token gate: Payme's Merchant API
// (POST /api/payments/payme, JSON-RPC 2.0 with Basic `Paycom:<PAYME_KEY>`) and Click's SHOP API (POST
// /api/payments/click/prepare and /complete, form-encoded, signed with CLICK_SECRET_KEY); the providers' own
// protocols answer every refusal (HTTP 200 with their error codes). Behind the gate: the reconciliation of the online
// desks (the cash desks' read pages) and a student's payment links (the student card's money pages).
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { clickAnswer, paymeAnswer, paymentLinksAnswer, reconciliationAnswer, reconciliationQuery } from '../../contract/onlinePayments';
import type { PaymeConfig } from '../config';
import { clickComplete, clickPrepare } from '../domain/payments/click';
import { paymentLinks } from '../domain/payments/links';
import { paymeRpc } from '../domain/payments/payme';
import { reconcile } from '../domain/payments/reconciliation';
import { nowOf } from '../http/actor';
import { answers } from '../http/answers';
import type { AppDeps, AppEnv } from '../http/context';
import { requirePageExcept } from '../http/requirePage';
import { validate } from '../http/validate';
import { LEDGER_READ_PAGES, ledgerPage } from './financeCashiers';
import { STUDENT_PAGES } from './groupMembers';

/** Basic credentials equal to `Paycom:<key>`; never when Payme is not configured. */
export function paymeAuthorised(header: string | undefined, payme: PaymeConfig | null): boolean {
  if (!payme || !header?.startsWith('Basic ')) return false;
  const given = Buffer.from(Buffer.from(header.slice(6).trim(), 'base64').toString('utf8'));
  const expected = Buffer.from(`Paycom:${payme.key}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A form body's text fields (Click sends application/x-www-form-urlencoded); anything else reads as empty. */
async function formFields(req: Request): Promise<Record<string, string>> {
  try {
    return Object.fromEntries(new URLSearchParams(await req.text()));
  } catch {
    return {};
  }
}

export function providerPaymentRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .post('/payme', answers(paymeAnswer, { description: 'A JSON-RPC 2.0 answer: a result or Payme’s error code.' }), async (c) =>
      c.json(await paymeRpc(deps.db, { authorised: paymeAuthorised(c.req.header('authorization'), deps.config.payme), body: await c.req.text(), now: nowOf(c) })),
    )
    .post('/click/prepare', answers(clickAnswer, { description: 'Click’s answer: error 0 with merchant_prepare_id, or Click’s error code.' }), async (c) =>
      c.json(await clickPrepare(deps.db, deps.config.click, await formFields(c.req.raw), nowOf(c))),
    )
    .post('/click/complete', answers(clickAnswer, { description: 'Click’s answer: error 0 with merchant_confirm_id, or Click’s error code.' }), async (c) =>
      c.json(await clickComplete(deps.db, deps.config.click, await formFields(c.req.raw), nowOf(c))),
    );
}


export function paymentStaffRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/reconciliation', ledgerPage(LEDGER_READ_PAGES), validate('query', reconciliationQuery), answers(reconciliationAnswer), async (c) =>
      c.json(await reconcile(deps.db, c.get('user'), c.req.valid('query'))),
    )
    // Whoever sees the student card's money (not teachers or assistants) may hand the parents a link.
    .get('/links/:id', requirePageExcept(['TEACHER', 'ASSISTANT'], ...STUDENT_PAGES), validate('param', idParam), answers(paymentLinksAnswer), async (c) =>
      c.json(await paymentLinks(deps.db, c.get('user'), deps.config, c.req.valid('param').id)),
    );
}
