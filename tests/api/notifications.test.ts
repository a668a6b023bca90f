// The bell: own unread notifications, newest first, and mark-read (spec sections 4 and 7).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notification } from '../../contract/notifications';
import { notifications } from '../../server/db/schema';
import { backends, useTestApp } from './harness';

describe.each(backends())('notifications on %s', (backend) => {
  const t = useTestApp(backend);

  async function ownIds(userId: number) {
    const rows = await t.db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, userId));
    return rows.map((r) => r.id);
  }

  it('lists the unread notifications of the user, newest first', async () => {
    const director = t.demo('DIRECTOR');
    const { access_token: token } = await t.signInAs('DIRECTOR');
    const res = await t.call('GET', `/api/notifications/no-pg/?user=${director.id}&is_read=false`, { token });
    expect(res.status).toBe(200);
    const list = notification.strict().array().parse(res.json);
    expect(list).toHaveLength(3);
    expect(list.every((n) => !n.is_read)).toBe(true);
    const times = list.map((n) => Date.parse(n.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list[0].created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
  });

  it('defaults to the signed-in user and forbids reading someone else', async () => {
    const { access_token: token } = await t.signInAs('TEACHER');
    const own = await t.call('GET', '/api/notifications/no-pg', { token });
    expect(own.json).toHaveLength(2);
    const other = await t.call('GET', `/api/notifications/no-pg/?user=${t.demo('DIRECTOR').id}&is_read=false`, { token });
    expect(other.status).toBe(403);
    expect(other.json).toHaveProperty('detail');
  });

  it('marks one read, with an audit entry, and the unread list shrinks', async () => {
    const teacher = t.demo('TEACHER');
    const { access_token: token } = await t.signInAs('TEACHER');
    const [id] = await ownIds(teacher.id);
    const res = await t.call('PATCH', `/api/notifications/${id}`, { token, body: { is_read: true } });
    expect(res.status).toBe(200);
    expect(notification.strict().parse(res.json)).toMatchObject({ id, is_read: true });
    const unread = await t.call('GET', `/api/notifications/no-pg/?user=${teacher.id}&is_read=false`, { token });
    expect(unread.json.map((n: { id: number }) => n.id)).not.toContain(id);
    const all = await t.call('GET', `/api/notifications/no-pg/?user=${teacher.id}`, { token });
    expect(all.json).toHaveLength(2);
    expect(await t.lastAudit('notification.mark_read', id)).toMatchObject({ actorId: teacher.id, before: { is_read: false }, after: { is_read: true } });
    // With the trailing slash too, and back to unread.
    const back = await t.call('PATCH', `/api/notifications/${id}/`, { token, body: { is_read: false } });
    expect(back.json.is_read).toBe(false);
  });

  it("answers 404 for someone else's notification and for an unknown id", async () => {
    const { access_token: token } = await t.signInAs('TEACHER');
    const [directorsOwn] = await ownIds(t.demo('DIRECTOR').id);
    for (const id of [directorsOwn, 987654]) {
      const res = await t.call('PATCH', `/api/notifications/${id}/`, { token, body: { is_read: true } });
      expect(res.status).toBe(404);
      expect(res.json).toHaveProperty('detail');
    }
    const [row] = await t.db.select().from(notifications).where(eq(notifications.id, directorsOwn));
    expect(row.isRead).toBe(false);
  });

  it("answers a wrong body with zod's message in the request language", async () => {
    const { access_token: token } = await t.signInAs('TEACHER');
    const [id] = await ownIds(t.demo('TEACHER').id);
    const uz = await t.call('PATCH', `/api/notifications/${id}`, { token, body: { is_read: 'yes' } });
    const en = await t.call('PATCH', `/api/notifications/${id}`, { token, body: { is_read: 'yes' }, headers: { 'accept-language': 'en' } });
    expect(uz.status).toBe(400);
    expect(en.json.is_read[0]).toMatch(/expected boolean/i);
    expect(uz.json.is_read[0]).not.toBe(en.json.is_read[0]);
    const query = await t.call('GET', '/api/notifications/no-pg/?is_read=perhaps&user=x', { token });
    expect(query.status).toBe(400);
    expect(Object.keys(query.json).sort()).toEqual(['is_read', 'user']);
  });
});
