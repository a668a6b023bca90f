// Log redaction: secrets in free text and in errors (a failed statement's parameters, causes) are masked.
import { describe, expect, it } from 'vitest';
import { describeError, describeErrorBriefly, redactSecrets } from '../../../server/log/redact';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJlLXBhcnQ';
const HASH = 'scrypt$16384$8$1$c2FsdA==$aGFzaA==';

class FakeQueryError extends Error {
  constructor(
    readonly query: string,
    readonly params: unknown[],
    cause?: unknown,
  ) {
    super(`Failed query: ${query}\nparams: ${params.join(',')}`, { cause });
  }
}

describe('redactSecrets', () => {
  it('masks the password of a connection string and keeps the rest', () => {
    expect(redactSecrets('connect postgres://markaz:S3cr3t!@db.local:5432/markaz failed')).toBe('connect postgres://markaz:[redacted]@db.local:5432/markaz failed');
    expect(redactSecrets('postgres://postgres@127.0.0.1/test')).toBe('postgres://postgres@127.0.0.1/test');
  });

  it('masks bearer tokens, JWTs and stored password hashes', () => {
    expect(redactSecrets(`Authorization: Bearer ${JWT}`)).not.toContain(JWT);
    expect(redactSecrets(`token ${JWT} expired`)).toBe('token [redacted] expired');
    expect(redactSecrets(`values (${HASH}, 3)`)).toBe('values ([redacted], 3)');
  });

  it('masks password, token and secret fields in JSON and key=value text', () => {
    const text = redactSecrets('{"phone":"+998901112233","password":"hunter2","refresh_token":"abc.def"} JWT_SECRET=topsecret new_password: "x y"');
    expect(text).toContain('"phone":"+998901112233"');
    for (const secret of ['hunter2', 'abc.def', 'topsecret', 'x y']) expect(text).not.toContain(secret);
  });

  it('leaves ordinary text and file paths alone', () => {
    const line = 'at hashPassword (/srv/server/auth/password.ts:12:5) in tokens.ts:40';
    expect(redactSecrets(line)).toBe(line);
  });
});

describe('describeError', () => {
  it("keeps a failed statement's SQL and hides its parameters, in the message, the stack and the cause", () => {
    const cause = new Error(`new row violates check constraint; password_hash=${HASH}`);
    const err = new FakeQueryError('insert into "employees" ("phone", "password_hash") values ($1, $2)', ['+998901112233', HASH], cause);
    const text = describeError(err);
    expect(text).toContain('insert into "employees"');
    expect(text).toContain('params: [2 hidden]');
    expect(text).toContain('Caused by: Error: new row violates check constraint');
    expect(text).toMatch(/at .*redact\.test\.ts/);
    expect(text).not.toContain(HASH);
    expect(text).not.toContain('+998901112233');
    expect(describeErrorBriefly(err)).toBe('Failed query: insert into "employees" ("phone", "password_hash") values ($1, $2)\nparams: [2 hidden]');
  });

  it('masks secrets in plain errors and in thrown non-errors', () => {
    expect(describeErrorBriefly(new Error(`bad token ${JWT}`))).toBe('bad token [redacted]');
    expect(describeError({ password: 'hunter2' })).not.toContain('hunter2');
    expect(describeError('postgres://u:pw@h/db')).toBe('postgres://u:[redacted]@h/db');
  });
});
