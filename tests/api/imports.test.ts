// Imports with a preview (issue 18 §1): POST /import/{kind}/ → preview, /commit/, /undo/, GET /import/ and the
// templates, with real .xlsx (exceljs) and .csv files built in memory. Every kind, every kind of row error, the
// counts, all-or-nothing commits, undo (refused after a write and after 24 hours), limits before parsing.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { importBatch, importPreview, MOVE_IN_LIMITS, type ImportPreview } from '../../contract/imports';
import type { Role } from '../../contract/roles';
import { auditLog, cashierBalances, courses, employees, filials, financeEntries, groups, leads, openingBalances, rooms, studentBalances, studentGroups, students } from '../../server/db/schema';
import { EN, REAL_LOCALES, tokens } from './catalogueSupport';
import { backends, testClock, useTestApp } from './harness';

type Cell = string | number | Date | null;

async function xlsx(rows: Cell[][]): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Data');
  for (const row of rows) sheet.addRow(row);
  return new Blob([await workbook.xlsx.writeBuffer()]);
}
const csv = (rows: Cell[][], delimiter = ',') => new Blob([rows.map((r) => r.map((c) => (c === null ? '' : `"${String(c).replace(/"/g, '""')}"`)).join(delimiter)).join('\r\n')]);

let phoneSeq = 0;
/** A fresh phone in a given writing: 'plus' +998 90 123 45 67, 'nine' 901234567, 'eight' 8 90 123-45-67. */
function phone(style: 'plus' | 'nine' | 'eight' = 'plus'): { text: string; normal: string } {
  phoneSeq += 1;
  const digits = `93${String(5_000_000 + phoneSeq * 7 + (process.pid % 1000) * 10_000).slice(-7)}`;
  const [a, b, c, d, e] = [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 7), digits.slice(7, 9), ''];
  const text = style === 'plus' ? `+998 ${a} ${b} ${c} ${d}${e}` : style === 'nine' ? digits : `8 ${a} ${b}-${c}-${d}`;
  return { text, normal: `+998${digits}` };
}

