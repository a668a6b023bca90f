// GET /comments/mentionable/: who a comment may mention (active employees of the branch and those with no
// branches), scoped (another branch 404), behind the comment pages (403), bad input 400; a person from the list
// mentioned in a student comment gets a notification linking to the student's comments.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mentionableList } from '../../contract/mentions';
import { notification } from '../../contract/notifications';
import { employees } from '../../server/db/schema';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('mentionable people on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  it('lists the branch’s active employees and those of every branch, by name', async () => {
    const { access_token: token } = await t.signInAs('ADMINISTRATOR');
    const chilonzor = await t.filialId('Chilonzor');
    const archived = await f.employee('TEACHER', 'Chilonzor');
    await t.db.update(employees).set({ isArchived: true }).where(eq(employees.id, archived.id));
    const elsewhere = await f.employee('TEACHER', 'Yunusobod');
    const res = await t.call('GET', `/api/comments/mentionable/?filial=${chilonzor}`, { token });
    expect(res.status).toBe(200);
    const list = mentionableList.parse(res.json);
    const ids = list.map((p) => p.id);
    expect(ids).toContain(t.demo('DIRECTOR').id); // no branches: works in every branch
    expect(ids).toContain(t.demo('ADMINISTRATOR').id);
    expect(ids).toContain(t.demo('MULTIPLE_FILIAL_MANAGER').id);
    expect(ids).not.toContain(t.demo('TESTOLOG').id); // Yunusobod only
    expect(ids).not.toContain(archived.id);
    expect(ids).not.toContain(elsewhere.id);
    expect(list.find((p) => p.id === t.demo('DIRECTOR').id)).toEqual({ id: t.demo('DIRECTOR').id, full_name: t.demo('DIRECTOR').name, role: 'DIRECTOR' });
    const names = list.map((p) => p.full_name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // Without a branch: the reader's scope (Chilonzor for this administrator).
    expect(mentionableList.parse((await t.call('GET', '/api/comments/mentionable/', { token })).json).map((p) => p.id)).toEqual(ids);
  });

  it('answers 404 for another branch, 403 without a comment page, 400 for a bad branch', async () => {
    const { access_token: admin } = await t.signInAs('ADMINISTRATOR');
    expect((await t.call('GET', `/api/comments/mentionable/?filial=${await t.filialId('Yunusobod')}`, { token: admin })).status).toBe(404);
    const { access_token: teacher } = await t.signInAs('TEACHER');
    expect((await t.call('GET', '/api/comments/mentionable/', { token: teacher })).status).toBe(403);
    const bad = await t.call('GET', '/api/comments/mentionable/?filial=abc', { token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json)).toEqual(['filial']);
  });

  it('a mention of someone on the list reaches their bell with a link to the student’s comments', async () => {
    const { access_token: admin } = await t.signInAs('ADMINISTRATOR');
    const chilonzor = await t.filialId('Chilonzor');
    const student = await f.student(chilonzor);
    const director = t.demo('DIRECTOR');
    const people = mentionableList.parse((await t.call('GET', `/api/comments/mentionable/?filial=${chilonzor}`, { token: admin })).json);
    expect(people.some((p) => p.id === director.id)).toBe(true);
    const text = `Please call the parents ${student.id}`;
    const res = await t.call('POST', '/api/comments/', { token: admin, body: { student: student.id, text, mentions: [director.id] } });
    expect(res.status, res.text).toBe(201);
    const { access_token: dt } = await t.signInAs('DIRECTOR');
    const bell = notification.array().parse((await t.call('GET', `/api/notifications/no-pg/?is_read=false`, { token: dt })).json);
    const mine = bell.find((n) => n.comment.includes(text));
    expect(mine?.link).toBe(`/students/info?id=${student.id}&tab=comments`);
  });
});
