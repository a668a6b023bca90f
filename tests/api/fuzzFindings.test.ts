// Inputs the API fuzzer (fuzz.test.ts) found breaking the server, each pinned down as it was sent.
import { describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../fuzz/errorShape';
import { backends, useTestApp, type CallResult } from './harness';

const errorShaped = (res: CallResult) => errorShapeProblem(res.headers.get('content-type'), res.text);

describe.each(backends())('%s', (backend) => {
  const t = useTestApp(backend);

  it('an extra lesson whose times are not slots answers 400 per field (the time-order rule threw on them)', async () => {
    const { access_token } = await t.signInAs('DIRECTOR');
    const res = await t.call('POST', '/api/lessons/group-extra', {
      token: access_token,
      body: { group: 1, date: '2011-01-22', start_time: 'caller', end_time: 'Ўзбекистон', room: 81 },
    });
    expect(res.status).toBe(400);
    expect(errorShaped(res)).toBeNull();
    expect(Object.keys(res.json)).toEqual(expect.arrayContaining(['start_time', 'end_time']));
  });

  it('a day in year 0000 answers 400 for its field (right shape, but PostgreSQL has no year 0: the report answered 500)', async () => {
    const { access_token } = await t.signInAs('MULTIPLE_FILIAL_MANAGER');
    const report = await t.call('GET', '/api/finance/report?filial=1&start_date=2000-01-01&end_date=0000-01-01', { token: access_token });
    expect(report.status).toBe(400);
    expect(errorShaped(report)).toBeNull();
    expect(Object.keys(report.json)).toEqual(['end_date']);
    const director = (await t.signInAs('DIRECTOR')).access_token;
    const lessons = await t.call('GET', '/api/lessons/?start_date=0099-12-31', { token: director });
    expect([lessons.status, Object.keys(lessons.json ?? {})]).toEqual([400, ['start_date']]);
  });

  it("a student's vouchers with an id past PostgreSQL's integer answer 400 (the query reached the database)", async () => {
    const { access_token } = await t.signInAs('ADMINISTRATOR');
    const res = await t.call('GET', '/api/finance/voucher/student?id=5375461829499160', { token: access_token });
    expect(res.status).toBe(400);
    expect(errorShaped(res)).toBeNull();
    expect(Object.keys(res.json)).toEqual(['id']);
  });

  it('text with U+0000 answers 400 for its field (PostgreSQL refused it: 500), in bodies and queries alike', async () => {
    const { access_token } = await t.signInAs('DIRECTOR');
    const res = await t.call('PUT', '/api/homework/3', {
      token: access_token,
      body: { filial: 1, theme: 6, title: '~$8', description: '\u0000'.repeat(40) },
    });
    expect(res.status).toBe(400);
    expect(errorShaped(res)).toBeNull();
    expect(Object.keys(res.json)).toEqual(['description']);
    const search = await t.call('GET', '/api/students?search=a%00b', { token: access_token });
    expect(search.status).toBe(400);
    expect(Object.keys(search.json)).toEqual(['search']);
  });

  it("a placement test in a branch that does not exist answers 404 for a director (the insert broke the branch's foreign key)", async () => {
    const { access_token } = await t.signInAs('DIRECTOR');
    const body = {
      filial: 107,
      title: 'oP+RTCA',
      kind: 'progress',
      subject: 1,
      level: 2,
      duration_minutes: 190,
      questions: [{ text: 'k$1n#1QcN}@p', options: [{ text: 'CG:U<LAK', is_correct: false }, { text: '$F$PZ%tiRlCM', is_correct: true }] }],
    };
    const created = await t.call('POST', '/api/tests', { token: access_token, body });
    expect(created.status).toBe(404);
    expect(errorShaped(created)).toBeNull();
    const [test] = (await t.call('GET', '/api/tests', { token: access_token })).json.results;
    const updated = await t.call('PUT', `/api/tests/${test.id}`, { token: access_token, body });
    expect(updated.status).toBe(404);
  });

  it('a shop item in a branch that does not exist answers 404 for a director (the insert broke the foreign key)', async () => {
    const { access_token } = await t.signInAs('DIRECTOR');
    const res = await t.call('POST', '/api/shop/items', { token: access_token, body: { filial: 194, name: '9K3 M', price_coins: 412259, stock: 54 } });
    expect(res.status).toBe(404);
    expect(errorShaped(res)).toBeNull();
  });

  it('a path holding %00 answers 404, also with an Idempotency-Key (storing the path failed in PostgreSQL)', async () => {
    const { access_token } = await t.signInAs('SERVICE_MANAGER');
    const res = await t.call('PATCH', '/api/shop/items/%00', {
      token: access_token,
      headers: { 'idempotency-key': 'c8acfc4e-0008-1000-8000-00060000000c' },
      body: { name: 'pU&"!G#}|0#z', price_coins: 999986, stock: 76, stock_add: -1, is_archived: true },
    });
    expect(res.status).toBe(404);
    expect(errorShaped(res)).toBeNull();
  });
});