describe.each(backends())('imports on %s', (backend) => {
  const clock = testClock('2026-11-20T10:00:00+05:00');
  const t = useTestApp(backend, { env: REAL_LOCALES, clock });
  const tokenOf = tokens(t);

  const upload = async (kind: string, file: Blob, name: string, options: { mapping?: unknown; role?: Role; lang?: string } = {}) => {
    const form = new FormData();
    form.set('file', file, name);
    if (options.mapping !== undefined) form.set('mapping', typeof options.mapping === 'string' ? options.mapping : JSON.stringify(options.mapping));
    const res = await t.app.request(`/api/import/${kind}/`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${await tokenOf(options.role ?? 'DIRECTOR')}`, 'accept-language': options.lang ?? 'en' },
    });
    return { status: res.status, json: await res.json() };
  };
  const post = async (path: string, role: Role = 'DIRECTOR') => t.call('POST', path, { token: await tokenOf(role), headers: EN });
  const preview = (json: unknown): ImportPreview => importPreview.parse(json);

  /** A branch with a group (and its course, room and a teacher) from the demo data. */
  const world = async () => {
    const [g] = await t.db.select().from(groups).where(sql`${groups.status} <> 'archived'`).orderBy(groups.id).limit(1);
    const [branch] = await t.db.select().from(filials).where(eq(filials.id, g.filialId));
    const [course] = await t.db.select().from(courses).where(and(eq(courses.filialId, g.filialId), eq(courses.isArchived, false))).limit(1);
    const [room] = await t.db.select().from(rooms).where(and(eq(rooms.filialId, g.filialId), eq(rooms.isArchived, false))).limit(1);
    const [teacher] = await t.db.select().from(employees).where(and(eq(employees.role, 'TEACHER'), eq(employees.isArchived, false))).limit(1);
    return { group: g, branch, course, room, teacher };
  };
  const totals = async () => ({
    students: (await t.db.select({ n: count() }).from(students))[0].n,
    leads: (await t.db.select({ n: count() }).from(leads))[0].n,
    memberships: (await t.db.select({ n: count() }).from(studentGroups))[0].n,
    openings: (await t.db.select({ n: count() }).from(openingBalances))[0].n,
    entries: (await t.db.select({ n: count() }).from(financeEntries))[0].n,
  });

  it('previews students in English headers: new, matching by phone, errors per cell, duplicates in the file; counts', async () => {
    const w = await world();
    const [existing] = await t.db.select().from(students).limit(1);
    const a = phone('plus');
    const b = phone('nine');
    const c = phone('eight');
    const res = await upload(
      'students',
      await xlsx([
        ['Full name', 'Phone', "Parents' phones", 'Birth date', 'Branch', 'Group', 'Join date', 'Opening balance'],
        ['Aliyev Jasur', a.text, '+998 91 765 43 21, 911112233', '2010-05-14', w.branch.name, w.group.name, '01.09.2026', '-150 000'],
        ['Karimova Dilnoza', b.text, '', '', w.branch.name, '', '', ''],
        ['Old Student', existing.phone, '', '', w.branch.name, '', '', ''],
        ['Twin', b.text, '', '', w.branch.name, '', '', ''],
        ['', 'not a phone', '12', '31.02.2011', 'Nowhere', 'No such group', 'soon', 'lots'],
        ['Eight', c.text, '', new Date(Date.UTC(2012, 0, 2)), w.branch.name, w.group.name, '', '250000.5'],
      ]),
      'students.xlsx',
    );
    expect(res.status).toBe(201);
    const p = preview(res.json);
    expect(p).toMatchObject({ kind: 'students', status: 'preview', file_name: 'students.xlsx', counts: { rows: 6, new: 3, match: 1, error: 2 }, can_undo: false });
    expect(p.mapping).toMatchObject({ 'Full name': 'full_name', Phone: 'phone', 'Opening balance': 'opening_balance' });
    expect(p.rows.map((r) => r.status)).toEqual(['new', 'new', 'match', 'error', 'error', 'new']);
    expect(p.rows[2].match_id).toBe(existing.id);
    expect(p.rows[3].errors.phone).toEqual(['This phone is also in row 3 of the file']);
    const bad = p.rows[4].errors;
    expect(Object.keys(bad).sort()).toEqual(['birth_date', 'branch', 'full_name', 'group', 'join_date', 'opening_balance', 'parent_phones', 'phone']);
    expect(bad.full_name).toEqual(['This field is required']);
    expect(bad.branch).toEqual(['“Nowhere” was not found']);
    expect(bad.opening_balance[0]).toMatch(/amount/);
    // Nothing is written by a preview.
    const before = await totals();
    expect((await t.call('GET', `/api/import/${p.id}/`, { token: await tokenOf('DIRECTOR'), headers: EN })).json.rows).toHaveLength(6);
    expect(await totals()).toEqual(before);
  });

  it('refuses a commit while any row is in error, and writes nothing', async () => {
    const w = await world();
    const before = await totals();
    const res = await upload('students', csv([['Phone', 'Full name', 'Group'], [phone().text, 'Good', w.group.name], ['123', 'Bad', '']]), 'bad.csv');
    const p = preview(res.json);
    expect(p.counts).toMatchObject({ new: 1, error: 1 });
    const commit = await post(`/api/import/${p.id}/commit/`);
    expect(commit.status).toBe(400);
    expect(commit.json.rows[0]).toMatch(/errors \(1 rows\)/);
    expect(await totals()).toEqual(before);
  });

  it('commits students (memberships, opening balances that are no cash), audits, lists, and undoes', async () => {
    const w = await world();
    const a = phone('eight');
    const b = phone('plus');
    const matched = (await t.db.select().from(students).limit(1))[0];
    const before = await totals();
    const cashBefore = await t.db.select().from(cashierBalances);
    const p = preview(
      (
        await upload(
          'students',
          csv(
            [
              ['ФИО', 'Телефон', 'Филиал', 'Группа', 'Дата вступления', 'Начальный баланс'],
              ['Иванов Пётр', a.text, w.branch.name, w.group.name, '2026-11-01', '-150000'],
              ['Петрова Анна', b.text, w.branch.name, w.group.name, '', '200000.50'],
              ['Уже есть', matched.phone, w.branch.name, '', '', ''],
            ],
            ';',
          ),
          'ученики.csv',
          { lang: 'ru' },
        )
      ).json,
    );
    expect(p.counts).toEqual({ rows: 3, new: 2, match: 1, error: 0 });
    const res = await post(`/api/import/${p.id}/commit/`);
    expect(res.status).toBe(200);
    expect(importBatch.parse(res.json)).toMatchObject({ status: 'committed', created: 2, can_undo: true });
    expect(await totals()).toEqual({ ...before, students: before.students + 2, memberships: before.memberships + 2, openings: before.openings + 2 });

    const [ivanov] = await t.db.select().from(students).where(eq(students.phone, a.normal));
    expect(ivanov).toMatchObject({ fullName: 'Иванов Пётр', filialId: w.branch.id, status: 'active' });
    const [membership] = await t.db.select().from(studentGroups).where(eq(studentGroups.studentId, ivanov.id));
    expect(membership).toMatchObject({ groupId: w.group.id, joinedOn: '2026-11-01', leftOn: null });
    const [balance] = await t.db.select().from(studentBalances).where(eq(studentBalances.studentId, ivanov.id));
    expect(Number(balance.balance)).toBe(-150000);
    // Not cash: no ledger entry, no cash desk moved.
    expect(await t.db.select().from(cashierBalances)).toEqual(cashBefore);

    const entry = await t.lastAudit('import.commit', p.id);
    expect(entry?.after).toMatchObject({ kind: 'students', file: 'ученики.csv', rows: 3, new: 2, match: 1, error: 0, created: 2 });
    const history = await t.call('GET', '/api/import/', { token: await tokenOf('DIRECTOR'), headers: EN });
    expect(importBatch.array().parse(history.json).find((x) => x.id === p.id)).toMatchObject({ status: 'committed', file_name: 'ученики.csv' });

    // A second commit of the same batch is refused.
    expect((await post(`/api/import/${p.id}/commit/`)).status).toBe(409);

    const undo = await post(`/api/import/${p.id}/undo/`);
    expect(undo.status).toBe(200);
    expect(undo.json).toMatchObject({ status: 'undone', can_undo: false });
    expect(await totals()).toEqual(before);
    expect(await t.db.select().from(studentBalances).where(eq(studentBalances.studentId, ivanov.id))).toEqual([]);
    expect(await t.lastAudit('import.undo', p.id)).toBeTruthy();
    expect((await post(`/api/import/${p.id}/undo/`)).status).toBe(409);
  });

  it('refuses undo once something was written on an imported record, or after 24 hours', async () => {
    const w = await world();
    const one = async () => {
      const p = preview((await upload('students', csv([['Name', 'Phone', 'Group'], ['Undo Test', phone().text, w.group.name]]), 'u.csv')).json);
      expect((await post(`/api/import/${p.id}/commit/`)).status).toBe(200);
      const [s] = await t.db.select().from(students).where(inArray(students.id, (await t.db.select({ id: studentGroups.studentId }).from(studentGroups).orderBy(sql`id desc`).limit(1)).map((r) => r.id)));
      return { p, s };
    };
    // An edit of the student.
    const edited = await one();
    await t.db.update(students).set({ comment: 'called', updatedAt: sql`now() + interval '1 second'` }).where(eq(students.id, edited.s.id));
    const refused = await post(`/api/import/${edited.p.id}/undo/`);
    expect(refused.status).toBe(409);
    expect(refused.json.detail).toMatch(/written to since \(edit\)/);

    // A move to another group (a membership the import did not write).
    const moved = await one();
    const [other] = await t.db.select().from(groups).where(and(eq(groups.filialId, w.group.filialId), sql`${groups.id} <> ${w.group.id}`)).limit(1);
    await t.db.insert(studentGroups).values({ studentId: moved.s.id, groupId: other.id, joinedOn: '2026-11-20' });
    const refusedMove = await post(`/api/import/${moved.p.id}/undo/`);
    expect(refusedMove.status).toBe(409);
    expect(refusedMove.json.detail).toMatch(/student_groups/);

    // 24 hours later.
    const late = await one();
    clock.advance(24 * 60 * 60 * 1000);
    const refusedLate = await post(`/api/import/${late.p.id}/undo/`);
    expect(refusedLate.status).toBe(409);
    expect(refusedLate.json.detail).toMatch(/within 24 hours/);
    clock.advance(-24 * 60 * 60 * 1000);
    expect((await post(`/api/import/${late.p.id}/undo/`)).status).toBe(200);
  });

  it('writes nothing when the database fails mid-commit', async () => {
    const w = await world();
    const before = await totals();
    const p = preview((await upload('students', csv([['Name', 'Phone', 'Group', 'Opening balance'], ['Fail A', phone().text, w.group.name, '1000'], ['Fail B', phone().text, w.group.name, '2000']]), 'f.csv')).json);
    // The opening balances' insert fails after the students and memberships were written.
    await t.db.execute(sql`ALTER TABLE opening_balances ADD CONSTRAINT test_fail CHECK (amount < 0)`);
    try {
      const res = await post(`/api/import/${p.id}/commit/`);
      expect(res.status).toBe(500);
    } finally {
      await t.db.execute(sql`ALTER TABLE opening_balances DROP CONSTRAINT test_fail`);
    }
    expect(await totals()).toEqual(before);
    const again = await t.call('GET', `/api/import/${p.id}/`, { token: await tokenOf('DIRECTOR'), headers: EN });
    expect(again.json.status).toBe('preview');
    expect((await post(`/api/import/${p.id}/commit/`)).status).toBe(200);
  });

  it('imports leads with Uzbek headers: stage, source, subject, operator, created date; matches by phone', async () => {
    const w = await world();
    const [existing] = await t.db.select().from(leads).limit(1);
    const [op] = await t.db.select().from(employees).where(eq(employees.role, 'CALL_OPERATOR')).limit(1);
    const a = phone('nine');
    const res = await upload(
      'leads',
      await xlsx([
        ['F.I.Sh', 'Telefon', 'Fan', 'Manba', 'Bosqich', 'Operator', 'Yaratilgan sana', 'Filial'],
        ['Sodiqov Aziz', a.text, '', '', 'Kutilmoqda', op.fullName, '15.10.2026', w.branch.name],
        ['Bor lid', existing.phone, '', '', '', '', '', w.branch.name],
        ['Xato', phone().text, 'Yo‘q fan', 'Yo‘q manba', 'Joined', 'Hech kim', '2026-13-01', w.branch.name],
      ]),
      'lidlar.xlsx',
      { lang: 'uz' },
    );
    expect(res.status).toBe(201);
    const p = preview(res.json);
    expect(p.rows.map((r) => r.status)).toEqual(['new', 'match', 'error']);
    expect(Object.keys(p.rows[2].errors).sort()).toEqual(['created_date', 'operator', 'source', 'stage', 'subject']);
    // Fix the file: upload again without the bad row.
    const fixed = preview(
      (
        await upload(
          'leads',
          csv([
            ['F.I.Sh', 'Telefon', 'Bosqich', 'Operator', 'Yaratilgan sana', 'Filial'],
            ['Sodiqov Aziz', a.text, 'Kutilmoqda', op.fullName, '15.10.2026', w.branch.name],
          ]),
          'lidlar.csv',
        )
      ).json,
    );
    expect(fixed.counts).toMatchObject({ new: 1, error: 0 });
    expect((await post(`/api/import/${fixed.id}/commit/`)).status).toBe(200);
    const [lead] = await t.db.select().from(leads).where(eq(leads.phone, a.normal));
    expect(lead).toMatchObject({ fullName: 'Sodiqov Aziz', stage: 'KUTULMOQDA', operatorId: op.id, filialId: w.branch.id });
    expect(lead.createdAt.toISOString()).toBe('2026-10-15T07:00:00.000Z');
    expect((await post(`/api/import/${fixed.id}/undo/`)).status).toBe(200);
    expect(await t.db.select().from(leads).where(eq(leads.phone, a.normal))).toEqual([]);
  });

  it('re-maps columns the headers do not name, and refuses a bad mapping', async () => {
    const w = await world();
    const file = csv([['Ученик', 'Моб.', 'Отделение'], ['Remapped', phone().text, w.branch.name]]);
    const unmapped = preview((await upload('students', file, 'x.csv')).json);
    expect(unmapped.mapping).toEqual({ Ученик: '', 'Моб.': '', Отделение: '' });
    expect(unmapped.rows[0].errors).toMatchObject({ full_name: ['This field is required'], phone: ['This field is required'] });
    const mapped = preview((await upload('students', file, 'x.csv', { mapping: { Ученик: 'full_name', 'Моб.': 'phone', Отделение: 'branch' } })).json);
    expect(mapped.rows[0].status).toBe('new');
    expect((await upload('students', file, 'x.csv', { mapping: { Ученик: 'course' } })).status).toBe(400);
    expect((await upload('students', file, 'x.csv', { mapping: { Ученик: 'phone', 'Моб.': 'phone' } })).status).toBe(400);
    expect((await upload('students', file, 'x.csv', { mapping: '{not json' })).status).toBe(400);
  });

  it('imports groups (with lessons) and undoes them', async () => {
    const w = await world();
    const p = preview(
      (
        await upload(
          'groups',
          csv([
            ['Group name', 'Course', 'Teacher', 'Room', 'Days', 'Time', 'Start date', 'Price', 'Branch'],
            ['Imported group', w.course.name, w.teacher.fullName, w.room.name, 'Sat, Sun', '07:00-07:30', '2027-01-02', '', w.branch.name],
            ['Bad group', 'No course', 'No teacher', 'No room', 'Funday', '25:00', 'tomorrow', 'free', w.branch.name],
            [w.group.name, w.course.name, w.teacher.fullName, w.room.name, '1', '07:00-07:30', '2027-01-02', '', w.branch.name],
          ]),
          'groups.csv',
        )
      ).json,
    );
    expect(p.rows.map((r) => r.status)).toEqual(['new', 'error', 'match']);
    expect(Object.keys(p.rows[1].errors).sort()).toEqual(['course', 'days', 'price', 'room', 'start_date', 'teacher', 'time']);
    const good = preview(
      (
        await upload(
          'groups',
          csv([
            ['Guruh nomi', 'Kurs', 'O‘qituvchi', 'Xona', 'Kunlar', 'Vaqt', 'Boshlanish sanasi', 'Narx', 'Filial'],
            ['Imported group', w.course.name, w.teacher.fullName, w.room.name, 'Sat, Sun', '07:00-07:30', '2027-01-02', '350000', w.branch.name],
          ]),
          'guruhlar.csv',
        )
      ).json,
    );
    expect(good.counts).toMatchObject({ new: 1, error: 0 });
    expect((await post(`/api/import/${good.id}/commit/`)).status).toBe(200);
    const [made] = await t.db.select().from(groups).where(eq(groups.name, 'Imported group'));
    expect(made).toMatchObject({ days: [6, 7], startTime: '07:00:00', endTime: '07:30:00', price: '350000.00', filialId: w.branch.id });
    const lessonCount = await t.db.execute(sql`SELECT count(*)::int AS n FROM lessons WHERE group_id = ${made.id}`);
    expect(JSON.stringify(lessonCount)).toMatch(/"n":[1-9]/);
    expect((await post(`/api/import/${good.id}/undo/`)).status).toBe(200);
    expect(await t.db.select().from(groups).where(eq(groups.name, 'Imported group'))).toEqual([]);
  });

  it('imports employees with a role and branches; a phone already taken is a match', async () => {
    const w = await world();
    const a = phone();
    const p = preview(
      (
        await upload(
          'employees',
          csv([
            ['Full name', 'Phone', 'Role', 'Branches'],
            ['New Teacher', a.text, 'Teacher', w.branch.name],
            ['Taken', w.teacher.phone, 'TEACHER', w.branch.name],
            ['Nobody', phone().text, 'Astronaut', 'Mars'],
          ]),
          'staff.csv',
        )
      ).json,
    );
    expect(p.rows.map((r) => r.status)).toEqual(['new', 'match', 'error']);
    expect(Object.keys(p.rows[2].errors).sort()).toEqual(['branches', 'role']);
    const good = preview((await upload('employees', csv([['Фио', 'Телефон', 'Должность', 'Филиалы'], ['New Teacher', a.text, 'Преподаватель', w.branch.name]]), 'staff.csv')).json);
    expect(good.counts).toMatchObject({ new: 1, error: 0 });
    expect((await post(`/api/import/${good.id}/commit/`)).status).toBe(200);
    const [made] = await t.db.select().from(employees).where(eq(employees.phone, a.normal));
    expect(made).toMatchObject({ fullName: 'New Teacher', role: 'TEACHER' });
    expect((await post(`/api/import/${good.id}/undo/`)).status).toBe(200);
    expect(await t.db.select().from(employees).where(eq(employees.phone, a.normal))).toEqual([]);
  });

  it('refuses files before parsing: not a spreadsheet, too large, too many rows', async () => {
    expect((await upload('students', new Blob(['hello']), 'notes.txt')).status).toBe(400);
    const big = new Blob([new Uint8Array(MOVE_IN_LIMITS.maxBytes + 10)]);
    const tooLarge = await upload('students', big, 'big.csv');
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.json.file[0]).toMatch(/too large/i);
    const lines = ['Name,Phone', ...Array.from({ length: MOVE_IN_LIMITS.maxRows + 1 }, (_, i) => `S${i},9${String(i).padStart(8, '0')}`)];
    const tooMany = await upload('students', new Blob([lines.join('\n')]), 'many.csv');
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.file[0]).toMatch(/Too many rows/);
    expect((await upload('unknown', await xlsx([['a']]), 'a.xlsx')).status).toBe(404);
  });

  it('serves a template per kind with the headers of the language, an example row and the allowed values', async () => {
    const w = await world();
    for (const [lang, header] of [
      ['ru', 'Фио'],
      ['uz', 'F.i.sh'],
      ['en', 'Full name'],
    ] as const) {
      const res = await t.app.request('/api/import/students/template/', { headers: { authorization: `Bearer ${await tokenOf('DIRECTOR')}`, 'accept-language': lang } });
      expect(res.status).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      const [data, allowed] = workbook.worksheets;
      expect(data.getRow(1).getCell(1).value).toBe(header);
      expect(data.rowCount).toBe(2);
      const allowedText = JSON.stringify(allowed.getSheetValues());
      expect(allowedText).toContain(w.branch.name);
      expect(allowedText).toContain(w.room.name);
    }
    // The template itself imports (its example row names real values).
    for (const kind of ['students', 'leads', 'groups', 'employees']) {
      const res = await t.app.request(`/api/import/${kind}/template/`, { headers: { authorization: `Bearer ${await tokenOf('DIRECTOR')}`, ...EN } });
      expect(res.status).toBe(200);
    }
  });

  it('is the control page’s: other roles are refused', async () => {
    expect((await upload('students', csv([['Name', 'Phone'], ['x', phone().text]]), 'x.csv', { role: 'ADMINISTRATOR' })).status).toBe(403);
    expect((await t.call('GET', '/api/import/', { token: await tokenOf('TEACHER') })).status).toBe(403);
  });

  it('keeps auditing', async () => {
    const [row] = await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, 'import'));
    expect(row.n).toBeGreaterThan(0);
  });
});
