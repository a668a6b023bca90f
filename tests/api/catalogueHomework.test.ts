// Homework (spec section 7, "Subjects, themes, homework"): the branch-scoped paged list with its filters,
// create and PUT, bad input per field, another branch's homework as 404, and page guards.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { homework, homeworkPage } from '../../contract/catalogue';
import { homework as homeworkTable } from '../../server/db/schema';
import { caller, REAL_LOCALES, themeId } from './catalogueSupport';
import { backends, useTestApp } from './harness';

describe.each(backends())('homework on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const as = caller(t);
  const ids = { chilonzor: 0, yunusobod: 0, family: 0, presentSimple: 0 };

  beforeAll(async () => {
    ids.chilonzor = await t.filialId('Chilonzor');
    ids.yunusobod = await t.filialId('Yunusobod');
    ids.family = await themeId(t, 'Ingliz tili', 'Beginner', 'My family');
    ids.presentSimple = await themeId(t, 'Ingliz tili', 'Elementary', 'Present Simple');
  });

  const list = async (role: Parameters<typeof as>[0], query = '') => {
    const res = await as(role, 'GET', `/api/homework/${query}`);
    expect(res.status).toBe(200);
    return homeworkPage.parse(res.json);
  };
  const homeworkIn = async (filial: number) => {
    const [row] = await t.db.select({ id: homeworkTable.id }).from(homeworkTable).where(eq(homeworkTable.filialId, filial)).limit(1);
    return row.id;
  };

  describe('list', () => {
    it('gives the director every branch’s homework, newest first, with theme and author names', async () => {
      const page = await list('DIRECTOR');
      expect(page.count).toBe(3);
      page.results.forEach((h) => homework.strict().parse(h));
      const writing = page.results.find((h) => h.title === 'Line graph essay')!;
      expect(writing).toMatchObject({ filial: ids.chilonzor, theme_name: 'Writing Task 1', created_by_name: 'Akmal Karimov' });
      expect(Number.isNaN(Date.parse(writing.created_at))).toBe(false);
      const times = page.results.map((h) => Date.parse(h.created_at));
      expect([...times].sort((a, b) => b - a)).toEqual(times);
    });

    it('keeps others to their branches; naming another branch is a 404', async () => {
      const testolog = await list('TESTOLOG');
      expect(testolog.results.map((h) => h.filial)).toEqual([ids.yunusobod]);
      expect((await as('TESTOLOG', 'GET', `/api/homework/?filial=${ids.chilonzor}`)).status).toBe(404);
      const teacher = await list('TEACHER');
      expect(teacher.results.every((h) => h.filial === ids.chilonzor)).toBe(true);
      expect(teacher.count).toBe(2);
    });

    it('filters by theme and branch, and pages', async () => {
      expect((await list('DIRECTOR', `?theme=${ids.presentSimple}`)).results.map((h) => h.title)).toEqual(['Daily routine haqida matn']);
      expect((await list('DIRECTOR', `?filial=${ids.chilonzor}`)).count).toBe(2);
      const first = await list('DIRECTOR', '?page_size=2');
      expect(first.results).toHaveLength(2);
      expect(new URL(first.next!, 'http://localhost').searchParams.get('page')).toBe('2');
      expect((await as('DIRECTOR', 'GET', '/api/homework/?theme=x')).json).toHaveProperty('theme');
    });
  });

  describe('create', () => {
    it('creates in a branch of the user, signed by them, with an audit entry', async () => {
      const res = await as('MULTIPLE_FILIAL_MANAGER', 'POST', '/api/homework/', {
        body: { filial: ids.yunusobod, theme: ids.presentSimple, title: ' 5 ta savol ', description: 'Javob yozing' },
      });
      expect(res.status).toBe(201);
      const created = homework.strict().parse(res.json);
      expect(created).toMatchObject({
        filial: ids.yunusobod,
        theme: ids.presentSimple,
        theme_name: 'Present Simple',
        title: '5 ta savol',
        description: 'Javob yozing',
        created_by_name: 'Kamola Xolmatova',
      });
      expect(await t.lastAudit('homework.create', created.id)).toMatchObject({ filialId: ids.yunusobod });
      const bare = await as('DIRECTOR', 'POST', '/api/homework', { body: { filial: ids.chilonzor, theme: ids.family, title: 'Rasm chizing' } });
      expect(bare.json.description).toBe('');
    });

    it('answers 404 for a branch outside the scope', async () => {
      const res = await as('HEAD_TEACHER', 'POST', '/api/homework/', { body: { filial: ids.yunusobod, theme: ids.family, title: 'X' } });
      expect(res.status).toBe(404);
    });

    it('refuses bad input per field', async () => {
      const empty = await as('DIRECTOR', 'POST', '/api/homework/', { body: {} });
      expect(empty.json).toEqual({ filial: ['This field is required'], theme: ['This field is required'], title: ['This field is required'] });
      const long = await as('DIRECTOR', 'POST', '/api/homework/', { body: { filial: ids.chilonzor, theme: ids.family, title: 'x'.repeat(201) } });
      expect(long.json).toEqual({ title: ['Must be at most 200 characters'] });
      const unknown = await as('DIRECTOR', 'POST', '/api/homework/', { body: { filial: ids.chilonzor, theme: 999999, title: 'X' } });
      expect(unknown.json).toEqual({ theme: ['No such item'] });

      const theme = await as('DIRECTOR', 'POST', '/api/subjects/theme/', { body: { level: (await as('DIRECTOR', 'GET', `/api/subjects/theme/${ids.family}/`)).json.level, name: 'Eskirgan' } });
      await as('DIRECTOR', 'PATCH', `/api/subjects/theme/${theme.json.id}/`, { body: { is_archived: true } });
      const archived = await as('DIRECTOR', 'POST', '/api/homework/', { body: { filial: ids.chilonzor, theme: theme.json.id, title: 'X' } });
      expect(archived.json).toEqual({ theme: ['This item is archived'] });
    });
  });

  describe('update', () => {
    it('replaces with PUT, also moving it to another branch of the user', async () => {
      const created = await as('MULTIPLE_FILIAL_MANAGER', 'POST', '/api/homework/', { body: { filial: ids.chilonzor, theme: ids.family, title: 'Oila' } });
      const res = await as('MULTIPLE_FILIAL_MANAGER', 'PUT', `/api/homework/${created.json.id}/`, {
        body: { filial: ids.yunusobod, theme: ids.presentSimple, title: 'Oila daraxti', description: 'Rasm bilan' },
      });
      expect(res.status).toBe(200);
      expect(homework.strict().parse(res.json)).toMatchObject({ filial: ids.yunusobod, theme_name: 'Present Simple', title: 'Oila daraxti' });
      expect((await t.lastAudit('homework.update', created.json.id))?.before).toMatchObject({ title: 'Oila', filial: ids.chilonzor });
      const missing = await as('MULTIPLE_FILIAL_MANAGER', 'PUT', `/api/homework/${created.json.id}/`, { body: { title: 'X' } });
      expect(missing.json).toEqual({ filial: ['This field is required'], theme: ['This field is required'] });
    });

    it('answers 404 for another branch’s homework, for moving it out of the scope and for an unknown one', async () => {
      const yunusobod = await homeworkIn(ids.yunusobod);
      const put = { filial: ids.yunusobod, theme: ids.family, title: 'X' };
      expect((await as('HEAD_TEACHER', 'PUT', `/api/homework/${yunusobod}/`, { body: put })).status).toBe(404);
      const chilonzor = await homeworkIn(ids.chilonzor);
      expect((await as('HEAD_TEACHER', 'PUT', `/api/homework/${chilonzor}/`, { body: put })).status).toBe(404);
      expect((await as('DIRECTOR', 'PUT', '/api/homework/999999/', { body: put })).status).toBe(404);
      const [row] = await t.db.select({ filialId: homeworkTable.filialId }).from(homeworkTable).where(eq(homeworkTable.id, chilonzor));
      expect(row.filialId).toBe(ids.chilonzor);
    });
  });

  it('lets education screens read and only `materials` write', async () => {
    const own = await homeworkIn(ids.chilonzor);
    const put = { filial: ids.chilonzor, theme: ids.family, title: 'X' };
    expect((await as('CALL_OPERATOR', 'GET', '/api/homework/')).status).toBe(403);
    expect((await as('TEACHER', 'POST', '/api/homework/', { body: put })).status).toBe(403);
    expect((await as('TEACHER', 'PUT', `/api/homework/${own}/`, { body: put })).status).toBe(403);
  });
});
