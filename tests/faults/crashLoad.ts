// The writes a crash test sends to a server child process: student payments and cash handovers (each with an
// Idempotency-Key, also kept in the comment so a committed row can be found by it) and lead stage moves
// (YANGI_LEAD → KUTULMOQDA). A few requests are in flight at a time; after `killAfter` acknowledged (2xx) writes
// the server is SIGKILLed and no further write is sent. Every answer is recorded.
import { randomBytes } from 'node:crypto';
import { fromCents } from '../../contract/money';

export type Setup = {
  cashiers: number[];
  memberships: { student: number; group: number }[];
  /** Leads in YANGI_LEAD, not archived; each is moved once. */
  leads: number[];
};

export type Op =
  | { kind: 'payment'; key: string; body: { casher: number; action: 'income'; method: 'cash'; amount: string; student: number; group: number; comment: string } }
  | { kind: 'handover'; key: string; body: { from_casher: number; to_casher: number; method: 'cash'; amount: string; comment: string } }
  | { kind: 'lead'; lead: number };

export type Outcome =
  /** 2xx: `id` is the entry or handover id (payments, handovers). */
  | { op: Op; state: 'acked'; status: number; id?: number }
  /** Any other status: the server refused, so nothing may have been written. */
  | { op: Op; state: 'refused'; status: number; text: string }
  /** No answer (the process died with the request in flight): written or not, both are allowed. */
  | { op: Op; state: 'unknown'; error: string };

/** `count` writes in a fixed mix (half payments, a fifth handovers, the rest lead moves), interleaved. */
export function makeOps(setup: Setup, count: number, round: number, leadOffset: number): Op[] {
  const ops: Op[] = [];
  const tag = `${randomBytes(4).toString('hex')}-${round}`;
  const { cashiers, memberships, leads } = setup;
  let lead = leadOffset;
  for (let i = 0; i < count; i++) {
    const key = `crash-${tag}-${i}`;
    const slot = i % 10;
    if (slot < 5) {
      const m = memberships[i % memberships.length];
      const amount = fromCents(BigInt(100_000 + i * 7));
      ops.push({ kind: 'payment', key, body: { casher: cashiers[i % cashiers.length], action: 'income', method: 'cash', amount, student: m.student, group: m.group, comment: key } });
    } else if (slot < 7) {
      const from = cashiers[i % cashiers.length];
      const to = cashiers[(i + 1) % cashiers.length];
      ops.push({ kind: 'handover', key, body: { from_casher: from, to_casher: to, method: 'cash', amount: fromCents(BigInt(50_000 + i)), comment: key } });
    } else {
      if (lead >= leads.length) throw new Error(`not enough prepared leads (${leads.length})`);
      ops.push({ kind: 'lead', lead: leads[lead++] });
    }
  }
  return ops;
}

/** How many lead moves makeOps puts in `count` writes. */
export const leadsPerRound = (count: number) => Array.from({ length: count }, (_, i) => i % 10 >= 7).filter(Boolean).length;

export function request(op: Op): { method: string; path: string; body: unknown; headers: Record<string, string> } {
  if (op.kind === 'payment') return { method: 'POST', path: '/api/finance/', body: op.body, headers: { 'Idempotency-Key': op.key } };
  if (op.kind === 'handover') return { method: 'POST', path: '/api/finance/handover', body: op.body, headers: { 'Idempotency-Key': op.key } };
  return { method: 'PATCH', path: `/api/lid/${op.lead}`, body: { stage: 'KUTULMOQDA' }, headers: {} };
}

export async function send(baseUrl: string, token: string, op: Op, extra: Record<string, string> = {}) {
  const r = request(op);
  const res = await fetch(baseUrl + r.path, {
    method: r.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en', ...r.headers, ...extra },
    body: JSON.stringify(r.body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

export async function signIn(baseUrl: string, phone: string, password: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/**
 * Sends `ops` with `concurrency` requests in flight; once `killAfter` writes are acknowledged, calls `kill` (which
 * SIGKILLs the server) and sends nothing more. Resolves when every request sent has an outcome.
 */
export async function runUntilKill(baseUrl: string, token: string, ops: Op[], options: { concurrency: number; killAfter: number; kill: () => void }) {
  const outcomes: Outcome[] = [];
  let next = 0;
  let acked = 0;
  let killed = false;
  const worker = async () => {
    while (!killed && next < ops.length) {
      const op = ops[next++];
      try {
        const res = await send(baseUrl, token, op);
        if (res.status >= 200 && res.status < 300) {
          outcomes.push({ op, state: 'acked', status: res.status, id: op.kind === 'lead' ? undefined : res.json?.id });
          acked += 1;
          if (acked >= options.killAfter && !killed) {
            killed = true;
            options.kill();
          }
        } else outcomes.push({ op, state: 'refused', status: res.status, text: res.text.slice(0, 300) });
      } catch (err) {
        outcomes.push({ op, state: 'unknown', error: String((err as Error).cause ?? err) });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  if (!killed) {
    killed = true;
    options.kill();
  }
  return outcomes;
}
