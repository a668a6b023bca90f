// The student pages' server (spec section 7, "Students"): create with the same-phone warning, the card, PUT and
// PATCH (logged per change, branch moves, bringing back from the archive), bad input per field, branch scope
// (404), page keys and roles (403), and the phone check. Lists, counts and the spreadsheet: studentsList.test.ts.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { samePhoneConflict } from '../../contract/leads';
import { checkPhoneAnswer, studentCreated, studentDetail } from '../../contract/students';
import { leads, studentGroups, studentLogs, students } from '../../server/db/schema';
import { moveStudentStatus } from '../../server/domain/students/statusMoves';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

let serial = 0;
const newPhone = () => `+99877${String(1_000_000 + (process.pid % 1000) * 1000 + ++serial).slice(-7)}`;

describe.each(backends())('students on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;
  const create = async (tk: string, body: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/students/', { token: tk, body: { full_name: 'Test Student', phone: newPhone(), ...body } });
    if (res.status !== 201) throw new Error(`student: ${res.status} ${res.text}`);
    return studentCreated.strict().parse(res.json);
  };
  const logsOf = (id: number) => t.db.select().from(studentLogs).where(eq(studentLogs.studentId, id)).orderBy(studentLogs.id);
  const actor = async (role: Parameters<typeof t.demo>[0], filial: number) => ({
    user: { id: t.demo(role).id, role, filialIds: [filial], pages: new Set() } as never,
    ip: '127.0.0.1',
    now: new Date(),
  });

  it('creates a walk-in student (201, normalised, logged, audited) and reads the card back', async () => {
    const admin = await token('ADMINISTRATOR');
    const chilonzor = await f.filial('Chilonzor');
    const res = await t.call('POST', '/api/students', {
      token: admin,
      body: {
        filial: chilonzor, full_name: '  Dilnoza Karimova ', phone: '+998 77 900 11 22', parent_phone: '+998 (90) 111-22-33', extra_phone: '',
        birth_date: '2012-05-04', gender: 'female', comment: 'Ingliz tili', status: 'testing',
      },
    });
    expect(res.status).toBe(201);
    const created = studentCreated.strict().parse(res.json);
    expect(created).toMatchObject({
      filial: chilonzor, full_name: 'Dilnoza Karimova', phone: '+998779001122', parent_phone: '+998901112233', extra_phone: null,
      birth_date: '2012-05-04', gender: 'female', comment: 'Ingliz tili', status: 'testing', is_archived: false, groups: [], memberships: [],
      balance: '0.00', lead: null, archived_reason: null, archived_at: null, archived_from_status: null, frozen_from: null, duplicates: [],
    });
    expect(await t.lastAudit('student.create', created.id)).toMatchObject({ actorId: t.demo('ADMINISTRATOR').id, filialId: chilonzor });
    expect(await logsOf(created.id)).toMatchObject([{ action: 'student.create', toStatus: 'testing', actorId: t.demo('ADMINISTRATOR').id }]);
    const { duplicates, ...card } = created;
    for (const path of [`/api/students/${created.id}/`, `/api/students/${created.id}`]) {
      const one = await t.call('GET', path, { token: admin });
      expect(one.status).toBe(200);
      expect(studentDetail.strict().parse(one.json)).toEqual(card);
    }
    expect(duplicates).toEqual([]);
    // The default status is new.
    expect((await create(admin, { filial: chilonzor })).status).toBe('new');
  });

  it('refuses a phone leads or students of the caller’s branches have until the request confirms it', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const first = await create(director, { filial: chilonzor });
    const [lead] = await t.db
      .insert(leads)
      .values({ filialId: chilonzor, fullName: 'Same Phone Lead', phone: newPhone(), extraPhone: first.phone })
      .returning();
    const expected = [
      { kind: 'lead', id: lead.id, filial: chilonzor, full_name: 'Same Phone Lead', phone: lead.phone, link: `/leads/lead_info?id=${lead.id}` },
      { kind: 'student', id: first.id, filial: chilonzor, full_name: first.full_name, phone: first.phone, link: `/students/info?id=${first.id}` },
    ];
    // Refused before anything is written, naming who has the phone; saved only when the request confirms it.
    const count = async () => (await t.db.select().from(students)).length;
    const before = await count();
    const refused = await t.call('POST', '/api/students/', { token: director, body: { filial: chilonzor, full_name: 'Twin', phone: first.phone } });
    expect(refused.status).toBe(409);
    expect(samePhoneConflict.strict().parse(refused.json)).toMatchObject({ code: 'errors.samePhone', duplicates: expected });
    expect(await count()).toBe(before);
    const again = await create(director, { filial: chilonzor, phone: first.phone, confirm_duplicate: true });
    expect(again.duplicates).toEqual(expected);
  });

  it('shows the card with the open memberships (teacher, own price, balance) and the lead it came from', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const student = await create(director, { filial: chilonzor });
    const group = await f.group({ filialId: chilonzor, teacherId: t.demo('TEACHER').id });
    const old = await f.group({ filialId: chilonzor, teacherId: t.demo('TEACHER').id });
    const membership = await f.member(student.id, group.id, today());
    await f.member(student.id, old.id, '2020-01-01', '2020-02-01');
    const [lead] = await t.db.insert(leads).values({ filialId: chilonzor, fullName: 'Origin Lead', phone: student.phone, stage: 'JOINED' }).returning();
    await t.db.update(students).set({ leadId: lead.id }).where(eq(students.id, student.id));
    const card = studentDetail.strict().parse((await t.call('GET', `/api/students/${student.id}/`, { token: director })).json);
    expect(card.memberships).toEqual([
      { id: membership, group: { id: group.id, name: group.name }, teacher: { id: t.demo('TEACHER').id, full_name: t.demo('TEACHER').name }, joined_on: today(), price: null, balance: '0.00' },
    ]);
    expect(card.groups).toEqual([{ id: group.id, name: group.name }]);
    expect(card.lead).toEqual({ id: lead.id, full_name: 'Origin Lead' });
    expect((await t.call('GET', '/api/students/2147483647/', { token: director })).status).toBe(404);
    expect((await t.call('GET', '/api/students/abc/', { token: director })).status).toBe(400);
  });

  it('answers 400 per field for bad bodies and queries', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const bad = await t.call('POST', '/api/students/', {
      token: director,
      body: { filial: 0, full_name: ' ', phone: '12345', extra_phone: '+99812', parent_phone: 'x', birth_date: '2099-01-01', gender: 'x', status: 'archived' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['birth_date', 'extra_phone', 'filial', 'full_name', 'gender', 'parent_phone', 'phone', 'status']);
    expect(bad.json.birth_date).toEqual(['Sana kelajakda bo‘lishi mumkin emas']);
    const missing = await t.call('POST', '/api/students/', { token: director, body: {} });
    expect(Object.keys(missing.json).sort()).toEqual(['filial', 'full_name', 'phone']);
    const badDate = await t.call('POST', '/api/students/', { token: director, body: { filial: chilonzor, full_name: 'X', phone: newPhone(), birth_date: '2010-02-30' } });
    expect(Object.keys(badDate.json)).toEqual(['birth_date']);
    const unknownBranch = await t.call('POST', '/api/students/', { token: director, body: { filial: 999999, full_name: 'X', phone: newPhone() } });
    expect(unknownBranch.status).toBe(400);
    expect(Object.keys(unknownBranch.json)).toEqual(['filial']);

    const student = await create(director, { filial: chilonzor });
    const partialPut = await t.call('PUT', `/api/students/${student.id}/`, { token: director, body: { full_name: 'Only Name' } });
    expect(partialPut.status).toBe(400);
    expect(Object.keys(partialPut.json).sort()).toEqual(['birth_date', 'comment', 'extra_phone', 'filial', 'gender', 'parent_phone', 'phone']);
    const badPatch = await t.call('PATCH', `/api/students/${student.id}/`, { token: director, body: { phone: 'abc', is_archived: true, birth_date: '2099-12-31' } });
    expect(Object.keys(badPatch.json).sort()).toEqual(['birth_date', 'is_archived', 'phone']);
    for (const query of ['list=everyone', 'balance_status=rich', 'start_date=yesterday', 'page_size=101', 'group=abc', 'status=gone']) {
      expect((await t.call('GET', `/api/students/?${query}`, { token: director })).status, query).toBe(400);
    }
    expect((await t.call('GET', '/api/students/check_phone?phone_number=123', { token: director })).status).toBe(400);
    expect((await t.call('GET', '/api/students/check_phone', { token: director })).status).toBe(400);
  });

  it('PUT and PATCH edit the card; each change is a student_logs row with the changed fields, and audited', async () => {
    const admin = await token('ADMINISTRATOR');
    const chilonzor = await f.filial('Chilonzor');
    const student = await create(admin, { filial: chilonzor, full_name: 'Before Edit' });
    const put = await t.call('PUT', `/api/students/${student.id}/`, {
      token: admin,
      body: {
        full_name: 'After Edit', phone: student.phone, extra_phone: null, parent_phone: '+998 90 000 00 01', birth_date: '2011-01-01',
        gender: 'male', comment: '', filial: chilonzor,
      },
    });
    expect(put.status).toBe(200);
    expect(studentDetail.strict().parse(put.json)).toMatchObject({ full_name: 'After Edit', parent_phone: '+998900000001', birth_date: '2011-01-01', gender: 'male' });
    const [edit] = (await logsOf(student.id)).filter((l) => l.action === 'student.edit');
    expect(edit.detail).toEqual({
      full_name: { from: 'Before Edit', to: 'After Edit' },
      parent_phone: { from: null, to: '+998900000001' },
      birth_date: { from: null, to: '2011-01-01' },
      gender: { from: null, to: 'male' },
    });
    expect(await t.lastAudit('student.edit', student.id)).toMatchObject({ before: { full_name: 'Before Edit' }, after: { full_name: 'After Edit' } });

    const patch = await t.call('PATCH', `/api/students/${student.id}`, { token: admin, body: { comment: 'Kechki guruh', parent_phone: '' } });
    expect(patch.json).toMatchObject({ comment: 'Kechki guruh', parent_phone: null, full_name: 'After Edit' });
    // The same values again change nothing and write nothing.
    await t.call('PATCH', `/api/students/${student.id}`, { token: admin, body: { comment: 'Kechki guruh', full_name: 'After Edit' } });
    const edits = (await logsOf(student.id)).filter((l) => l.action === 'student.edit');
    expect(edits.map((l) => l.detail)).toEqual([edit.detail, { comment: { from: '', to: 'Kechki guruh' }, parent_phone: { from: '+998900000001', to: null } }]);
  });

  it('moves a student to another of the user’s branches only, and not while they are in groups', async () => {
    const manager = await token('MULTIPLE_FILIAL_MANAGER'); // Chilonzor and Yunusobod
    const chilonzor = await f.filial('Chilonzor');
    const yunusobod = await f.filial('Yunusobod');
    const samarqand = await f.filial('Samarqand');
    const student = await create(manager, { filial: chilonzor });
    const outside = await t.call('PATCH', `/api/students/${student.id}/`, { token: manager, body: { filial: samarqand } });
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.json)).toEqual(['filial']);
    const group = await f.group({ filialId: chilonzor, teacherId: t.demo('TEACHER').id });
    const membership = await f.member(student.id, group.id, today());
    const inGroups = await t.call('PATCH', `/api/students/${student.id}/`, { token: manager, body: { filial: yunusobod } });
    expect(inGroups.status).toBe(400);
    expect(inGroups.json.filial[0]).toMatch(/guruh/);
    await t.db.update(studentGroups).set({ leftOn: today(), endReason: 'left' }).where(eq(studentGroups.id, membership));
    const moved = await t.call('PATCH', `/api/students/${student.id}/`, { token: manager, body: { filial: yunusobod } });
    expect(moved.status).toBe(200);
    expect(moved.json.filial).toBe(yunusobod);
    const [log] = (await logsOf(student.id)).filter((l) => l.action === 'student.edit');
    expect(log.detail).toEqual({ filial: { from: chilonzor, to: yunusobod } });
  });

  it('PATCH {is_archived: false} brings a student back to the status they were archived from, with other edits in the same call', async () => {
    const admin = await token('ADMINISTRATOR');
    const chilonzor = await f.filial('Chilonzor');
    const student = await create(admin, { filial: chilonzor, status: 'testing' });
    await moveStudentStatus(t.db, await actor('ADMINISTRATOR', chilonzor), student.id, { type: 'archive', reason: 'Ko‘chib ketdi' });
    const archived = studentDetail.parse((await t.call('GET', `/api/students/${student.id}/`, { token: admin })).json);
    expect(archived).toMatchObject({ is_archived: true, status: 'archived', archived_reason: 'Ko‘chib ketdi', archived_from_status: 'testing' });
    const back = await t.call('PATCH', `/api/students/${student.id}/`, { token: admin, body: { is_archived: false, comment: 'Qaytdi' } });
    expect(back.status).toBe(200);
    expect(studentDetail.strict().parse(back.json)).toMatchObject({ is_archived: false, archived_reason: null, archived_at: null, comment: 'Qaytdi' });
    expect(back.json.status).toBe('testing');
    const actions = (await logsOf(student.id)).map((l) => l.action);
    expect(actions.slice(-2)).toEqual(['status.unarchive', 'student.edit']);
    // Not archived: the flag as asked is no move.
    const again = await t.call('PATCH', `/api/students/${student.id}/`, { token: admin, body: { is_archived: false } });
    expect(again.status).toBe(200);
    expect((await logsOf(student.id)).length).toBe(actions.length);
  });

  it('keeps to the caller’s branches: 404 for a student or branch outside them', async () => {
    const director = await token('DIRECTOR');
    const admin = await token('ADMINISTRATOR'); // Chilonzor only
    const samarqand = await f.filial('Samarqand');
    const foreign = await create(director, { filial: samarqand });
    expect((await t.call('GET', `/api/students/${foreign.id}/`, { token: admin })).status).toBe(404);
    expect((await t.call('PATCH', `/api/students/${foreign.id}/`, { token: admin, body: { comment: 'x' } })).status).toBe(404);
    expect((await t.call('PATCH', `/api/students/${foreign.id}/`, { token: admin, body: { is_archived: false } })).status).toBe(404);
    const put = await t.call('PUT', `/api/students/${foreign.id}/`, {
      token: admin,
      body: { full_name: 'X', phone: foreign.phone, extra_phone: null, parent_phone: null, birth_date: null, gender: null, comment: '', filial: samarqand },
    });
    expect(put.status).toBe(404);
    expect((await t.call('GET', `/api/students/?filial=${samarqand}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/students/counts/?filial=${samarqand}`, { token: admin })).status).toBe(404);
    expect((await t.call('GET', `/api/students/excel/?filial=${samarqand}`, { token: admin })).status).toBe(404);
    const mine = await t.call('GET', `/api/students/?q=${encodeURIComponent(foreign.phone)}`, { token: admin });
    expect(mine.json.count).toBe(0);
    const created = await t.call('POST', '/api/students/', { token: admin, body: { filial: samarqand, full_name: 'X', phone: newPhone() } });
    expect(created.status).toBe(400);
    expect(Object.keys(created.json)).toEqual(['filial']);
    const [unchanged] = await t.db.select().from(students).where(eq(students.id, foreign.id));
    expect(unchanged.comment).toBe('');
  });

  it('403 without a student page or for roles that only look: teachers, call operators', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const student = await create(director, { filial: chilonzor });
    const teacher = await token('TEACHER');
    for (const [method, path] of [
      ['GET', '/api/students/'], ['GET', '/api/students/counts/'], ['GET', `/api/students/${student.id}/`], ['GET', '/api/students/excel/'],
      ['GET', `/api/students/check_phone?phone_number=${encodeURIComponent(student.phone)}`], ['POST', '/api/students/'], ['PATCH', `/api/students/${student.id}/`],
    ] as const) {
      expect((await t.call(method, path, { token: teacher, body: method === 'GET' ? undefined : { comment: 'x' } })).status, `${method} ${path}`).toBe(403);
    }
    const operator = await token('CALL_OPERATOR'); // lead pages and testing_students
    expect((await t.call('GET', '/api/students/?list=testing', { token: operator })).status).toBe(200);
    expect((await t.call('GET', '/api/students/?list=new', { token: operator })).status).toBe(403);
    expect((await t.call('GET', '/api/students/excel/?list=archived', { token: operator })).status).toBe(403);
    expect((await t.call('POST', '/api/students/', { token: operator, body: { filial: chilonzor, full_name: 'X', phone: newPhone() } })).status).toBe(403);
    expect((await t.call('PATCH', `/api/students/${student.id}/`, { token: operator, body: { comment: 'x' } })).status).toBe(403);
    const put = await t.call('PUT', `/api/students/${student.id}/`, {
      token: operator,
      body: { full_name: 'X', phone: student.phone, extra_phone: null, parent_phone: null, birth_date: null, gender: null, comment: '', filial: chilonzor },
    });
    expect(put.status).toBe(403);
    const checked = await t.call('GET', `/api/students/check_phone?phone_number=${encodeURIComponent(student.phone)}`, { token: operator });
    expect(checked.status).toBe(200);
    expect(checked.json.students.map((s: { id: number }) => s.id)).toEqual([student.id]);
    const [row] = await t.db.select().from(students).where(eq(students.id, student.id));
    expect(row.comment).toBe('');
  });

  it('check_phone finds students and leads by main or extra phone in the caller’s branches', async () => {
    const director = await token('DIRECTOR');
    const admin = await token('ADMINISTRATOR'); // Chilonzor only
    const chilonzor = await f.filial('Chilonzor');
    const samarqand = await f.filial('Samarqand');
    const phone = newPhone();
    const here = await create(director, { filial: chilonzor, phone });
    const extra = await create(director, { filial: chilonzor, extra_phone: phone, confirm_duplicate: true });
    const there = await create(director, { filial: samarqand, phone, confirm_duplicate: true });
    const [lead] = await t.db.insert(leads).values({ filialId: chilonzor, fullName: 'Phone Lead', phone, stage: 'KUTULMOQDA' }).returning();
    const spaced = `${phone.slice(0, 4)} ${phone.slice(4, 6)} ${phone.slice(6, 9)} ${phone.slice(9, 11)} ${phone.slice(11)}`;
    const res = await t.call('GET', `/api/students/check_phone/?phone_number=${encodeURIComponent(spaced)}`, { token: admin });
    expect(res.status).toBe(200);
    const answer = checkPhoneAnswer.strict().parse(res.json);
    expect(answer.exists).toBe(true);
    expect(answer.students.map((s) => s.id)).toEqual([here.id, extra.id]);
    expect(answer.leads).toEqual([{ id: lead.id, full_name: 'Phone Lead', phone, filial: chilonzor, stage: 'KUTULMOQDA', is_archived: false }]);
    const everywhere = checkPhoneAnswer.parse((await t.call('GET', `/api/students/check_phone?phone_number=${encodeURIComponent(phone)}`, { token: director })).json);
    expect(everywhere.students.map((s) => s.id)).toEqual([here.id, extra.id, there.id]);
    const none = await t.call('GET', `/api/students/check_phone?phone_number=${encodeURIComponent(newPhone())}`, { token: admin });
    expect(none.json).toEqual({ exists: false, students: [], leads: [] });
    const leadsPage = await t.call('GET', `/api/students/check_phone?phone_number=${encodeURIComponent(phone)}`, { token: await token('SERVICE_SALES') });
    expect(leadsPage.status).toBe(200);
  });
});
