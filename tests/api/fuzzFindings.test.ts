// Inputs the API fuzzer (fuzz.test.ts) found breaking the server, each pinned down as it was sent.
import { describe, expect, it } from 'vitest';
import { errorShapeProblem } from '../fuzz/errorShape';
import { backends, useTestApp, type CallResult } from './harness';

const errorShaped = (res: CallResult) => errorShapeProblem(res.headers.get('content-type'), res.text);

describe.each(backends)('%s', (backend) => {
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

  it("a student's vouchers with an id past PostgreSQL's integer answer 400 (the query reached the database)", async () => {
    const { access_token } = await t.signInAs('ADMINISTRATOR');
    const res = await t.call('GET', '/api/finance/voucher/student?id=5375461829499160', { token: access_token });
    expect(res.status).toBe(400);
    expect(errorShaped(res)).toBeNull();
    expect(Object.keys(res.json)).toEqual(['id']);
  });
});
