// Themes (spec section 7, "Subjects, themes, homework"): the v2 plain list, the paged list, detail, create,
// PUT/PATCH (rename, archive, move to another level), page guards, and reordering, also many at once.
import { beforeAll, describe, expect, it } from 'vitest';
import { level, theme, themePage } from '../../contract/catalogue';
import { caller, levelId, REAL_LOCALES, subjectId } from './catalogueSupport';
import { backends, useTestApp } from './harness';

const themeList = theme.strict().array();

describe.each(backends())('themes on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const as = caller(t);
  let english: number;
  let beginner: number;

  beforeAll(async () => {
    english = await subjectId(t, 'Ingliz tili');
    beginner = await levelId(t, 'Ingliz tili', 'Beginner');
  });

  /** A new level of a new subject, with themes named `names`; its id and the theme ids. */
  let counter = 0;
  const freshLevel = async (names: string[]) => {
    counter += 1;
    const subject = await as('DIRECTOR', 'POST', '/api/subjects/', { body: { name: `Fan ${counter}` } });
    const lvl = await as('DIRECTOR', 'POST', '/api/subjects/level/', { body: { subject: subject.json.id, name: 'Daraja' } });
    const ids: number[] = [];
    for (const name of names) {
      const res = await as('DIRECTOR', 'POST', '/api/subjects/theme/', { body: { level: lvl.json.id, name } });
      expect(res.status).toBe(201);
      ids.push(res.json.id);
    }
    return { subject: subject.json.id as number, level: lvl.json.id as number, ids };
  };
  const activeThemes = async (levelId: number) =>
    themeList.parse((await as('DIRECTOR', 'GET', `/api/api/v2/subjects/themes/no-pg?level=${levelId}`)).json);

  describe('lists and detail', () => {
    it('lists a level’s themes in teaching order (v2, no paging)', async () => {
      const themes = await activeThemes(beginner);
      expect(themes.map((x) => [x.name, x.position])).toEqual([
        ['Alphabet and sounds', 1],
        ['To be: am, is, are', 2],
        ['Numbers and colours', 3],
        ['My family', 4],
      ]);
      expect(themes[0]).toMatchObject({ level: beginner, subject: english, description: '', is_archived: false });
    });

    it('filters by subject', async () => {
      const res = await as('DIRECTOR', 'GET', `/api/api/v2/subjects/themes/no-pg/?subject=${await subjectId(t, 'Rus tili')}`);
      expect(themeList.parse(res.json)).toHaveLength(6);
    });

    it('pages the themes', async () => {
      const res = await as('DIRECTOR', 'GET', `/api/subjects/theme/?level=${beginner}&page_size=3`);
      const page = themePage.parse(res.json);
      expect(page.count).toBe(4);
      expect(page.results.map((x) => x.position)).toEqual([1, 2, 3]);
      expect(page.next).not.toBeNull();
      const rest = themePage.parse((await as('DIRECTOR', 'GET', `/api/subjects/theme?level=${beginner}&page_size=3&page=2`)).json);
      expect(rest.results.map((x) => x.name)).toEqual(['My family']);
    });

    it('answers one theme, 404 for an unknown one', async () => {
      const [first] = await activeThemes(beginner);
      expect(theme.strict().parse((await as('DIRECTOR', 'GET', `/api/subjects/theme/${first.id}/`)).json)).toEqual(first);
      expect((await as('DIRECTOR', 'GET', '/api/subjects/theme/999999/')).status).toBe(404);
    });
  });

  describe('writes', () => {
    it('appends a new theme with its description, counts it and audits it', async () => {
      const { level: lvl, ids } = await freshLevel(['Birinchi']);
      const res = await as('DIRECTOR', 'POST', '/api/subjects/theme', { body: { level: lvl, name: 'Ikkinchi', description: ' Takrorlash ' } });
      expect(res.status).toBe(201);
      expect(theme.strict().parse(res.json)).toMatchObject({ name: 'Ikkinchi', description: 'Takrorlash', position: 2 });
      expect((await t.lastAudit('theme.create', res.json.id))?.after).toMatchObject({ name: 'Ikkinchi' });
      const levelNow = level.parse((await as('DIRECTOR', 'GET', `/api/subjects/level/${lvl}/`)).json);
      expect(levelNow.themes_count).toBe(2);
      expect(ids).toHaveLength(1);
    });

    it('refuses bad bodies per field', async () => {
      const missing = await as('DIRECTOR', 'POST', '/api/subjects/theme/', { body: {} });
      expect(missing.json).toEqual({ level: ['This field is required'], name: ['This field is required'] });
      const unknown = await as('DIRECTOR', 'POST', '/api/subjects/theme/', { body: { level: 999999, name: 'X' } });
      expect(unknown.json).toEqual({ level: ['No such item'] });
      const long = await as('DIRECTOR', 'POST', '/api/subjects/theme/', { body: { level: beginner, name: 'X', description: 'y'.repeat(5001) } });
      expect(long.json).toEqual({ description: ['Must be at most 5000 characters'] });
      const taken = await as('DIRECTOR', 'POST', '/api/subjects/theme/', { body: { level: beginner, name: 'my FAMILY' } });
      expect(taken.json).toEqual({ name: ['This name is already in use'] });

      const { level: lvl } = await freshLevel([]);
      await as('DIRECTOR', 'PATCH', `/api/subjects/level/${lvl}/`, { body: { is_archived: true } });
      const archived = await as('DIRECTOR', 'POST', '/api/subjects/theme/', { body: { level: lvl, name: 'X' } });
      expect(archived.json).toEqual({ level: ['This item is archived'] });
    });

    it('replaces a theme with PUT, which needs level and name', async () => {
      const { level: lvl, ids } = await freshLevel(['Eski']);
      const res = await as('DIRECTOR', 'PUT', `/api/subjects/theme/${ids[0]}/`, { body: { level: lvl, name: 'Yangi', description: 'Tavsif' } });
      expect(res.json).toMatchObject({ id: ids[0], name: 'Yangi', description: 'Tavsif', position: 1 });
      expect((await t.lastAudit('theme.update', ids[0]))?.before).toMatchObject({ name: 'Eski' });
      const bare = await as('DIRECTOR', 'PUT', `/api/subjects/theme/${ids[0]}/`, { body: { level: lvl, name: 'Yangi' } });
      expect(bare.json.description).toBe('');
      const patched = await as('DIRECTOR', 'PATCH', `/api/subjects/theme/${ids[0]}/`, { body: { description: 'Qaytdi' } });
      expect(patched.json).toMatchObject({ name: 'Yangi', description: 'Qaytdi' });
      expect((await as('DIRECTOR', 'PATCH', `/api/subjects/theme/${ids[0]}/`, { body: { name: 'Boshqa' } })).json.description).toBe('Qaytdi');
      const partial = await as('DIRECTOR', 'PUT', `/api/subjects/theme/${ids[0]}/`, { body: { name: 'Faqat nom' } });
      expect(partial.json).toEqual({ level: ['This field is required'] });
      expect((await as('DIRECTOR', 'PUT', '/api/subjects/theme/999999/', { body: { level: lvl, name: 'X' } })).status).toBe(404);
    });

    it('archives with PATCH: out of the default list and the count, into the archive list', async () => {
      const { level: lvl, ids } = await freshLevel(['A', 'B']);
      const res = await as('DIRECTOR', 'PATCH', `/api/subjects/theme/${ids[0]}`, { body: { is_archived: true } });
      expect(res.json).toMatchObject({ is_archived: true, name: 'A' });
      expect(await t.lastAudit('theme.archive', ids[0])).toBeDefined();
      expect((await activeThemes(lvl)).map((x) => x.id)).toEqual([ids[1]]);
      const archived = themeList.parse((await as('DIRECTOR', 'GET', `/api/api/v2/subjects/themes/no-pg?level=${lvl}&is_archived=true`)).json);
      expect(archived.map((x) => x.id)).toEqual([ids[0]]);
      expect((await as('DIRECTOR', 'GET', `/api/subjects/level/${lvl}/`)).json.themes_count).toBe(1);
    });

    it('moves a theme to the end of another level and closes the gap it leaves', async () => {
      const from = await freshLevel(['A', 'B', 'C']);
      const to = await freshLevel(['X']);
      const res = await as('DIRECTOR', 'PATCH', `/api/subjects/theme/${from.ids[0]}/`, { body: { level: to.level } });
      expect(res.json).toMatchObject({ level: to.level, subject: to.subject, position: 2 });
      expect(await t.lastAudit('theme.move', from.ids[0])).toBeDefined();
      expect((await activeThemes(from.level)).map((x) => [x.id, x.position])).toEqual([
        [from.ids[1], 1],
        [from.ids[2], 2],
      ]);
      const clash = await as('DIRECTOR', 'PATCH', `/api/subjects/theme/${from.ids[1]}/`, { body: { level: to.level, name: 'x' } });
      expect(clash.json).toEqual({ name: ['This name is already in use'] });
      const unknown = await as('DIRECTOR', 'PATCH', `/api/subjects/theme/${from.ids[1]}/`, { body: { level: 999999 } });
      expect(unknown.json).toEqual({ level: ['No such item'] });
    });
  });

  describe('reordering themes', () => {
    const reorder = (levelId: number, ids: unknown) => as('DIRECTOR', 'PATCH', '/api/api/v2/subjects/themes/reorder/', { body: { level: levelId, ids } });

    it('rewrites positions in the given order, with an audit entry', async () => {
      const { level: lvl, ids } = await freshLevel(['A', 'B', 'C']);
      const res = await reorder(lvl, [ids[2], ids[0], ids[1]]);
      expect(res.status).toBe(200);
      expect(themeList.parse(res.json).map((x) => [x.id, x.position])).toEqual([
        [ids[2], 1],
        [ids[0], 2],
        [ids[1], 3],
      ]);
      expect(await t.lastAudit('theme.reorder', lvl)).toMatchObject({ after: { ids: [ids[2], ids[0], ids[1]] } });
    });

    it('names missing and foreign ids, and refuses an unknown level', async () => {
      const { level: lvl, ids } = await freshLevel(['A', 'B']);
      const [foreign] = await activeThemes(beginner);
      expect((await reorder(lvl, [ids[0], foreign.id])).json).toEqual({
        ids: [`Not among the active items here: ${foreign.id}`, `Missing from the new order: ${ids[1]}`],
      });
      expect((await reorder(999999, ids)).json).toEqual({ level: ['No such item'] });
      expect((await as('DIRECTOR', 'PATCH', '/api/api/v2/subjects/themes/reorder', { body: { ids } })).json).toEqual({
        level: ['This field is required'],
      });
    });

    it('serialises concurrent reorders: the result is exactly one of them, positions dense', async () => {
      const { level: lvl, ids } = await freshLevel(['1', '2', '3', '4', '5']);
      const orders = [0, 1, 2, 3, 4].flatMap((k) => [
        [...ids.slice(k), ...ids.slice(0, k)],
        [...ids].reverse().slice(k).concat([...ids].reverse().slice(0, k)),
      ]);
      const results = await Promise.all(orders.map((order) => reorder(lvl, order)));
      expect(results.map((r) => r.status)).toEqual(orders.map(() => 200));
      const final = await activeThemes(lvl);
      expect(final.map((x) => x.position)).toEqual([1, 2, 3, 4, 5]);
      expect(orders).toContainEqual(final.map((x) => x.id));
    });
  });

  it('lets education screens read themes and only `materials` write them', async () => {
    const [first] = await activeThemes(beginner);
    for (const role of ['TEACHER', 'TESTOLOG'] as const) {
      expect((await as(role, 'GET', `/api/api/v2/subjects/themes/no-pg?level=${beginner}`)).status).toBe(200);
      expect((await as(role, 'GET', `/api/subjects/theme/${first.id}/`)).status).toBe(200);
    }
    expect((await as('CALL_OPERATOR', 'GET', '/api/subjects/theme/')).status).toBe(403);
    const writes: [string, string, unknown][] = [
      ['POST', '/api/subjects/theme/', { level: beginner, name: 'X' }],
      ['PUT', `/api/subjects/theme/${first.id}/`, { level: beginner, name: 'X' }],
      ['PATCH', `/api/subjects/theme/${first.id}/`, { name: 'X' }],
      ['PATCH', '/api/api/v2/subjects/themes/reorder', { level: beginner, ids: [first.id] }],
    ];
    for (const [method, path, body] of writes) expect((await as('TEACHER', method, path, { body })).status, path).toBe(403);
    expect((await activeThemes(beginner))[0].name).toBe('Alphabet and sounds');
  });
});
