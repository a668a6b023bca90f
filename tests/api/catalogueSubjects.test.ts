// Subjects and levels (spec section 7, "Subjects, themes, homework"): lists, detail, create, rename, archive,
// page guards, and reordering levels, also many reorders at once.
import { describe, expect, it } from 'vitest';
import { level, subject } from '../../contract/catalogue';
import { paged } from '../../contract/common';
import { caller, levelId, REAL_LOCALES, subjectId } from './catalogueSupport';
import { backends, useTestApp } from './harness';

const subjectList = paged(subject.strict());
const levelList = level.strict().array();

describe.each(backends())('subjects and levels on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const as = caller(t);

  const newSubject = async (name: string) => {
    const res = await as('DIRECTOR', 'POST', '/api/subjects/', { body: { name } });
    expect(res.status).toBe(201);
    return subject.strict().parse(res.json);
  };
  const newLevel = async (subjectId: number, name: string) => {
    const res = await as('DIRECTOR', 'POST', '/api/subjects/level/', { body: { subject: subjectId, name } });
    expect(res.status).toBe(201);
    return level.strict().parse(res.json);
  };
  const activeLevels = async (subjectId: number) =>
    levelList.parse((await as('DIRECTOR', 'GET', `/api/subjects/level/no-pg/?subject=${subjectId}`)).json);

  describe('subject lists', () => {
    it('pages the active subjects by name with their active level counts', async () => {
      const res = await as('DIRECTOR', 'GET', '/api/subjects/?is_archived=false');
      expect(res.status).toBe(200);
      const page = subjectList.parse(res.json);
      expect(page.results.map((s) => [s.name, s.levels_count])).toEqual([
        ['Ingliz tili', 6],
        ['Matematika', 3],
        ['Rus tili', 2],
      ]);
      expect(page).toMatchObject({ count: 3, next: null, previous: null });
    });

    it('links the next and previous pages', async () => {
      const first = subjectList.parse((await as('DIRECTOR', 'GET', '/api/subjects?page_size=2')).json);
      expect(first.results).toHaveLength(2);
      expect(first.previous).toBeNull();
      expect(new URL(first.next!, 'http://localhost').searchParams.get('page')).toBe('2');
      const second = subjectList.parse((await as('DIRECTOR', 'GET', '/api/subjects?page_size=2&page=2')).json);
      expect(second.results.map((s) => s.name)).toEqual(['Rus tili']);
      expect(second.next).toBeNull();
      expect(new URL(second.previous!, 'http://localhost').searchParams.get('page')).toBe('1');
    });

    it('searches by name, taking % and _ literally', async () => {
      const found = subjectList.parse((await as('DIRECTOR', 'GET', '/api/subjects/?q=INGLIZ')).json);
      expect(found.results.map((s) => s.name)).toEqual(['Ingliz tili']);
      expect(subjectList.parse((await as('DIRECTOR', 'GET', '/api/subjects/?q=%25')).json).count).toBe(0);
    });

    it('answers the plain list without paging', async () => {
      const res = await as('DIRECTOR', 'GET', '/api/subjects/no-pg');
      expect(subject.strict().array().parse(res.json).map((s) => s.name)).toEqual(['Ingliz tili', 'Matematika', 'Rus tili']);
    });

    it('refuses bad paging and filters per field', async () => {
      const res = await as('DIRECTOR', 'GET', '/api/subjects/?page=0&page_size=500&is_archived=maybe');
      expect(res.status).toBe(400);
      expect(Object.keys(res.json).sort()).toEqual(['is_archived', 'page', 'page_size']);
    });
  });

  describe('one subject', () => {
    it('answers detail, 404 for an unknown id and 400 for a bad one', async () => {
      const id = await subjectId(t, 'Matematika');
      const res = await as('DIRECTOR', 'GET', `/api/subjects/${id}/`);
      expect(subject.strict().parse(res.json)).toEqual({ id, name: 'Matematika', is_archived: false, levels_count: 3 });
      expect((await as('DIRECTOR', 'GET', '/api/subjects/999999/')).status).toBe(404);
      const bad = await as('DIRECTOR', 'GET', '/api/subjects/abc/');
      expect(bad.status).toBe(400);
      expect(bad.json).toHaveProperty('id');
    });

    it('creates a subject with a trimmed name and an audit entry', async () => {
      const created = await newSubject('  Kimyo  ');
      expect(created).toMatchObject({ name: 'Kimyo', is_archived: false, levels_count: 0 });
      const entry = await t.lastAudit('subject.create', created.id);
      expect(entry?.actorId).toBe(t.demo('DIRECTOR').id);
      expect(entry?.after).toMatchObject({ name: 'Kimyo' });
    });

    it('refuses a missing, blank, too long or taken name with a message on name', async () => {
      for (const body of [{}, { name: '   ' }, { name: 42 }]) {
        const res = await as('DIRECTOR', 'POST', '/api/subjects/', { body });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ name: ['This field is required'] });
      }
      const long = await as('DIRECTOR', 'POST', '/api/subjects/', { body: { name: 'x'.repeat(201) } });
      expect(long.json).toEqual({ name: ['Must be at most 200 characters'] });
      const taken = await as('DIRECTOR', 'POST', '/api/subjects/', { body: { name: 'matematika' } });
      expect(taken.status).toBe(400);
      expect(taken.json).toEqual({ name: ['This name is already in use'] });
    });

    it('speaks Uzbek unless asked otherwise', async () => {
      const res = await as('DIRECTOR', 'POST', '/api/subjects/', { body: { name: 'Matematika' }, headers: { 'accept-language': 'uz' } });
      expect(res.json).toEqual({ name: ['Bu nom allaqachon ishlatilgan'] });
    });

    it('renames, archives and unarchives, each with its audit action', async () => {
      const { id } = await newSubject('Biologiya');
      const renamed = await as('DIRECTOR', 'PATCH', `/api/subjects/${id}/`, { body: { name: 'Biologiya fani' } });
      expect(renamed.json).toMatchObject({ id, name: 'Biologiya fani', is_archived: false });
      expect((await t.lastAudit('subject.update', id))?.before).toMatchObject({ name: 'Biologiya' });

      const archived = await as('DIRECTOR', 'PATCH', `/api/subjects/${id}`, { body: { is_archived: true } });
      expect(archived.json).toMatchObject({ is_archived: true });
      expect(await t.lastAudit('subject.archive', id)).toBeDefined();
      const active = subjectList.parse((await as('DIRECTOR', 'GET', '/api/subjects/')).json);
      expect(active.results.map((s) => s.id)).not.toContain(id);
      const inArchive = subjectList.parse((await as('DIRECTOR', 'GET', '/api/subjects/?is_archived=true')).json);
      expect(inArchive.results.map((s) => s.id)).toContain(id);

      // The archived name is free again; unarchiving the old one would then clash.
      const again = await newSubject('Biologiya fani');
      const clash = await as('DIRECTOR', 'PATCH', `/api/subjects/${id}/`, { body: { is_archived: false } });
      expect(clash.status).toBe(400);
      expect(clash.json).toEqual({ name: ['This name is already in use'] });
      await as('DIRECTOR', 'PATCH', `/api/subjects/${again.id}/`, { body: { is_archived: true } });
      const back = await as('DIRECTOR', 'PATCH', `/api/subjects/${id}/`, { body: { is_archived: false } });
      expect(back.json).toMatchObject({ is_archived: false });
      expect(await t.lastAudit('subject.unarchive', id)).toBeDefined();
    });

    it('answers 404 when patching an unknown subject and 400 for a bad body', async () => {
      expect((await as('DIRECTOR', 'PATCH', '/api/subjects/999999/', { body: { name: 'X' } })).status).toBe(404);
      const bad = await as('DIRECTOR', 'PATCH', `/api/subjects/${await subjectId(t, 'Rus tili')}/`, { body: { is_archived: 'yes' } });
      expect(bad.status).toBe(400);
      expect(bad.json).toHaveProperty('is_archived');
    });
  });

  describe('page guards', () => {
    it('lets every education screen read and only `materials` write', async () => {
      for (const role of ['TEACHER', 'TESTOLOG', 'ASSISTANT', 'HEAD_TEACHER'] as const) {
        expect((await as(role, 'GET', '/api/subjects/no-pg/')).status).toBe(200);
        expect((await as(role, 'GET', '/api/subjects/level/no-pg/')).status).toBe(200);
      }
      for (const role of ['CALL_OPERATOR', 'ACCOUNTING']) {
        expect((await as(role as 'CALL_OPERATOR', 'GET', '/api/subjects/')).status).toBe(403);
      }
      const id = await subjectId(t, 'Rus tili');
      const writes: [string, string, unknown][] = [
        ['POST', '/api/subjects/', { name: 'Tarix' }],
        ['PATCH', `/api/subjects/${id}/`, { name: 'Tarix' }],
        ['POST', '/api/subjects/level/', { subject: id, name: 'C1' }],
        ['PATCH', `/api/subjects/level/${await levelId(t, 'Rus tili', 'O‘rta')}/`, { name: 'C1' }],
        ['PATCH', '/api/api/v2/subjects/levels/reorder', { subject: id, ids: [1] }],
      ];
      for (const [method, path, body] of writes) {
        const res = await as('TEACHER', method, path, { body });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await t.call('GET', '/api/subjects/')).status).toBe(401);
    });

    it('lets the head teacher (materials) write', async () => {
      const res = await as('HEAD_TEACHER', 'POST', '/api/subjects/', { body: { name: 'Informatika' } });
      expect(res.status).toBe(201);
    });
  });

  describe('levels', () => {
    it('lists a subject’s levels in teaching order', async () => {
      const id = await subjectId(t, 'Ingliz tili');
      const levels = await activeLevels(id);
      expect(levels.map((l) => [l.name, l.position])).toEqual([
        ['Beginner', 1],
        ['Elementary', 2],
        ['Pre-Intermediate', 3],
        ['Intermediate', 4],
        ['Upper-Intermediate', 5],
        ['IELTS', 6],
      ]);
      expect(levels[0]).toMatchObject({ subject: id, subject_name: 'Ingliz tili', is_archived: false, themes_count: 4 });
      const all = levelList.parse((await as('DIRECTOR', 'GET', '/api/subjects/level/no-pg')).json);
      expect(all.length).toBeGreaterThanOrEqual(11);
    });

    it('answers one level, 404 for an unknown one', async () => {
      const id = await levelId(t, 'Matematika', 'Abituriyent');
      const res = await as('DIRECTOR', 'GET', `/api/subjects/level/${id}/`);
      expect(level.strict().parse(res.json)).toMatchObject({ id, name: 'Abituriyent', position: 3, subject_name: 'Matematika' });
      expect((await as('DIRECTOR', 'GET', '/api/subjects/level/999999/')).status).toBe(404);
    });

    it('appends a new level at the end, with an audit entry', async () => {
      const subject = await newSubject('Nemis tili');
      const a1 = await newLevel(subject.id, 'A1');
      const a2 = await newLevel(subject.id, 'A2');
      expect([a1.position, a2.position]).toEqual([1, 2]);
      expect((await t.lastAudit('level.create', a2.id))?.after).toMatchObject({ name: 'A2', position: 2 });
      const detail = await as('DIRECTOR', 'GET', `/api/subjects/${subject.id}/`);
      expect(detail.json.levels_count).toBe(2);
    });

    it('refuses a level of an unknown or archived subject, a missing name and a taken one', async () => {
      const unknown = await as('DIRECTOR', 'POST', '/api/subjects/level/', { body: { subject: 999999, name: 'X' } });
      expect(unknown.status).toBe(400);
      expect(unknown.json).toEqual({ subject: ['No such item'] });

      const archived = await newSubject('Fransuz tili');
      await as('DIRECTOR', 'PATCH', `/api/subjects/${archived.id}/`, { body: { is_archived: true } });
      const res = await as('DIRECTOR', 'POST', '/api/subjects/level/', { body: { subject: archived.id, name: 'A1' } });
      expect(res.json).toEqual({ subject: ['This item is archived'] });

      const missing = await as('DIRECTOR', 'POST', '/api/subjects/level/', { body: { name: '' } });
      expect(missing.json).toEqual({ subject: ['This field is required'], name: ['This field is required'] });
      const negative = await as('DIRECTOR', 'POST', '/api/subjects/level/', { body: { subject: -3, name: 'A' } });
      expect(negative.json).toEqual({ subject: ['Must be a positive whole number'] });

      const english = await subjectId(t, 'Ingliz tili');
      const taken = await as('DIRECTOR', 'POST', '/api/subjects/level/', { body: { subject: english, name: 'ielts' } });
      expect(taken.json).toEqual({ name: ['This name is already in use'] });
      // The same name under another subject is fine.
      await newLevel(await subjectId(t, 'Matematika'), 'IELTS');
    });

    it('renames and archives a level; archived ones leave the default list and the counts', async () => {
      const subject = await newSubject('Arab tili');
      const [a, b] = [await newLevel(subject.id, 'Alifbo'), await newLevel(subject.id, 'Grammatika')];
      const renamed = await as('DIRECTOR', 'PATCH', `/api/subjects/level/${a.id}/`, { body: { name: 'Harflar' } });
      expect(renamed.json).toMatchObject({ name: 'Harflar', position: 1 });
      const taken = await as('DIRECTOR', 'PATCH', `/api/subjects/level/${a.id}/`, { body: { name: 'GRAMMATIKA' } });
      expect(taken.json).toEqual({ name: ['This name is already in use'] });

      await as('DIRECTOR', 'PATCH', `/api/subjects/level/${b.id}`, { body: { is_archived: true } });
      expect(await t.lastAudit('level.archive', b.id)).toBeDefined();
      expect((await activeLevels(subject.id)).map((l) => l.id)).toEqual([a.id]);
      const archived = levelList.parse((await as('DIRECTOR', 'GET', `/api/subjects/level/no-pg/?subject=${subject.id}&is_archived=true`)).json);
      expect(archived.map((l) => l.id)).toEqual([b.id]);
      expect((await as('DIRECTOR', 'GET', `/api/subjects/${subject.id}/`)).json.levels_count).toBe(1);
      expect((await as('DIRECTOR', 'PATCH', '/api/subjects/level/999999/', { body: { name: 'X' } })).status).toBe(404);
    });
  });

  describe('reordering levels', () => {
    const reorder = (subject: number, ids: unknown) => as('DIRECTOR', 'PATCH', '/api/api/v2/subjects/levels/reorder', { body: { subject, ids } });

    it('rewrites positions 1..n in the given order, archived levels after, with an audit entry', async () => {
      const subject = await newSubject('Koreys tili');
      const [a, b, c, d] = [await newLevel(subject.id, 'A'), await newLevel(subject.id, 'B'), await newLevel(subject.id, 'C'), await newLevel(subject.id, 'D')];
      await as('DIRECTOR', 'PATCH', `/api/subjects/level/${b.id}/`, { body: { is_archived: true } });

      const res = await reorder(subject.id, [d.id, a.id, c.id]);
      expect(res.status).toBe(200);
      expect(levelList.parse(res.json).map((l) => [l.id, l.position])).toEqual([
        [d.id, 1],
        [a.id, 2],
        [c.id, 3],
      ]);
      expect((await activeLevels(subject.id)).map((l) => l.id)).toEqual([d.id, a.id, c.id]);
      const archived = await as('DIRECTOR', 'GET', `/api/subjects/level/${b.id}/`);
      expect(archived.json.position).toBe(4);
      const entry = await t.lastAudit('level.reorder', subject.id);
      expect(entry).toMatchObject({ before: { ids: [a.id, c.id, d.id] }, after: { ids: [d.id, a.id, c.id] } });
    });

    it('names the ids that are missing, unknown, archived or repeated', async () => {
      const subject = await newSubject('Xitoy tili');
      const [a, b, c] = [await newLevel(subject.id, 'HSK1'), await newLevel(subject.id, 'HSK2'), await newLevel(subject.id, 'HSK3')];
      await as('DIRECTOR', 'PATCH', `/api/subjects/level/${c.id}/`, { body: { is_archived: true } });
      const foreign = await levelId(t, 'Ingliz tili', 'IELTS');

      expect((await reorder(subject.id, [a.id])).json).toEqual({ ids: [`Missing from the new order: ${b.id}`] });
      expect((await reorder(subject.id, [a.id, b.id, c.id, foreign])).json).toEqual({
        ids: [`Not among the active items here: ${c.id}, ${foreign}`],
      });
      expect((await reorder(subject.id, [b.id, foreign])).json).toEqual({
        ids: [`Not among the active items here: ${foreign}`, `Missing from the new order: ${a.id}`],
      });
      expect((await reorder(subject.id, [a.id, b.id, a.id])).json).toEqual({ ids: ['Each item may appear only once'] });
      expect((await reorder(subject.id, [])).json).toEqual({ ids: ['This field is required'] });
      expect((await reorder(subject.id, 'all')).status).toBe(400);
      expect((await reorder(999999, [a.id])).json).toEqual({ subject: ['No such item'] });
      // Nothing moved.
      expect((await activeLevels(subject.id)).map((l) => l.id)).toEqual([a.id, b.id]);
    });

    it('serialises concurrent reorders: the result is exactly one of them, positions dense', async () => {
      const subject = await newSubject('Turk tili');
      const ids: number[] = [];
      for (const name of ['A1', 'A2', 'B1', 'B2', 'C1', 'C2']) ids.push((await newLevel(subject.id, name)).id);
      // Eight different orders: rotations, and rotations of the reversed list.
      const orders = [0, 1, 2, 3].flatMap((k) => [
        [...ids.slice(k), ...ids.slice(0, k)],
        [...ids].reverse().slice(k).concat([...ids].reverse().slice(0, k)),
      ]);
      const results = await Promise.all(orders.map((order) => reorder(subject.id, order)));
      expect(results.map((r) => r.status)).toEqual(orders.map(() => 200));

      const final = await activeLevels(subject.id);
      expect(final.map((l) => l.position)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(orders).toContainEqual(final.map((l) => l.id));
      // Each answer shows the order that request wrote, never a mix.
      for (const [i, res] of results.entries()) expect(levelList.parse(res.json).map((l) => l.id)).toEqual(orders[i]);
    });
  });
});
