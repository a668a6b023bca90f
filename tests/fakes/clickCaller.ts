// A local Click: the caller side of Click's SHOP API, as Click's processing calls a supplier. Prepare (action 0)
// and Complete (action 1) are POSTs of application/x-www-form-urlencoded fields, signed with
// md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id on complete] + amount +
// action + sign_time), sign_time being Tashkent's wall time "YYYY-MM-DD HH:mm:ss". Written from the documentation,
// apart from the server's code, so that a mistake in one is not repeated in the other.
import { createHash } from 'node:crypto';
import type { ClickAnswer } from '../../contract/onlinePayments';
import type { Send } from './paymeCaller';

export type { ClickAnswer };

export type ClickCallerOptions = {
  send: Send;
  serviceId: string;
  secretKey: string;
  now?: () => Date;
  paths?: { prepare: string; complete: string };
};

export type ClickPayment = {
  clickTransId: string;
  /** merchant_trans_id: the student's id. */
  studentId: number | string;
  /** In so'm, as Click writes it ("150000" or "150000.00"). */
  amount: string;
  /** Click's own status of the payment (0, or negative when the debit failed). */
  error?: number;
  /** Overrides for a broken request: a wrong key, a changed field after signing, a missing field. */
  secretKey?: string;
  tamper?: Record<string, string | undefined>;
  action?: string;
};

/** Tashkent (UTC+5, no daylight saving) wall time. */
function tashkentTime(at: Date): string {
  return new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
}

export function clickCaller({ send, serviceId, secretKey, now = () => new Date(), paths = { prepare: '/api/payments/click/prepare', complete: '/api/payments/click/complete' } }: ClickCallerOptions) {
  let paydoc = 1000;
  let transId = 5_000_000;

  async function post(path: string, fields: Record<string, string | undefined>): Promise<ClickAnswer> {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
    const res = await send(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    if (res.status !== 200) throw new Error(`Click expects HTTP 200 from the supplier, got ${res.status}: ${await res.text()}`);
    return (await res.json()) as ClickAnswer;
  }

  function fields(p: ClickPayment, action: string, prepareId?: string) {
    const sign_time = tashkentTime(now());
    const base = {
      click_trans_id: p.clickTransId,
      service_id: serviceId,
      click_paydoc_id: String(++paydoc),
      merchant_trans_id: String(p.studentId),
      amount: p.amount,
      action: p.action ?? action,
      error: String(p.error ?? 0),
      error_note: p.error ? 'Payment failed' : 'Success',
      sign_time,
    };
    const signed = [base.click_trans_id, base.service_id, p.secretKey ?? secretKey, base.merchant_trans_id, prepareId ?? '', base.amount, base.action, base.sign_time].join('');
    return { ...base, ...(prepareId !== undefined ? { merchant_prepare_id: prepareId } : {}), sign_string: createHash('md5').update(signed).digest('hex'), ...p.tamper };
  }

  return {
    newTransId: () => String(++transId),
    prepare: (p: ClickPayment) => post(paths.prepare, fields(p, '0')),
    complete: (p: ClickPayment & { prepareId: number | string }) => post(paths.complete, fields(p, '1', String(p.prepareId))),
  };
}

export type ClickCaller = ReturnType<typeof clickCaller>;
