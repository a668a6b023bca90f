// Issue 18 §3, the public lead form: a branch's key (required, unknown, revoked), the director's keys (shown once,
// listed without the secret, origins edited, revoked, audited), limits per address and per key held in the
// database, the honeypot, CORS for the listed origins only (preflight too), per-field 400s, and the lead in the
// branch's new leads with its source and a bell notification for the branch's call operators — nothing written
// when the post is refused.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createdLeadKey, leadKey } from '../../contract/leadCapture';
import { auditLog, leadKeys, leads, marketingSources, notifications, subjects } from '../../server/db/schema';
import { REAL_LOCALES } from './catalogueSupport';
import { backends, freshAddress, useTestApp } from './harness';

const SITE = 'https://markaz-site.uz';

describe.each(backends())('the public lead form on %s', (backend) => {
  const t = useTestApp(backend, { ...REAL_LOCALES, LEAD_FORM_PER_ADDRESS: '3', LEAD_FORM_PER_KEY: '6' });
  let phones = 0;
  const phone = () => `+99899${String(process.pid % 1000).padStart(3, '0')}${String(++phones).padStart(4, '0')}`;

  async function director() {
    return (await t.signInAs('DIRECTOR')).access_token;
  }

  async function newKey(filial: number, origins: string[] = [SITE]) {
    const res = await t.call('POST', `/api/filial/${filial}/lead_keys/`, { token: await director(), body: { label: 'Sayt', origins } });
    expect(res.status).toBe(201);
    return createdLeadKey.parse(res.json);
  }

  const post = (key: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
    t.call('POST', '/api/public/leads/', { body, headers: { ...freshAddress(), ...(key ? { 'x-lead-key': key } : {}), ...headers } });

  const tableCounts = async () => ({
    leads: (await t.db.select({ n: count() }).from(leads))[0].n,
    notifications: (await t.db.select({ n: count() }).from(notifications))[0].n,
  });

  it('makes a key shown once, lists it without the secret, edits its origins, revokes it, and audits each', async () => {
    const filial = await t.filialId('Chilonzor');
    const made = await newKey(filial);
    expect(made.key).toMatch(/^lk_[A-Za-z0-9_-]{32}$/);
    const [stored] = await t.db.select().from(leadKeys).where(eq(leadKeys.id, made.id));
    expect(stored.keyHash).not.toContain(made.key);
    const token = await director();
    const list = await t.call('GET', `/api/filial/${filial}/lead_keys/`, { token });
    expect(list.status).toBe(200);
    const listed = leadKey.strict().array().parse(list.json).find((k) => k.id === made.id)!;
    expect(listed).toMatchObject({ label: 'Sayt', origins: [SITE], last_used_at: null, revoked_at: null });
    expect(list.text).not.toContain(made.key);

    const patched = await t.call('PATCH', `/api/filial/${filial}/lead_keys/${made.id}/`, { token, body: { origins: ['https://A.uz/', 'https://a.uz', 'http://localhost:8080'] } });
    expect(patched.status).toBe(200);
    expect(leadKey.parse(patched.json).origins).toEqual(['https://a.uz', 'http://localhost:8080']);
    const bad = await t.call('PATCH', `/api/filial/${filial}/lead_keys/${made.id}/`, { token, body: { origins: ['https://a.uz/form'] } });
    expect(bad.status).toBe(400);
    expect(bad.json).toHaveProperty(['origins.0']);

    expect((await t.call('DELETE', `/api/filial/${filial}/lead_keys/${made.id}/`, { token })).status).toBe(204);
    const revoked = leadKey.array().parse((await t.call('GET', `/api/filial/${filial}/lead_keys/`, { token })).json).find((k) => k.id === made.id)!;
    expect(revoked.revoked_at).not.toBeNull();
    for (const action of ['lead_key.create', 'lead_key.update', 'lead_key.revoke']) expect(await t.lastAudit(action, made.id)).toBeDefined();

    // Another branch's key is unknown under this branch's path; only the director manages keys.
    const other = await newKey(await t.filialId('Yunusobod'));
    expect((await t.call('DELETE', `/api/filial/${filial}/lead_keys/${other.id}/`, { token })).status).toBe(404);
    const manager = (await t.signInAs('MULTIPLE_FILIAL_MANAGER')).access_token;
    expect((await t.call('POST', `/api/filial/${filial}/lead_keys/`, { token: manager, body: {} })).status).toBe(403);
  });

  it('takes a lead into the branch’s new leads with its source and subject, and rings the branch’s call operators', async () => {
    const filial = await t.filialId('Chilonzor');
    const operator = await t.addEmployee({ role: 'CALL_OPERATOR', phone: phone(), password: 'op-pass-1', fullName: 'Form Operator', filials: ['Chilonzor'] });
    const elsewhere = await t.addEmployee({ role: 'CALL_OPERATOR', phone: phone(), password: 'op-pass-1', fullName: 'Other Operator', filials: ['Yunusobod'] });
    const [subject] = await t.db.select().from(subjects).where(eq(subjects.isArchived, false)).limit(1);
    const [source] = await t.db.select().from(marketingSources).where(eq(marketingSources.isArchived, false)).limit(1);
    const { key } = await newKey(filial);
    const who = phone();
    const res = await post(key, { full_name: '  Aziza Karimova ', phone: who.replace(/(\d{2})(\d{3})(\d{2})(\d{2})$/, ' $1 $2 $3 $4'), subject: subject.name.toUpperCase(), source: source.id, comment: 'Kechqurun', website: '' }, { origin: SITE });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ received: true });
    expect(res.headers.get('access-control-allow-origin')).toBe(SITE);

    const [lead] = await t.db.select().from(leads).where(eq(leads.phone, who));
    expect(lead).toMatchObject({ filialId: filial, fullName: 'Aziza Karimova', subjectId: subject.id, sourceId: source.id, stage: 'YANGI_LEAD', isArchived: false, comment: 'Kechqurun', createdBy: null });
    const bell = await t.db.select().from(notifications).where(eq(notifications.userId, operator));
    expect(bell).toEqual([expect.objectContaining({ comment: `Saytdan yangi lid: Aziza Karimova, ${who}`, link: `/leads/lead_info?id=${lead.id}`, filialId: filial, isRead: false })]);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, elsewhere))).toEqual([]);
    const [audit] = await t.db.select().from(auditLog).where(and(eq(auditLog.action, 'lead.create'), eq(auditLog.entityId, String(lead.id))));
    expect(audit.actorId).toBeNull();

    // The staff's list shows it among the branch's new leads.
    const list = await t.call('GET', `/api/lid/?filial=${filial}&search=${encodeURIComponent(who)}`, { token: await director() });
    expect(JSON.stringify(list.json)).toContain('Aziza Karimova');
    // An unknown subject name does not lose the lead: it is kept in the comment.
    expect((await post(key, { full_name: 'Bek', phone: phone(), subject: 'Xitoy tili' })).status).toBe(201);
    const [kept] = await t.db.select().from(leads).where(eq(leads.fullName, 'Bek'));
    expect(kept).toMatchObject({ subjectId: null, comment: 'Xitoy tili' });
  });

  it('refuses a missing, unknown or revoked key, and writes nothing', async () => {
    const filial = await t.filialId('Chilonzor');
    const made = await newKey(filial);
    const body = { full_name: 'Nobody', phone: phone() };
    const before = await tableCounts();
    expect((await post(undefined, body)).status).toBe(401);
    expect((await post('lk_wrong', body)).status).toBe(401);
    await t.call('DELETE', `/api/filial/${filial}/lead_keys/${made.id}/`, { token: await director() });
    const revoked = await post(made.key, body);
    expect(revoked.status).toBe(401);
    expect(revoked.json).toEqual({ detail: 'Unknown or revoked lead key' });
    expect(await tableCounts()).toEqual(before);
  });

  it('answers per-field 400s in the request’s language, and writes nothing', async () => {
    const { key } = await newKey(await t.filialId('Chilonzor'));
    const before = await tableCounts();
    const res = await post(key, { full_name: '', phone: '12345', subject: 999_999, comment: 'x'.repeat(2001) }, { 'accept-language': 'en' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({
      full_name: ['This field is required'],
      phone: ['Phone must look like +998 XX XXX XX XX'],
      comment: ['Must be at most 2000 characters'],
    });
    const unknown = await post(key, { full_name: 'Ali', phone: phone(), subject: 999_999 });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ subject: [expect.any(String)] });
    expect(await tableCounts()).toEqual(before);
  });

  it('answers a bot that fills the honeypot as a person, and makes no lead', async () => {
    const { key } = await newKey(await t.filialId('Chilonzor'));
    const before = await tableCounts();
    const res = await post(key, { full_name: 'Bot', phone: phone(), website: 'http://spam.example' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ received: true });
    expect(await tableCounts()).toEqual(before);
  });

  it('limits posts per address and per key across requests, in the database', async () => {
    const { key } = await newKey(await t.filialId('Chilonzor'));
    const from = freshAddress();
    for (let i = 0; i < 3; i++) expect((await post(key, { full_name: `Limit ${i}`, phone: phone() }, from)).status).toBe(201);
    const limited = await post(key, { full_name: 'Limit 3', phone: phone() }, from);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // A wrong key from that address is refused by the limit too: keys cannot be guessed faster.
    expect((await post('lk_guess', { full_name: 'G', phone: phone() }, from)).status).toBe(429);
    // The key's own limit (6 in 15 minutes) holds whatever the address.
    for (let i = 0; i < 3; i++) expect((await post(key, { full_name: `Spread ${i}`, phone: phone() })).status).toBe(201);
    expect((await post(key, { full_name: 'Spread 3', phone: phone() })).status).toBe(429);
    expect(await t.db.select().from(leads).where(eq(leads.fullName, 'Spread 3'))).toEqual([]);
    // Another key of the branch has its own count.
    expect((await post((await newKey(await t.filialId('Chilonzor'))).key, { full_name: 'Fresh', phone: phone() })).status).toBe(201);
  });

  it('answers CORS for the key’s origins only, preflight included, and refuses a post from another origin', async () => {
    const { key } = await newKey(await t.filialId('Chilonzor'), ['https://only-here.uz']);
    const preflight = await t.app.request('/api/public/leads/', {
      method: 'OPTIONS',
      headers: { origin: 'https://only-here.uz', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,x-lead-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://only-here.uz');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-lead-key/i);
    const stranger = await t.app.request('/api/public/leads/', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(stranger.headers.get('access-control-allow-origin')).toBeNull();

    const before = await tableCounts();
    const denied = await post(key, { full_name: 'Evil', phone: phone() }, { origin: 'https://evil.example' });
    expect(denied.status).toBe(403);
    expect(denied.headers.get('access-control-allow-origin')).toBeNull();
    expect(await tableCounts()).toEqual(before);
    // Another key's origin is not this key's.
    expect((await post(key, { full_name: 'Site', phone: phone() }, { origin: SITE })).status).toBe(403);
    const allowed = await post(key, { full_name: 'Here', phone: phone() }, { origin: 'https://only-here.uz' });
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://only-here.uz');
    // The page reads its own refusals too (a 400 carries the CORS headers of an allowed origin).
    const invalid = await post(key, { full_name: 'Here' }, { origin: 'https://only-here.uz' });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('access-control-allow-origin')).toBe('https://only-here.uz');
  });
});
