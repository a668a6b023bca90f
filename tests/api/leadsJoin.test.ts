// An order becomes a student (PATCH /lid/{id} {stage: 'JOINED'}) once its first lesson has taken place: the
// student, the membership from the first lesson, attendance at it, the lead's history kept; the refusals (409
// before the first lesson, from other stages, twice, into a closed group; 404 outside the branch); and the rule
// that a lead's operator works in the lead's branch.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paged } from '../../contract/common';
import { lead, leadCreated, leadJoined, leadLog } from '../../contract/leads';
import { attendance, employees, groups, leads, studentGroups, studentLogs, students } from '../../server/db/schema';
import { daysFromToday, eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';
import { makeEmployee } from './groupsSupport';

let phoneCounter = 0;
const newPhone = () => `+99877${String(1_000_000 + (process.pid % 10_000) * 100 + ++phoneCounter).slice(-7)}`;

describe.each(backends())('leads joining as students on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);
  const token = async (role: Parameters<typeof t.signInAs>[0]) => (await t.signInAs(role)).access_token;

  const createLead = async (tk: string, filial: number, body: Record<string, unknown> = {}) => {
    const res = await t.call('POST', '/api/lid/', { token: tk, body: { filial, full_name: 'Join Test', phone: newPhone(), ...body } });
    if (res.status !== 201) throw new Error(`lead: ${res.status} ${res.text}`);
    return leadCreated.parse(res.json);
  };
  /** A running group of the branch with its lesson on `day`, and an order for a new lead into it from `day`. */
  const order = async (tk: string, opts: { day: number; filial?: 'Chilonzor' | 'Yunusobod'; lesson?: boolean; body?: Record<string, unknown> }) => {
    const filialId = await f.filial(opts.filial ?? 'Chilonzor');
    const group = await f.group({ filialId, teacherId: t.demo('TEACHER').id });
    const date = daysFromToday(opts.day);
    const [lessonId] = opts.lesson === false ? [] : await f.lessons(group, [date]);
    const created = await createLead(tk, filialId, opts.body);
    const res = await t.call('PATCH', `/api/lid/${created.id}/create_order`, { token: tk, body: { group: group.id, first_lesson_date: date } });
    if (res.status !== 200) throw new Error(`order: ${res.status} ${res.text}`);
    return { lead: lead.parse(res.json), group, date, lessonId };
  };
  const join = (tk: string, id: number, body: Record<string, unknown> = {}) =>
    t.call('PATCH', `/api/lid/${id}/`, { token: tk, body: { stage: 'JOINED', ...body } });
  const studentsOf = (leadId: number) => t.db.select().from(students).where(eq(students.leadId, leadId));

  it('makes an order whose first lesson was held a new student in its group, present at that lesson, keeping the history', async () => {
    const operator = await token('CALL_OPERATOR');
    const { lead: ordered, group, date, lessonId } = await order(operator, { day: -2, body: { extra_phone: newPhone() } });
    const res = await join(operator, ordered.id);
    expect(res.status).toBe(200);
    const joined = leadJoined.strict().parse(res.json);
    expect(joined).toMatchObject({ id: ordered.id, stage: 'JOINED', is_student: true, is_archived: false, order_group: { id: group.id }, first_lesson_date: date });

    const [student] = await t.db.select().from(students).where(eq(students.id, joined.student.id));
    expect(student).toMatchObject({
      filialId: ordered.filial,
      fullName: ordered.full_name,
      phone: ordered.phone,
      extraPhone: ordered.extra_phone,
      status: 'new',
      isArchived: false,
      leadId: ordered.id,
      createdBy: t.demo('CALL_OPERATOR').id,
    });
    expect(await f.membershipRows(student.id)).toMatchObject([{ groupId: group.id, joinedOn: date, leftOn: null }]);
    const marks = await t.db.select().from(attendance).where(eq(attendance.studentId, student.id));
    expect(marks).toMatchObject([{ lessonId, status: 'present', markedBy: t.demo('CALL_OPERATOR').id }]);
    const [stored] = await t.db.select().from(leads).where(eq(leads.id, ordered.id));
    expect(stored).toMatchObject({ stage: 'JOINED', studentId: student.id, orderGroupId: group.id, firstLessonDate: date });

    // The lesson's roster now shows the student as present; the group's members list has them from the first lesson.
    const admin = await token('ADMINISTRATOR');
    const lessonRes = await t.call('GET', `/api/lessons/${lessonId}/`, { token: admin });
    expect(lessonRes.json.roster).toContainEqual(expect.objectContaining({ student: expect.objectContaining({ id: student.id }), attendance: expect.objectContaining({ status: 'present' }) }));

    const history = paged(leadLog.strict()).parse((await t.call('GET', `/api/logs/?lead=${ordered.id}`, { token: operator })).json);
    expect(history.results.map((l) => l.action)).toEqual(['join', 'order', 'create']);
    expect(history.results[0]).toMatchObject({ from_stage: 'ORDER_CREATED', to_stage: 'JOINED', actor: { id: t.demo('CALL_OPERATOR').id } });
    const studentHistory = await t.db.select().from(studentLogs).where(eq(studentLogs.studentId, student.id)).orderBy(studentLogs.id);
    expect(studentHistory.map((l) => l.action)).toEqual(['group.add', 'lead.join']);
    expect(studentHistory[1]).toMatchObject({ toStatus: 'new', detail: { lead: ordered.id, group: group.id, date, lesson: lessonId } });
    expect(await t.lastAudit('lead.join', ordered.id)).toMatchObject({ actorId: t.demo('CALL_OPERATOR').id, filialId: ordered.filial });
    expect(await t.lastAudit('student.create', student.id)).toBeDefined();

    const again = lead.strict().parse((await t.call('GET', `/api/lid/${ordered.id}`, { token: operator })).json);
    expect(again).toMatchObject({ stage: 'JOINED', is_student: true });
    // A joined lead is no lead of the lists that ask is_student=false.
    const open = (await t.call('GET', `/api/lid/?is_student=false&q=${encodeURIComponent(ordered.phone)}`, { token: operator })).json;
    expect(open.results).toEqual([]);
  });

  it('joins on the first lesson day itself, and without a lesson that day only the membership is made', async () => {
    const admin = await token('ADMINISTRATOR');
    const { lead: ordered, group, date } = await order(admin, { day: 0, lesson: false });
    const res = await join(admin, ordered.id);
    expect(res.status).toBe(200);
    const { student } = leadJoined.parse(res.json);
    expect(await f.membershipRows(student.id)).toMatchObject([{ groupId: group.id, joinedOn: date }]);
    expect(await t.db.select().from(attendance).where(eq(attendance.studentId, student.id))).toEqual([]);
  });

  it('refuses before the first lesson (409) and changes nothing', async () => {
    const operator = await token('CALL_OPERATOR');
    const { lead: ordered, date } = await order(operator, { day: 3 });
    const res = await join(operator, ordered.id);
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: 'errors.firstLessonAhead', first_lesson_date: date });
    expect(await studentsOf(ordered.id)).toEqual([]);
    const [stored] = await t.db.select().from(leads).where(eq(leads.id, ordered.id));
    expect(stored).toMatchObject({ stage: 'ORDER_CREATED', studentId: null });
  });

  it('refuses from a stage that is not an order (409), and a second join (409)', async () => {
    const admin = await token('ADMINISTRATOR');
    const chilonzor = await f.filial('Chilonzor');
    const fresh = await createLead(admin, chilonzor);
    expect((await join(admin, fresh.id)).status).toBe(409);
    await t.call('PATCH', `/api/lid/${fresh.id}/`, { token: admin, body: { stage: 'KUTULMOQDA' } });
    const waiting = await join(admin, fresh.id);
    expect(waiting.status).toBe(409);
    expect(waiting.json).toMatchObject({ stage: 'KUTULMOQDA', detail: expect.any(String) });

    const { lead: archived } = await order(admin, { day: -1 });
    await t.call('PATCH', `/api/lid/${archived.id}/`, { token: admin, body: { is_archived: true, archived_reason: 'other' } });
    expect((await join(admin, archived.id)).status).toBe(409);
    expect(await studentsOf(archived.id)).toEqual([]);

    const { lead: ordered } = await order(admin, { day: -1 });
    expect((await join(admin, ordered.id)).status).toBe(200);
    const twice = await join(admin, ordered.id);
    expect(twice.status).toBe(409);
    expect(twice.json).toMatchObject({ stage: 'JOINED' });
    expect(await studentsOf(ordered.id)).toHaveLength(1);
    // A joined lead is a student: it cannot be archived or sent back as a lead.
    expect((await t.call('PATCH', `/api/lid/${ordered.id}/`, { token: admin, body: { stage: 'KUTULMOQDA' } })).status).toBe(409);
  });

  it('refuses a group that is no longer running (409) or outside the branch (404), leaving nothing half-saved', async () => {
    const admin = await token('ADMINISTRATOR');
    const { lead: ordered, group } = await order(admin, { day: -1 });
    await t.db.update(groups).set({ status: 'archived' }).where(eq(groups.id, group.id));
    const closed = await join(admin, ordered.id);
    expect(closed.status).toBe(409);
    expect(await studentsOf(ordered.id)).toEqual([]);
    expect(await t.db.select().from(studentGroups).where(eq(studentGroups.groupId, group.id))).toEqual([]);

    // The order's group belongs to another branch (e.g. moved there since): not a group of this lead.
    const director = await token('DIRECTOR');
    const { lead: other } = await order(director, { day: -1 });
    const yunusobodGroup = await f.group({ filialId: await f.filial('Yunusobod'), teacherId: t.demo('TEACHER').id });
    await t.db.update(leads).set({ orderGroupId: yunusobodGroup.id }).where(eq(leads.id, other.id));
    expect((await join(director, other.id)).status).toBe(404);
    expect(await studentsOf(other.id)).toEqual([]);

    // A lead of a branch the caller does not work in is not there for them.
    const { lead: foreign } = await order(director, { day: -1, filial: 'Yunusobod' });
    const operator = await token('CALL_OPERATOR');
    expect((await join(operator, foreign.id)).status).toBe(404);
    expect((await t.call('PATCH', `/api/lid/${foreign.id}/`, { token: await token('TEACHER'), body: { stage: 'JOINED' } })).status).toBe(403);
  });

  it('attaches an existing student of the branch with the same phone instead of creating one', async () => {
    const admin = await token('ADMINISTRATOR');
    const chilonzor = await f.filial('Chilonzor');
    const existing = await f.student(chilonzor);
    await t.db.update(students).set({ status: 'testing' }).where(eq(students.id, existing.id));
    // A lead for someone who is already a student: saved on purpose (confirm_duplicate).
    const { lead: ordered, group, date } = await order(admin, { day: -1, body: { phone: existing.phone, confirm_duplicate: true } });

    const otherPhone = await f.student(chilonzor);
    const wrongPhone = await join(admin, ordered.id, { student: otherPhone.id });
    expect(wrongPhone.status).toBe(400);
    expect(Object.keys(wrongPhone.json)).toEqual(['student']);
    const elsewhere = await f.student(await f.filial('Yunusobod'));
    await t.db.update(students).set({ phone: existing.phone }).where(eq(students.id, elsewhere.id));
    expect(Object.keys((await join(admin, ordered.id, { student: elsewhere.id })).json)).toEqual(['student']);

    const res = await join(admin, ordered.id, { student: existing.id });
    expect(res.status).toBe(200);
    expect(leadJoined.parse(res.json).student).toEqual({ id: existing.id });
    const [student] = await t.db.select().from(students).where(eq(students.id, existing.id));
    // Joining a group enrols a testing student.
    expect(student).toMatchObject({ status: 'new', leadId: ordered.id });
    expect(await f.membershipRows(existing.id)).toMatchObject([{ groupId: group.id, joinedOn: date }]);
    expect(await t.db.select().from(students).where(and(eq(students.phone, existing.phone), eq(students.filialId, chilonzor)))).toHaveLength(1);
  });

  it('joins alone: other fields with stage JOINED, or a student without it, answer 400', async () => {
    const admin = await token('ADMINISTRATOR');
    const { lead: ordered } = await order(admin, { day: -1 });
    const mixed = await join(admin, ordered.id, { comment: 'x', is_archived: false });
    expect(mixed.status).toBe(400);
    expect(Object.keys(mixed.json).sort()).toEqual(['comment', 'is_archived']);
    const stray = await t.call('PATCH', `/api/lid/${ordered.id}/`, { token: admin, body: { comment: 'x', student: 5 } });
    expect(Object.keys(stray.json)).toEqual(['student']);
    expect(await studentsOf(ordered.id)).toEqual([]);
  });

  it('takes as operator only an active employee who works in the lead branch (400 on operator otherwise)', async () => {
    const director = await token('DIRECTOR');
    const chilonzor = await f.filial('Chilonzor');
    const yunusobodOnly = await makeEmployee(t, 'CALL_OPERATOR', ['Yunusobod']);
    const chilonzorOne = await makeEmployee(t, 'CALL_OPERATOR', ['Chilonzor', 'Samarqand']);
    const everywhere = await makeEmployee(t, 'CALL_OPERATOR', []);
    const gone = await makeEmployee(t, 'CALL_OPERATOR', ['Chilonzor']);
    await t.db.update(employees).set({ isArchived: true }).where(eq(employees.id, gone.id));

    for (const operator of [yunusobodOnly.id, gone.id, 999_999]) {
      const res = await t.call('POST', '/api/lid/', { token: director, body: { filial: chilonzor, full_name: 'Op', phone: newPhone(), operator } });
      expect(res.status).toBe(400);
      expect(Object.keys(res.json)).toEqual(['operator']);
    }
    const mine = await createLead(director, chilonzor, { operator: chilonzorOne.id });
    expect(mine.operator).toEqual({ id: chilonzorOne.id, full_name: chilonzorOne.fullName });
    const anywhere = await createLead(director, chilonzor, { operator: everywhere.id });
    expect(anywhere.operator?.id).toBe(everywhere.id);

    const moved = await t.call('PATCH', `/api/lid/${mine.id}/`, { token: director, body: { operator: yunusobodOnly.id } });
    expect(moved.status).toBe(400);
    expect(Object.keys(moved.json)).toEqual(['operator']);
    expect(moved.json.operator).toEqual(['validation.operatorBranch']);
    const ok = await t.call('PATCH', `/api/lid/${mine.id}/`, { token: director, body: { operator: everywhere.id } });
    expect(ok.json.operator).toEqual({ id: everywhere.id, full_name: everywhere.fullName });
  });
});
