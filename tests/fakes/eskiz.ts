// A local Eskiz for the tests: a real HTTP server on a loopback port speaking the gateway's protocol (POST
// /auth/login → data.token; POST /message/sms/send with a bearer token → id; 401 for an unknown or expired
// token), with switches for the failures a real gateway shows (errors, slowness, an expired token).
import { randomUUID } from 'node:crypto';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeSms = { id: string; mobile_phone: string; message: string; from: string; callback_url?: string; user_sms_id?: string };

export type FakeEskiz = {
  /** The base URL to configure as ESKIZ_BASE_URL. */
  baseUrl: string;
  email: string;
  password: string;
  /** Every accepted SMS, in order. */
  sent: FakeSms[];
  logins: number;
  /** The next `count` sends answer `status` with `message` (e.g. 500), before anything is accepted. */
  failNext(count: number, status?: number, message?: string): void;
  /** Every send waits this long before answering (0: none). */
  delayMs: number;
  /** Every token issued so far stops working (the next request answers 401). */
  expireTokens(): void;
  /**
   * The delivery report of an accepted SMS, posted form-encoded to its callback_url as the gateway does: request_id
   * (the id its send answered), message_id, user_sms_id, country, phone_number, sms_count, status, status_date.
   */
  report(id: string, status: string): Promise<Response>;
  close(): Promise<void>;
};

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  if ((req.headers['content-type'] ?? '').includes('application/json')) return JSON.parse(raw || '{}');
  return Object.fromEntries(new URLSearchParams(raw));
}

export async function startFakeEskiz(email = 'centre@example.uz', password = 'secret'): Promise<FakeEskiz> {
  const tokens = new Set<string>();
  let failures: { status: number; message: string }[] = [];
  const fake = {
    email,
    password,
    sent: [] as FakeSms[],
    logins: 0,
    delayMs: 0,
    failNext(count: number, status = 500, message = 'Internal error') {
      failures = [...failures, ...Array.from({ length: count }, () => ({ status, message }))];
    },
    expireTokens() {
      tokens.clear();
    },
    async report(id: string, status: string) {
      const sms = fake.sent.find((s) => s.id === id);
      if (!sms?.callback_url) throw new Error(`no callback_url for SMS ${id}`);
      const body = new URLSearchParams({
        request_id: sms.id,
        message_id: String(fake.sent.indexOf(sms) + 4_000_000),
        user_sms_id: sms.user_sms_id ?? '',
        country: 'UZ',
        phone_number: sms.mobile_phone,
        sms_count: '1',
        status,
        status_date: new Date().toISOString().slice(0, 19).replace('T', ' '),
      });
      return fetch(sms.callback_url, { method: 'POST', body });
    },
  };
  const server = createServer(async (req, res) => {
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const form = await readForm(req);
    if (req.method === 'POST' && req.url === '/auth/login') {
      if (form.email !== email || form.password !== password) return answer(401, { message: 'Invalid credentials' });
      const token = randomUUID();
      tokens.add(token);
      fake.logins += 1;
      return answer(200, { message: 'token_generated', data: { token }, token_type: 'bearer' });
    }
    if (req.method === 'POST' && req.url === '/message/sms/send') {
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) return answer(401, { status: 'token-invalid', message: 'Expired' });
      if (fake.delayMs) await new Promise((r) => setTimeout(r, fake.delayMs));
      const failure = failures.shift();
      if (failure) return answer(failure.status, { status: 'error', message: failure.message });
      if (!/^998\d{9}$/.test(form.mobile_phone ?? '')) return answer(400, { status: 'error', message: { mobile_phone: ['Invalid'] } });
      if (!form.message) return answer(400, { status: 'error', message: { message: ['Required'] } });
      const sms: FakeSms = { id: randomUUID(), mobile_phone: form.mobile_phone, message: form.message, from: form.from, callback_url: form.callback_url, user_sms_id: form.user_sms_id };
      fake.sent.push(sms);
      return answer(200, { id: sms.id, message: 'Waiting for SMS provider', status: 'waiting' });
    }
    answer(404, { message: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
