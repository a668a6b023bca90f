// A local Payme: the caller side of Payme's Merchant API, as Payme's processing calls a merchant. Each call is a
// JSON-RPC 2.0 POST with `Authorization: Basic base64("Paycom:<cashbox key>")`; amounts in tiyin, times in ms,
// the account as `{student_id}`, transaction ids of 24 hex digits like Payme's. `send` delivers the request
// (app.request in the API tests, fetch against a running server otherwise).
import { randomBytes } from 'node:crypto';

export type Send = (path: string, init: RequestInit) => Response | Promise<Response>;

export type PaymeAnswer = {
  jsonrpc: '2.0';
  id: number | string | null;
  result?: Record<string, any>;
  error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string };
};

export type PaymeCallerOptions = {
  send: Send;
  /** The cashbox key (PAYME_KEY); the login is always "Paycom". */
  key: string;
  /** Payme's clock: the `time` it puts on CreateTransaction. */
  now?: () => Date;
  path?: string;
};

export function paymeCaller({ send, key, now = () => new Date(), path = '/api/payments/payme' }: PaymeCallerOptions) {
  let rpcId = 0;
  const authorization = (login: string, secret: string) => `Basic ${Buffer.from(`${login}:${secret}`).toString('base64')}`;

  /** One call; `auth` overrides the credentials (null: no Authorization header), `raw` the whole body. */
  async function call(method: string, params: Record<string, unknown>, opts: { auth?: { login: string; key: string } | null; raw?: string } = {}): Promise<PaymeAnswer> {
    const headers: Record<string, string> = { 'content-type': 'application/json; charset=UTF-8' };
    const auth = opts.auth === undefined ? { login: 'Paycom', key } : opts.auth;
    if (auth) headers.authorization = authorization(auth.login, auth.key);
    const body = opts.raw ?? JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params });
    const res = await send(path, { method: 'POST', headers, body });
    if (res.status !== 200) throw new Error(`Payme expects HTTP 200 from the merchant, got ${res.status}: ${await res.text()}`);
    return (await res.json()) as PaymeAnswer;
  }

  const account = (studentId: number | string) => ({ student_id: String(studentId) });
  return {
    call,
    /** A fresh transaction id, as Payme makes them (24 hex digits). */
    newId: () => randomBytes(12).toString('hex'),
    checkPerform: (studentId: number | string, tiyin: number) => call('CheckPerformTransaction', { amount: tiyin, account: account(studentId) }),
    create: (id: string, studentId: number | string, tiyin: number, time = now().getTime()) => call('CreateTransaction', { id, time, amount: tiyin, account: account(studentId) }),
    perform: (id: string) => call('PerformTransaction', { id }),
    cancel: (id: string, reason: number) => call('CancelTransaction', { id, reason }),
    check: (id: string) => call('CheckTransaction', { id }),
    statement: (from: number, to: number) => call('GetStatement', { from, to }),
  };
}

export type PaymeCaller = ReturnType<typeof paymeCaller>;
