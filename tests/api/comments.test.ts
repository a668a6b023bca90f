// Comments over the API (spec section 7): on students and leads (/comments/all/{id}/, POST /comments/) and on
// employees (/comments/stuff/), newest first with their author; bad input 400, another branch 404, pages 403.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { COMMENT_MAX_LENGTH, commentItem, commentPage } from '../../contract/comments';
import { comments, leads } from '../../server/db/schema';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('comments on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);
  const send = (token: string, body: unknown, path = '/api/comments/') => t.call('POST', path, { token, body });
  const read = (token: string, path: string) => t.call('GET', path, { token });

  async function leadIn(filial: 'Chilonzor' | 'Samarqand') {
    const filialId = await f.filial(filial);
    const [lead] = await t.db.select({ id: leads.id }).from(leads).where(eq(leads.filialId, filialId)).limit(1);
    return lead.id;
  }

  it('adds comments to a student and lists them newest first with the author; filters by creator; pages', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const admin = await f.employee('ADMINISTRATOR');
    const s = await f.student(chilonzor);
    const first = await send(director, { student: s.id, text: '  Called the parents  ' });
    expect(first.status).toBe(201);
    expect(commentItem.strict().parse(first.json)).toMatchObject({
      text: 'Called the parents',
      student: s.id,
      lead: null,
      employee: null,
      author: { id: t.demo('DIRECTOR').id },
    });
    expect(await t.lastAudit('comment.create', first.json.id)).toMatchObject({ filialId: chilonzor, actorId: t.demo('DIRECTOR').id });
    const second = await send(admin.token, { student: s.id, text: 'Paid in cash' });
    expect(second.status).toBe(201);

    const page = commentPage.strict().parse((await read(director, `/api/comments/all/${s.id}/`)).json);
    expect(page.results.map((c) => c.text)).toEqual(['Paid in cash', 'Called the parents']);
    expect(page.results[0].author).toEqual({ id: admin.id, full_name: expect.stringMatching(/^ADMINISTRATOR/) });
    const mine = commentPage.parse((await read(director, `/api/comments/all/${s.id}/?creator=${admin.id}`)).json);
    expect(mine.results.map((c) => c.text)).toEqual(['Paid in cash']);
    const paged = commentPage.parse((await read(director, `/api/comments/all/${s.id}/?page_size=1&page=2`)).json);
    expect(paged).toMatchObject({ count: 2, next: null });
    expect(paged.results[0].text).toBe('Called the parents');
  });

  it('comments on a lead and lists them with target=lead', async () => {
    const { access_token: operator } = await t.signInAs('CALL_OPERATOR');
    const lead = await leadIn('Chilonzor');
    const res = await send(operator, { lead, text: 'Asked to call back on Monday' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ lead, student: null });
    const list = commentPage.parse((await read(operator, `/api/comments/all/${lead}/?target=lead`)).json);
    expect(list.results[0]).toMatchObject({ text: 'Asked to call back on Monday', author: { id: t.demo('CALL_OPERATOR').id } });
    expect(await t.db.$count(comments, eq(comments.leadId, lead))).toBe(list.count);
  });

  it('answers 400 per field for bad bodies and queries', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const s = await f.student(chilonzor);
    const before = await t.db.$count(comments);
    expect(Object.keys((await send(director, { student: s.id, text: '   ' })).json)).toEqual(['text']);
    expect(Object.keys((await send(director, { student: s.id, text: 'x'.repeat(COMMENT_MAX_LENGTH + 1) })).json)).toEqual(['text']);
    expect((await send(director, { student: s.id, text: 'x'.repeat(COMMENT_MAX_LENGTH) })).status).toBe(201);
    const neither = await send(director, { text: 'hello' });
    expect(neither.status).toBe(400);
    expect(Object.keys(neither.json)).toEqual(['student']);
    expect((await send(director, { student: s.id, lead: 1, text: 'both' })).status).toBe(400);
    expect(Object.keys((await send(director, { student: 'abc', text: 'x' })).json)).toEqual(['student']);
    expect(Object.keys((await read(director, `/api/comments/all/${s.id}/?target=group`)).json)).toEqual(['target']);
    expect((await read(director, '/api/comments/stuff/')).status).toBe(400);
    expect(Object.keys((await send(director, { employee: 1 }, '/api/comments/stuff/')).json)).toEqual(['text']);
    expect(await t.db.$count(comments)).toBe(before + 1);
  });

  it('keeps comments in the branch of their target (404) and behind the target pages (403)', async () => {
    const samarqand = await f.filial('Samarqand');
    const admin = await f.employee('ADMINISTRATOR', 'Chilonzor');
    const far = await f.student(samarqand);
    const farLead = await leadIn('Samarqand');
    expect((await send(admin.token, { student: far.id, text: 'x' })).status).toBe(404);
    expect((await send(admin.token, { lead: farLead, text: 'x' })).status).toBe(404);
    expect((await read(admin.token, `/api/comments/all/${far.id}/`)).status).toBe(404);
    expect((await read(admin.token, `/api/comments/all/${farLead}/?target=lead`)).status).toBe(404);
    expect((await send(admin.token, { student: 2_000_000, text: 'x' })).status).toBe(404);

    const teacher = await f.employee('TEACHER');
    const chilonzor = await f.filial('Chilonzor');
    const mine = await f.student(chilonzor);
    expect((await send(teacher.token, { student: mine.id, text: 'x' })).status).toBe(403);
    expect((await read(teacher.token, `/api/comments/all/${mine.id}/`)).status).toBe(403);
    // A head teacher reads students but not leads.
    const head = await f.employee('HEAD_TEACHER');
    expect((await send(head.token, { lead: await leadIn('Chilonzor'), text: 'x' })).status).toBe(403);
    expect((await send(head.token, { student: mine.id, text: 'Good progress' })).status).toBe(201);
    expect((await read(admin.token, '/api/comments/stuff/?id=1')).status).toBe(403);
  });

  it('comments on employees who share a branch (the director sees everyone)', async () => {
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const manager = await f.employee('FILIAL_Manager', 'Chilonzor');
    const colleague = await f.employee('TEACHER', 'Chilonzor');
    const stranger = await f.employee('TEACHER', 'Yunusobod');
    const res = await send(manager.token, { employee: colleague.id, text: 'Late twice this week' }, '/api/comments/stuff/');
    expect(res.status).toBe(201);
    expect(commentItem.strict().parse(res.json)).toMatchObject({ employee: colleague.id, student: null, author: { id: manager.id } });
    expect((await send(manager.token, { employee: stranger.id, text: 'x' }, '/api/comments/stuff/')).status).toBe(404);
    expect((await read(manager.token, `/api/comments/stuff/?id=${stranger.id}`)).status).toBe(404);
    expect((await send(director, { employee: stranger.id, text: 'Welcome' }, '/api/comments/stuff/')).status).toBe(201);
    const list = commentPage.parse((await read(manager.token, `/api/comments/stuff/?id=${colleague.id}`)).json);
    expect(list.results.map((c) => c.text)).toEqual(['Late twice this week']);
    expect((await read(director, `/api/comments/stuff/?id=${stranger.id}`)).json.count).toBe(1);
    expect((await read(director, '/api/comments/stuff/?id=2000000')).status).toBe(404);
  });
});
