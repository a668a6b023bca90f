// The writes a rejected (4xx) request may leave behind, and why. Anything else a 4xx leaves in the database is
// a bug: a write that escaped its transaction or ran before the request was refused.

export type Rejected = { method: string; path: string; status: number; headers: Record<string, string> };

export type AllowedWrites = {
  /** Tables that may change besides audit_log. */
  tables: ReadonlySet<string>;
  /** Audit actions that may be appended (old audit rows never change). */
  auditActions: ReadonlySet<string>;
};

const NONE: AllowedWrites = { tables: new Set(), auditActions: new Set() };

export function allowedWrites(r: Rejected): AllowedWrites {
  const tables = new Set<string>();
  const auditActions = new Set<string>();
  // A refused sign-in counts against the phone and the address (throttling) and is audited: that is how brute
  // force is slowed down and seen. A throttled one (429) is audited too.
  if (r.method === 'POST' && r.path === '/api/auth/token' && (r.status === 401 || r.status === 429)) {
    tables.add('login_attempts');
    auditActions.add('auth.sign_in_failed');
  }
  // Every post to the public lead form counts against its address (and key) before anything else is checked, so a
  // refused one too: that is what slows down guessing keys and flooding a branch's leads.
  if (r.method === 'POST' && r.path === '/api/public/leads' && r.status >= 400 && r.status < 500) tables.add('login_attempts');
  // A write sent with an Idempotency-Key stores its answer, a 4xx included, so a retry gets the same answer.
  if (r.method !== 'GET' && Object.keys(r.headers).some((h) => h.toLowerCase() === 'idempotency-key')) tables.add('idempotency_keys');
  return tables.size || auditActions.size ? { tables, auditActions } : NONE;
}
