// The lead pages read the branch's groups (an order names a group and its first lesson day): GET /groups/no-pg/
// and /groups/{id}/ answer the call operator, the rest of the groups area still does not (the list is also a
// look-up of the student pages: contract/lookups.ts).
import { describe, expect, it } from 'vitest';
import { group } from '../../contract/groups';
import { backends, useTestApp } from './harness';

describe.each(backends())('groups read for orders on %s', (backend) => {
  const t = useTestApp(backend);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;

  it('lets the call operator list and open the groups of its branch, not the groups pages', async () => {
    const operator = await token('CALL_OPERATOR');
    const list = await t.call('GET', '/api/groups/no-pg/', { token: operator });
    expect(list.status).toBe(200);
    const groups = group.array().parse(list.json);
    expect(groups.length).toBeGreaterThan(0);
    const one = await t.call('GET', `/api/groups/${groups[0].id}/`, { token: operator });
    expect(one.status).toBe(200);
    expect(group.parse(one.json).id).toBe(groups[0].id);
    expect((await t.call('GET', '/api/groups/', { token: operator })).status).toBe(403);
    expect((await t.call('GET', `/api/groups/${groups[0].id}/schedule`, { token: operator })).status).toBe(403);
    expect((await t.call('PATCH', `/api/groups/${groups[0].id}/`, { token: operator, body: { name: 'x' } })).status).toBe(403);
  });

  it('still refuses roles without a groups or leads page', async () => {
    // The accountant's student filters read the branch's groups (a look-up); one group's page stays closed.
    const accounting = await token('ACCOUNTING');
    expect((await t.call('GET', '/api/groups/no-pg/', { token: accounting })).status).toBe(200);
    expect((await t.call('GET', '/api/groups/1/', { token: accounting })).status).toBe(403);
    const attendance = await token('ATTENDANCE_MANAGER');
    expect((await t.call('GET', '/api/groups/no-pg/', { token: attendance })).status).toBe(403);
  });
});
