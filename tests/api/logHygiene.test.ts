// No secret reaches the server's logs: sign-in with right and wrong passwords, refresh, password change,
// employee create, and failures inside those writes (a statement refused by the database, a closed database)
// are run with every console method and both output streams captured, and none of the passwords, tokens, the
// signing secret or a stored password hash appears in what was written.
import { format } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backends, freshAddress, makeTestApp, openSeededTestDb, TEST_SECRET, useTestApp } from './harness';

const CONSOLE = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

function captureOutput() {
  const lines: string[] = [];
  const spies = [
    ...CONSOLE.map((m) => vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void lines.push(format(...args)))),
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: unknown) => (lines.push(String(chunk)), true)),
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk: unknown) => (lines.push(String(chunk)), true)),
  ];
  return { text: () => lines.join('\n'), restore: () => spies.forEach((s) => s.mockRestore()) };
}

const run = `${process.pid % 1000}`.padStart(3, '0');

describe.each(backends())('log hygiene on %s', (backend) => {
  const t = useTestApp(backend);
  let out: ReturnType<typeof captureOutput>;
  beforeEach(() => {
    out = captureOutput();
  });
  afterEach(() => out.restore());

  /** Fails with the offending secret's name (not its value) if any of them was written. */
  function expectNoSecrets(secrets: Record<string, string>) {
    const text = out.text();
    const leaked = Object.entries(secrets).filter(([, value]) => value && text.includes(value)).map(([name]) => name);
    expect(leaked).toEqual([]);
    expect(text).not.toMatch(/scrypt\$\d+\$/);
    expect(text).not.toMatch(/\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\./);
  }

  it('signs in (wrong, then right), refreshes, changes a password and creates an employee without logging a secret', async () => {
    const director = t.demo('DIRECTOR');
    const wrongPassword = `wrong-Passw0rd-${run}`;
    const wrong = await t.call('POST', '/api/auth/token', { body: { phone: director.phone, password: wrongPassword }, headers: freshAddress() });
    expect(wrong.status).toBe(401);
    const pair = await t.signIn(director.phone, director.password, freshAddress());
    const refreshed = await t.call('POST', '/api/auth/refresh', { body: { refresh_token: pair.refresh_token } });
    expect(refreshed.status).toBe(200);
    const token = refreshed.json.access_token as string;

    const staffPassword = `Staff-Passw0rd-${run}`;
    const created = await t.call('POST', '/api/api/employees/', {
      token,
      body: { full_name: 'Log Gigiyena', phone: `+99877${run}8801`, password: staffPassword, role: 'ADMINISTRATOR', filials: [await t.filialId('Chilonzor')] },
    });
    expect(created.status, created.text).toBe(201);
    const newPassword = `Changed-Passw0rd-${run}`;
    const changed = await t.call('PATCH', `/api/auth/update/${created.json.id}/`, { token, body: { password: newPassword } });
    expect(changed.status, changed.text).toBe(200);
    await t.signIn(`+99877${run}8801`, newPassword, freshAddress());

    expectNoSecrets({
      wrongPassword,
      directorPassword: director.password,
      staffPassword,
      newPassword,
      access: pair.access_token,
      refresh: pair.refresh_token,
      refreshedAccess: token,
      refreshedRefresh: refreshed.json.refresh_token,
      jwtSecret: TEST_SECRET,
    });
  });

  it('logs a write the database refuses (500) with its statement but without its parameters', async () => {
    const { access_token } = await t.signInAs('DIRECTOR');
    const victim = t.demo('ACCOUNTING').id;
    const blockedPhone = `+99877${run}8802`;
    // Refuses a new row with this phone and any change to one existing row: the insert and the update that carry
    // a password hash fail inside the database, past validation.
    await t.db.execute(sql.raw(`alter table employees add constraint log_probe_chk check (phone <> '${blockedPhone}' and id <> ${victim}) not valid`));
    try {
      const password = `Blocked-Passw0rd-${run}`;
      const create = await t.call('POST', '/api/api/employees/', {
        token: access_token,
        body: { full_name: 'Log Gigiyena Ikki', phone: blockedPhone, password, role: 'ADMINISTRATOR', filials: [await t.filialId('Chilonzor')] },
      });
      expect(create.status).toBe(500);
      expect(create.json).toEqual({ detail: 'Internal server error' });
      const newPassword = `Refused-Passw0rd-${run}`;
      const change = await t.call('PATCH', `/api/auth/update/${victim}/`, { token: access_token, body: { password: newPassword } });
      expect(change.status).toBe(500);

      const text = out.text();
      // The failures were logged, with the statement that failed, so they can be found…
      expect(text).toMatch(/POST \/api\/api\/employees\/? failed/);
      expect(text).toMatch(/PATCH \/api\/auth\/update\/\d+\/? failed/);
      expect(text).toMatch(/insert into "employees"/);
      expect(text).toMatch(/params: \[\d+ hidden\]/);
      // …and without the secrets that were in play.
      expectNoSecrets({ password, newPassword, access: access_token, jwtSecret: TEST_SECRET });
    } finally {
      await t.db.execute(sql.raw('alter table employees drop constraint log_probe_chk'));
    }
  });

  it('answers a closed database (500 or 503) without logging the password of the sign-in that met it', async () => {
    const opened = await openSeededTestDb(backend);
    const broken = await makeTestApp(opened.handle.db);
    const director = broken.demo('DIRECTOR');
    const { access_token } = await broken.signInAs('DIRECTOR');
    await opened.drop();
    const signIn = await broken.call('POST', '/api/auth/token', { body: { phone: director.phone, password: director.password }, headers: freshAddress() });
    const me = await broken.call('GET', '/api/auth/me', { token: access_token });
    // A bug (500, logged) or, where the driver reports a lost connection, the database being away (503).
    for (const res of [signIn, me]) expect([500, 503]).toContain(res.status);
    if (signIn.status === 500) expect(out.text()).toMatch(/POST \/api\/auth\/token\/? failed/);
    expectNoSecrets({ password: director.password, access: access_token, jwtSecret: TEST_SECRET });
  });
});
