// GET /students/ (the five lists, every filter, empty filters dropped, paging, groups and balance per row),
// GET /students/counts/ (the sidebar tabs) and GET /students/excel/ read back with exceljs (headers in the
// request's language, the list's rows and filters, the archive's extra columns).
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { paged } from '../../contract/common';
import { XLSX_MIME } from '../../contract/leadDownloads';
import { studentCounts, studentListItem, type StudentListItem } from '../../contract/students';
import { courses, groups, studentGroups, students } from '../../server/db/schema';
import { centreToday } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

const page = paged(studentListItem.strict());
let serial = 0;
/** A word no demo name contains, so a search for it finds this test's students only. */
const uniqueWord = () => `Qx${process.pid % 1000}w${(serial += 1)}`;

describe.each(backends())('student lists on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const list = async (tk: string, query: string) => {
    const res = await t.call('GET', `/api/students/?${query}`, { token: tk });
    if (res.status !== 200) throw new Error(`list ${query}: ${res.status} ${res.text}`);
    return page.parse(res.json);
  };
  const ids = (p: { results: StudentListItem[] }) => p.results.map((s) => s.id);

  /** Five students of one branch, one per status, named with `word`; the archived one archived a week ago. */
  async function statusSet(filialId: number, word: string) {
    const made: Record<string, number> = {};
    for (const status of ['testing', 'new', 'active', 'frozen', 'archived'] as const) {
      const s = await f.student(filialId, `${word} ${status}`);
      await t.db
        .update(students)
        .set({
          status,
          isArchived: status === 'archived',
          archivedAt: status === 'archived' ? new Date(Date.now() - 7 * 86_400_000) : null,
          archivedReason: status === 'archived' ? 'Boshqa shahar' : null,
          frozenFrom: status === 'frozen' ? today() : null,
          frozenTo: status === 'frozen' ? today() : null,
        })
        .where(eq(students.id, s.id));
      made[status] = s.id;
    }
    return made;
  }

  it('answers each list with its statuses, newest first, paged with links', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const word = uniqueWord();
    const s = await statusSet(chilonzor, word);
    const q = `filial=${chilonzor}&q=${word}`;
    expect(ids(await list(director, `${q}&list=testing`))).toEqual([s.testing]);
    expect(ids(await list(director, `${q}&list=new`))).toEqual([s.new]);
    expect(ids(await list(director, `${q}&list=active`))).toEqual([s.frozen, s.active]);
    expect(ids(await list(director, `${q}&list=all`))).toEqual([s.frozen, s.active, s.new, s.testing]);
    expect(ids(await list(director, q))).toEqual([s.frozen, s.active, s.new, s.testing]);
    expect(ids(await list(director, `${q}&list=active&status=frozen`))).toEqual([s.frozen]);
    const archived = await list(director, `${q}&list=archived`);
    expect(archived.results).toMatchObject([{ id: s.archived, status: 'archived', is_archived: true, archived_reason: 'Boshqa shahar' }]);
    expect(archived.results[0].archived_at).not.toBeNull();
    const frozen = (await list(director, `${q}&status=frozen`)).results[0];
    expect(frozen).toMatchObject({ frozen_from: today(), frozen_to: today(), balance: '0.00', groups: [] });

    const first = await list(director, `${q}&list=all&page_size=3`);
    expect(first.count).toBe(4);
    expect(ids(first)).toEqual([s.frozen, s.active, s.new]);
    expect(first.previous).toBeNull();
    expect(new URL(first.next!, 'http://localhost').searchParams.get('page')).toBe('2');
    const second = await list(director, `${q}&list=all&page_size=3&page=2`);
    expect(ids(second)).toEqual([s.testing]);
    expect(second.next).toBeNull();
    // Without a branch the user's whole scope; the demo's default page size is 30.
    const everything = await list(director, 'list=all');
    expect(everything.results.length).toBe(Math.min(30, everything.count));
  });

  it('drops empty filters and filters by name or phone, group, teacher, subject, course, period and balance', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const word = uniqueWord();
    const teacher = await f.employee('TEACHER');
    const groupA = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const groupB = await f.group({ filialId: chilonzor, teacherId: t.demo('TEACHER').id });
    const a = await f.student(chilonzor, `${word} Alpha`);
    const b = await f.student(chilonzor, `${word} Beta`);
    const c = await f.student(chilonzor, `${word} Gamma`);
    await f.member(a.id, groupA.id, today());
    await f.member(a.id, groupB.id, today());
    await f.member(b.id, groupB.id, today());
    await f.member(c.id, groupA.id, '2020-01-01', '2020-06-01'); // left long ago: not in the group now
    const [groupRow] = await t.db.select().from(groups).where(eq(groups.id, groupA.id));
    const [course] = await t.db.select().from(courses).where(eq(courses.id, groupRow.courseId));
    const q = `filial=${chilonzor}&q=${word}`;

    const empty = await list(director, `${q}&page=&page_size=&list=&status=null&group=undefined&teacher=&subject=&course=&start_date=&end_date=&balance_status=`);
    expect(ids(empty)).toEqual([c.id, b.id, a.id]);
    const rowA = empty.results.find((r) => r.id === a.id)!;
    expect(rowA.groups.map((g) => g.id).sort()).toEqual([groupA.id, groupB.id].sort());
    expect(empty.results.find((r) => r.id === c.id)!.groups).toEqual([]);

    expect(ids(await list(director, `filial=${chilonzor}&q=${word}%20beta`))).toEqual([b.id]);
    const local = b.phone.slice(4);
    expect(ids(await list(director, `filial=${chilonzor}&q=${encodeURIComponent(`${local.slice(0, 2)} ${local.slice(2)}`)}`))).toEqual([b.id]);
    expect(ids(await list(director, `${q}&group=${groupA.id}`))).toEqual([a.id]);
    expect(ids(await list(director, `${q}&group=${groupB.id}`))).toEqual([b.id, a.id]);
    expect(ids(await list(director, `${q}&teacher=${teacher.id}`))).toEqual([a.id]);
    expect(ids(await list(director, `${q}&subject=${course.subjectId}`))).toEqual([a.id]);
    expect(ids(await list(director, `${q}&course=${course.id}`))).toEqual([a.id]);
    expect(ids(await list(director, `${q}&group=${groupB.id}&teacher=${teacher.id}`))).toEqual([]);

    // The period is the day a student joined: their first group (c: 2020-01-01), else the record's day.
    await t.db.update(students).set({ createdAt: new Date('2024-03-10T20:00:00Z') }).where(eq(students.id, c.id)); // 11 March in Tashkent
    expect(ids(await list(director, `${q}&start_date=2020-01-01&end_date=2020-01-01`))).toEqual([c.id]);
    expect(ids(await list(director, `${q}&start_date=2024-03-11&end_date=2024-03-11`))).toEqual([]);
    expect(ids(await list(director, `${q}&end_date=2019-12-31`))).toEqual([]);
    expect(ids(await list(director, `${q}&start_date=${today()}`))).toEqual([b.id, a.id]);
    const d = await f.student(chilonzor, `${word} Delta`);
    await t.db.update(students).set({ createdAt: new Date('2024-03-10T20:00:00Z') }).where(eq(students.id, d.id));
    expect(ids(await list(director, `${q}&start_date=2024-03-11&end_date=2024-03-11`))).toEqual([d.id]);

    // No payments or charges exist yet: every balance is zero.
    expect(ids(await list(director, `${q}&balance_status=zero`))).toEqual([d.id, c.id, b.id, a.id]);
    expect(ids(await list(director, `${q}&balance_status=debtor`))).toEqual([]);
    expect(ids(await list(director, `${q}&balance_status=positive`))).toEqual([]);
  });

  it('the archive filters its period by the archiving day and shows the groups the archiving closed', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const word = uniqueWord();
    const s = await statusSet(chilonzor, word);
    const group = await f.group({ filialId: chilonzor, teacherId: t.demo('TEACHER').id });
    await f.member(s.archived, group.id, '2025-01-01');
    await t.db.update(studentGroups).set({ leftOn: today(), endReason: 'archived' }).where(eq(studentGroups.studentId, s.archived));
    const q = `filial=${chilonzor}&q=${word}&list=archived`;
    const weekAgo = new Date(Date.now() - 7 * 86_400_000);
    const archivedDay = centreToday(weekAgo);
    expect(ids(await list(director, `${q}&start_date=${archivedDay}&end_date=${archivedDay}`))).toEqual([s.archived]);
    expect(ids(await list(director, `${q}&start_date=${today()}`))).toEqual([]);
    const [row] = (await list(director, `${q}&group=${group.id}`)).results;
    expect(row.groups).toEqual([{ id: group.id, name: group.name }]);
  });

  it('counts each tab in one call, within the branch and the caller’s scope', async () => {
    const director = await token('DIRECTOR');
    const yunusobod = await f.filial('Yunusobod');
    const before = studentCounts.strict().parse((await t.call('GET', `/api/students/counts/?filial=${yunusobod}`, { token: director })).json);
    await statusSet(yunusobod, uniqueWord());
    const res = await t.call('GET', `/api/students/counts?filial=${yunusobod}`, { token: director });
    expect(res.status).toBe(200);
    const after = studentCounts.strict().parse(res.json);
    expect({
      testing: after.testing - before.testing, new: after.new - before.new, active: after.active - before.active,
      frozen: after.frozen - before.frozen, archived: after.archived - before.archived, all: after.all - before.all,
    }).toEqual({ testing: 1, new: 1, active: 2, frozen: 1, archived: 1, all: 4 });
    expect(after.all).toBe((await list(director, `filial=${yunusobod}&list=all`)).count);
    expect(after.active).toBe((await list(director, `filial=${yunusobod}&list=active`)).count);
    const admin = await token('ADMINISTRATOR'); // Chilonzor only
    const mine = studentCounts.parse((await t.call('GET', '/api/students/counts/', { token: admin })).json);
    expect(mine.all).toBe((await list(admin, 'list=all')).count);
    expect(mine.all).toBe((await list(director, `filial=${await f.filial('Chilonzor')}&list=all`)).count);
  });

  const xlsx = async (query: string, tk: string, lang?: string) => {
    const headers = new Headers({ authorization: `Bearer ${tk}` });
    if (lang) headers.set('accept-language', lang);
    const res = await t.app.request(`/api/students/excel/?${query}`, { headers });
    const bytes = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200) return { status: res.status, headers: res.headers, header: [], body: [] as ExcelJS.CellValue[][], sheet: undefined };
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.getWorksheet('O‘quvchilar');
    if (!sheet) throw new Error('no sheet');
    const rows: ExcelJS.CellValue[][] = [];
    sheet.eachRow((row) => rows.push((row.values as ExcelJS.CellValue[]).slice(1)));
    return { status: res.status, headers: res.headers, header: rows[0], body: rows.slice(1), sheet };
  };

  it('GET /students/excel/ is a real workbook of the list under the same filters, headers in the request’s language', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const word = uniqueWord();
    const s = await statusSet(chilonzor, word);
    const group = await f.group({ filialId: chilonzor, teacherId: t.demo('TEACHER').id });
    await f.member(s.active, group.id, today());
    await t.db.update(students).set({ parentPhone: '+998901234567' }).where(eq(students.id, s.active));

    const uz = await xlsx(`filial=${chilonzor}&q=${word}&list=active`, director);
    expect(uz.status).toBe(200);
    expect(uz.headers.get('content-type')).toBe(XLSX_MIME);
    expect(uz.headers.get('content-disposition')).toBe(`attachment; filename="oquvchilar-active-${centreToday(new Date())}.xlsx"`);
    expect(uz.header).toEqual(['№', 'F.I.Sh.', 'Telefon', 'Ota-ona telefoni', 'Filial', 'Guruhlar', 'Holat', 'Balans', 'Qo‘shilgan']);
    expect(uz.sheet!.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(uz.sheet!.autoFilter).toBeTruthy();
    expect(uz.body.map((r) => r[1])).toEqual([`${word} frozen`, `${word} active`]);
    const active = uz.body[1];
    expect(active.slice(0, 8)).toEqual([2, `${word} active`, expect.stringMatching(/^\+998/), '+998901234567', 'Chilonzor', group.name, 'Faol', 0]);
    expect(active[8]).toBeInstanceOf(Date);
    expect(uz.body[0][6]).toBe('Muzlatilgan');

    const en = await xlsx(`filial=${chilonzor}&q=${word}&list=archived&group=`, director, 'en');
    expect(en.header).toEqual(['No.', 'Full name', 'Phone', 'Parent’s phone', 'Branch', 'Groups', 'Status', 'Balance', 'Added', 'Archived', 'Archive reason']);
    expect(en.body).toHaveLength(1);
    expect(en.body[0].slice(1, 2)).toEqual([`${word} archived`]);
    expect(en.body[0][6]).toBe('Archived');
    expect(en.body[0][9]).toBeInstanceOf(Date);
    expect(en.body[0][10]).toBe('Boshqa shahar');

    const all = await xlsx(`filial=${chilonzor}&list=all`, director);
    expect(all.body.length).toBe((await list(director, `filial=${chilonzor}&list=all`)).count);
    expect((await xlsx('list=everyone', director)).status).toBe(400);
  });
});
