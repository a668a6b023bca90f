// GET /students/no-pg/: a branch's students for pickers (spec section 7, "Students"): search by name or phone,
// archived and status filters, leaving out a group's members, the cap, branch scope, page keys and bad input.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { STUDENT_PICKER_LIMIT, studentBrief } from '../../contract/students';
import { students } from '../../server/db/schema';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

const picker = z.array(studentBrief.strict());
let tokenSerial = 0;
/** A word no demo name contains, so a search for it finds this test's students only. */
const uniqueWord = () => `Zq${process.pid % 1000}x${(tokenSerial += 1)}`;

describe.each(backends())('GET /students/no-pg/ on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);

  async function list(token: string, params: Record<string, string | number> = {}, headers: Record<string, string> = {}) {
    const search = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
    return t.call('GET', `/api/students/no-pg/?${search}`, { token, headers });
  }

  it('answers the branch’s active students, by name, as a plain array (with or without the slash)', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const word = uniqueWord();
    const b = await f.student(chilonzor, `${word} Bobur`);
    const a = await f.student(chilonzor, `${word.toLowerCase()} aziz`);
    const c = await f.student(chilonzor, `${word} Sevara`);
    const { access_token } = await t.signInAs('DIRECTOR');
    for (const path of ['/api/students/no-pg/', '/api/students/no-pg']) {
      const res = await t.call('GET', `${path}?filial=${chilonzor}&q=${word}`, { token: access_token });
      expect(res.status).toBe(200);
      expect(picker.parse(res.json).map((s) => s.id)).toEqual([a.id, b.id, c.id]);
    }
    const all = picker.parse((await list(access_token, { filial: chilonzor })).json);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((s) => s.filial === chilonzor && !s.is_archived)).toBe(true);
  });

  it('searches the name case-insensitively, whichever apostrophe was typed, and LIKE wildcards literally', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const word = uniqueWord();
    const student = await f.student(chilonzor, `G‘ulomova ${word} O‘g‘iloy`);
    const { access_token } = await t.signInAs('DIRECTOR');
    for (const q of [word.toUpperCase(), `g'ulomova ${word.toLowerCase()}`, `Gʻulomova ${word}`, "o'g'iloy"]) {
      const found = picker.parse((await list(access_token, { filial: chilonzor, q })).json);
      expect(found.map((s) => s.id), q).toContain(student.id);
    }
    expect((await list(access_token, { filial: chilonzor, q: `${word} %` })).json).toEqual([]);
    expect((await list(access_token, { filial: chilonzor, q: '_' })).json).toEqual([]);
  });

  it('searches the phone by its digits, typed with spaces or the +998 prefix', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const student = await f.student(chilonzor);
    const local = student.phone.slice(4); // 9 digits after +998
    const { access_token } = await t.signInAs('DIRECTOR');
    for (const q of [local, `${local.slice(0, 2)} ${local.slice(2, 5)} ${local.slice(5, 7)} ${local.slice(7)}`, student.phone, `(${local.slice(0, 2)}) ${local.slice(2)}`]) {
      const found = picker.parse((await list(access_token, { filial: chilonzor, q })).json);
      expect(found.map((s) => s.id), q).toEqual([student.id]);
    }
  });

  it('shows archived students only when asked, and filters by status', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const word = uniqueWord();
    const active = await f.student(chilonzor, `${word} Active`);
    const testing = await f.student(chilonzor, `${word} Testing`);
    const archived = await f.student(chilonzor, `${word} Archived`);
    await t.db.update(students).set({ status: 'active' }).where(eq(students.id, active.id));
    await t.db.update(students).set({ status: 'testing' }).where(eq(students.id, testing.id));
    await t.db.update(students).set({ status: 'archived', isArchived: true }).where(eq(students.id, archived.id));
    const { access_token } = await t.signInAs('DIRECTOR');
    const ids = async (params: Record<string, string | number>) =>
      picker.parse((await list(access_token, { filial: chilonzor, q: word, ...params })).json).map((s) => s.id);
    expect(await ids({})).toEqual([active.id, testing.id]);
    expect(await ids({ is_archived: 'false' })).toEqual([active.id, testing.id]);
    expect(await ids({ is_archived: 'true' })).toEqual([archived.id]);
    expect(await ids({ status: 'testing' })).toEqual([testing.id]);
    expect(await ids({ status: 'active', is_archived: 'false' })).toEqual([active.id]);
    expect(await ids({ status: '' })).toEqual([active.id, testing.id]);
  });

  it('leaves out the current members of exclude_group, but not those who left it', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const word = uniqueWord();
    const [member, former, outsider] = [
      await f.student(chilonzor, `${word} A`),
      await f.student(chilonzor, `${word} B`),
      await f.student(chilonzor, `${word} C`),
    ];
    await f.member(member.id, group.id, today());
    await f.member(former.id, group.id, '2020-01-01', '2020-02-01');
    const { access_token } = await t.signInAs('DIRECTOR');
    const found = picker.parse((await list(access_token, { filial: chilonzor, q: word, exclude_group: group.id })).json);
    expect(found.map((s) => s.id)).toEqual([former.id, outsider.id]);
  });

  it('answers at most `limit` students, 50 unless asked', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const word = uniqueWord();
    await t.db.insert(students).values(
      Array.from({ length: STUDENT_PICKER_LIMIT.default + 5 }, (_, i) => ({
        filialId: chilonzor,
        fullName: `${word} ${String(i).padStart(3, '0')}`,
        phone: `+99877${String(4_000_000 + i).padStart(7, '0')}`,
      })),
    );
    const { access_token } = await t.signInAs('DIRECTOR');
    const first = picker.parse((await list(access_token, { filial: chilonzor, q: word })).json);
    expect(first).toHaveLength(STUDENT_PICKER_LIMIT.default);
    expect(first[0].full_name).toBe(`${word} 000`);
    expect(picker.parse((await list(access_token, { filial: chilonzor, q: word, limit: 3 })).json).map((s) => s.full_name)).toEqual([
      `${word} 000`,
      `${word} 001`,
      `${word} 002`,
    ]);
    expect(picker.parse((await list(access_token, { filial: chilonzor, q: word, limit: 100 })).json)).toHaveLength(55);
    const [{ n }] = await t.db
      .select({ n: count() })
      .from(students)
      .where(and(eq(students.filialId, chilonzor), eq(students.isArchived, false)));
    expect(n).toBeGreaterThan(STUDENT_PICKER_LIMIT.max);
    expect(picker.parse((await list(access_token, { filial: chilonzor, limit: 100 })).json)).toHaveLength(STUDENT_PICKER_LIMIT.max);
  });

  it('keeps to the user’s branches: another branch is a 404, no filial means every branch of theirs', async () => {
    const [chilonzor, yunusobod, samarqand] = [await f.filial('Chilonzor'), await f.filial('Yunusobod'), await f.filial('Samarqand')];
    const word = uniqueWord();
    const inC = await f.student(chilonzor, `${word} Chilonzor`);
    const inY = await f.student(yunusobod, `${word} Yunusobod`);
    const inS = await f.student(samarqand, `${word} Samarqand`);

    const admin = (await t.signInAs('ADMINISTRATOR')).access_token;
    expect((await list(admin, { filial: yunusobod })).status).toBe(404);
    expect((await list(admin, { filial: 999_999 })).status).toBe(404);
    expect(picker.parse((await list(admin, { q: word })).json).map((s) => s.id)).toEqual([inC.id]);
    const mine = picker.parse((await list(admin, {})).json);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((s) => s.filial === chilonzor)).toBe(true);
    // A teacher of the branch finds only the students of their own groups (inC is in none).
    const teacher = (await t.signInAs('TEACHER')).access_token;
    expect(picker.parse((await list(teacher, { q: word })).json)).toEqual([]);
    expect(picker.parse((await list(teacher, {})).json).length).toBeGreaterThan(0);

    const manager = (await t.signInAs('MULTIPLE_FILIAL_MANAGER')).access_token;
    expect(picker.parse((await list(manager, { q: word })).json).map((s) => s.id)).toEqual([inC.id, inY.id]);
    expect((await list(manager, { filial: samarqand })).status).toBe(404);

    const director = (await t.signInAs('DIRECTOR')).access_token;
    expect(picker.parse((await list(director, { q: word })).json).map((s) => s.id)).toEqual([inC.id, inS.id, inY.id]);
  });

  it('needs the groups page or a student page', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const attendanceManager = await f.employee('ATTENDANCE_MANAGER');
    expect((await list(attendanceManager.token, { filial: chilonzor })).status).toBe(403);
    // ACCOUNTING reads all_students, CALL_OPERATOR testing_students, ASSISTANT groups.
    for (const role of ['ACCOUNTING', 'CALL_OPERATOR', 'ASSISTANT'] as const) {
      const employee = await f.employee(role);
      expect((await list(employee.token, { filial: chilonzor })).status, role).toBe(200);
    }
    expect((await t.call('GET', '/api/students/no-pg/')).status).toBe(401);
  });

  it('answers 400 per field for bad filters, in the asked language', async () => {
    const { access_token } = await t.signInAs('DIRECTOR');
    const bad = await list(access_token, { filial: 'x', is_archived: 'yes', status: 'gone', limit: 0, exclude_group: -1, q: 'a'.repeat(101) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['exclude_group', 'filial', 'is_archived', 'limit', 'q', 'status']);
    const en = await list(access_token, { limit: 101 }, { 'accept-language': 'en' });
    expect(en.status).toBe(400);
    expect(en.json).toEqual({ limit: ['Must be at most 100'] });
    const uz = await list(access_token, { limit: 0 });
    expect(uz.json).toEqual({ limit: ['Kamida 1 bo‘lishi kerak'] });
    expect((await list(access_token, { limit: '2.5' }, { 'accept-language': 'en' })).json).toEqual({ limit: ['Must be a positive whole number'] });
  });
});
