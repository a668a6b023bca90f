// The load of the connection-drop test: `streams` clients each send student payments one after another (each with
// its own Idempotency-Key, kept in the comment too) until a deadline, while a separate admin connection terminates
// every backend of the test's database at a fixed interval. A client that gets 503 retries the same key after a
// short pause, as the app's client does; every answer is recorded for the checks (tests/faults/crashChecks.ts).
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { fromCents } from '../../contract/money';
import { send, type Op, type Outcome, type Setup } from './crashLoad';

export type DropOutcome = Outcome & { retryAfter?: string | null; code?: string };

/**
 * Terminates every backend of database `name` (never another database's) every `everyMs`, in bursts of `burst`
 * drops each followed by a quiet `quietMs` (0: no pauses); stop() resolves with the count. The quiet windows are
 * where the test sees payments go through between drops whatever the machine's speed: with drops every 300 ms
 * without pause, a busy machine (a whole test suite on two cores) may complete no request at all in any window.
 */
export async function startTerminator(
  adminUrl: string,
  name: string,
  everyMs: number,
  pauses: { burst: number; quietMs: number } = { burst: 0, quietMs: 0 },
): Promise<{ stop(): Promise<number> }> {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  await client.connect();
  let terminated = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const drop = async () => {
    const res = await client.query<{ ok: boolean }>(
      'select pg_terminate_backend(pid) as ok from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
      [name],
    );
    terminated += res.rows.filter((r) => r.ok).length;
  };
  let rounds = 0;
  let busy: Promise<void> = Promise.resolve();
  const next = () => {
    if (stopped) return;
    const pause = pauses.burst > 0 && rounds > 0 && rounds % pauses.burst === 0;
    timer = setTimeout(() => {
      rounds++;
      busy = drop().then(next, next);
    }, everyMs + (pause ? pauses.quietMs : 0));
  };
  next();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await busy;
      await client.end();
      return terminated;
    },
  };
}

/** Runs `streams` payment clients until `untilMs` (epoch ms); each 503 is retried with the same key up to `retries` times. */
export async function runPaymentStreams(
  baseUrl: string,
  token: string,
  setup: Setup,
  options: { streams: number; untilMs: number; retries: number },
): Promise<DropOutcome[]> {
  const outcomes: DropOutcome[] = [];
  const tag = randomBytes(4).toString('hex');
  const stream = async (s: number) => {
    for (let i = 0; Date.now() < options.untilMs; i++) {
      const m = setup.memberships[(s + i) % setup.memberships.length];
      const key = `crash-drop-${tag}-${s}-${i}`;
      const op: Op = {
        kind: 'payment',
        key,
        body: { casher: setup.cashiers[s % setup.cashiers.length], action: 'income', method: 'cash', amount: fromCents(BigInt(10_000 + s * 1000 + i)), student: m.student, group: m.group, comment: key },
      };
      for (let attempt = 0; attempt <= options.retries; attempt++) {
        try {
          const res = await send(baseUrl, token, op);
          if (res.status >= 200 && res.status < 300) {
            outcomes.push({ op, state: 'acked', status: res.status, id: res.json?.id });
            break;
          }
          outcomes.push({ op, state: 'refused', status: res.status, text: res.text.slice(0, 300), retryAfter: res.headers.get('retry-after'), code: res.json?.code });
          if (res.status !== 503) break;
          await new Promise((r) => setTimeout(r, 50));
        } catch (err) {
          // No answer at all: the process died (or the request hung for 30 s).
          outcomes.push({ op, state: 'unknown', error: String((err as Error).cause ?? err) });
          return;
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.streams }, (_, s) => stream(s)));
  return outcomes;
}
