// A text one character over its field's limit is answered with the limit, in the request's language, never with
// "required" (`POST /lid/` with a 151-character name used to answer {"full_name": ["Majburiy maydon"]}; rooms,
// branches and marketing groups did the same). Every contract schema is walked in
// tests/unit/contract/maxLengthMessages.test.ts; these are the reported ones end to end, and nothing is written.
import { describe, expect, it } from 'vitest';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

const long = (n: number) => 'Ш'.repeat(n + 1);
const limit = (max: number) => [`Ko‘pi bilan ${max} ta belgi bo‘lishi kerak`, `Must be at most ${max} characters`];

describe.each(backends())('messages for texts over their limit on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);

  /** The same request in Uzbek (the default) and in English: [uz body, en body], both 400. */
  async function both(path: string, body: Record<string, unknown>) {
    const { access_token: token } = await t.signInAs('DIRECTOR');
    const uz = await t.call('POST', path, { token, body });
    const en = await t.call('POST', path, { token, body, headers: EN });
    expect([uz.status, en.status], `${uz.text} ${en.text}`).toEqual([400, 400]);
    return [uz.json, en.json];
  }
  const answers = (field: string, max: number) => limit(max).map((m) => ({ [field]: [m] }));

  it('a lead: the name (150) and the comment (2000)', async () => {
    const filial = await f.filial('Chilonzor');
    const lead = { filial, full_name: 'Aziza Karimova', phone: '+998901112233' };
    expect(await both('/api/lid/', { ...lead, full_name: long(150) })).toEqual(answers('full_name', 150));
    expect(await both('/api/lid/', { ...lead, comment: long(2000) })).toEqual(answers('comment', 2000));
    // Exactly at the limit is taken.
    const { access_token: token } = await t.signInAs('DIRECTOR');
    expect((await t.call('POST', '/api/lid/', { token, body: { ...lead, full_name: 'Ш'.repeat(150) } })).status).toBe(201);
  });

  it('a room (100), a branch (name 100, address 300) and a marketing group (100)', async () => {
    const filial = await f.filial('Chilonzor');
    expect(await both('/api/groups/room/', { filial, name: long(100), capacity: 12 })).toEqual(answers('name', 100));
    expect(await both('/api/filial/', { name: long(100) })).toEqual(answers('name', 100));
    expect(await both('/api/filial/', { name: 'Sergeli', address: long(300) })).toEqual(answers('address', 300));
    expect(await both('/api/marketing/group/', { name: long(100) })).toEqual(answers('name', 100));
  });

  it('still says "required" for a missing or empty text', async () => {
    expect(await both('/api/marketing/group/', {})).toEqual([{ name: ['Majburiy maydon'] }, { name: ['This field is required'] }]);
    expect(await both('/api/marketing/group/', { name: '   ' })).toEqual([{ name: ['Majburiy maydon'] }, { name: ['This field is required'] }]);
  });
});
