// Field messages the rules find after a body has parsed (memberships, extra lessons, test sittings) and the
// contract's own bounds (room capacity, a question without a correct option) answer in the request's language,
// with their values filled in, never as English sentences or bare keys.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { students, subjectLevels, subjects } from '../../server/db/schema';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { daysFromToday, eduFixture } from './eduFixtures';
import { backends, useTestApp, type CallOptions } from './harness';

describe.each(backends())('translated field messages on %s', (backend) => {
  const t = useTestApp(backend, REAL_LOCALES);
  const f = eduFixture(t);

  /** The same request in Uzbek (the default) and in English: [uz body, en body]. */
  async function both(method: string, path: string, options: CallOptions) {
    const uz = await t.call(method, path, options);
    const en = await t.call(method, path, { ...options, headers: EN });
    expect([uz.status, en.status]).toEqual([400, 400]);
    return [uz.json, en.json];
  }

  async function setup() {
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const { access_token: director } = await t.signInAs('DIRECTOR');
    return { chilonzor, teacher, group, director };
  }

  it('joining: a day after the group ends names the end; a secondary group asks for a main one', async () => {
    const { chilonzor, teacher, group, director } = await setup();
    const student = await f.student(chilonzor);
    const end = daysFromToday(60);
    expect(await both('POST', '/api/add-group/', { token: director, body: { student: student.id, group: group.id, joined_on: daysFromToday(61) } })).toEqual([
      { joined_on: [`Guruh ${end} kuni tugaydi`] },
      { joined_on: [`The group ends on ${end}`] },
    ]);
    const secondary = await f.group({ filialId: chilonzor, teacherId: teacher.id, secondary: true, parentGroupId: group.id });
    expect(await both('POST', '/api/add-group/', { token: director, body: { student: student.id, group: secondary.id } })).toEqual([
      { group: ['Asosiy guruhni tanlang: qo‘shimcha guruhlar alohida belgilanadi'] },
      { group: ['Choose a main group: secondary groups are set apart'] },
    ]);
    expect(
      await both('PUT', `/api/add-group/secondary/update/${student.id}/`, { token: director, body: { groups: [secondary.id, group.id] } }),
    ).toEqual([{ 'groups.1': [`«${group.name}» qo‘shimcha guruh emas`] }, { 'groups.1': [`“${group.name}” is not a secondary group`] }]);
  });

  it('moving: only from a group the student is in, from the day they joined, within the branch, between main groups', async () => {
    const { chilonzor, teacher, group, director } = await setup();
    const other = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const student = await f.student(chilonzor);
    const joined = daysFromToday(-10);
    await f.member(student.id, group.id, joined);
    const move = (body: Record<string, unknown>) => both('POST', '/api/add-group/groups/update/', { token: director, body: { student: student.id, ...body } });

    expect(await move({ group_id: other.id, new_group_id: group.id })).toEqual([
      { group_id: ['O‘quvchi bu guruhda emas'] },
      { group_id: ['The student is not in this group'] },
    ]);
    expect(await move({ group_id: group.id, new_group_id: other.id, date: daysFromToday(-11) })).toEqual([
      { date: [`O‘quvchi bu guruhga ${joined} kuni qo‘shilgan: shu kunni yoki undan keyingi kunni tanlang`] },
      { date: [`The student joined this group on ${joined}: choose that day or a later one`] },
    ]);
    const yunusobodTeacher = await f.employee('TEACHER', 'Yunusobod');
    const elsewhere = await f.group({ filialId: await f.filial('Yunusobod'), teacherId: yunusobodTeacher.id });
    expect(await move({ group_id: group.id, new_group_id: elsewhere.id })).toEqual([
      { new_group_id: ['Shu filialning guruhini tanlang'] },
      { new_group_id: ['Choose a group of the same branch'] },
    ]);
    const secondary = await f.group({ filialId: chilonzor, teacherId: teacher.id, secondary: true, parentGroupId: group.id });
    expect(await move({ group_id: group.id, new_group_id: secondary.id })).toEqual([
      { new_group_id: ['Asosiy guruhni tanlang: qo‘shimcha guruhlar alohida belgilanadi'] },
      { new_group_id: ['Choose a main group: secondary groups are set apart'] },
    ]);
  });

  it('an extra lesson refuses an archived student by its row', async () => {
    const { chilonzor, director } = await setup();
    const tutor = await f.employee('TEACHER');
    const room = await f.room(chilonzor);
    const [active, archived] = [await f.student(chilonzor), await f.student(chilonzor)];
    await t.db.update(students).set({ isArchived: true, status: 'archived' }).where(eq(students.id, archived.id));
    const body = { filial: chilonzor, teacher: tutor.id, room, date: daysFromToday(1), start_time: '14:00', end_time: '15:00', students: [active.id, archived.id] };
    expect(await both('POST', '/api/lessons/extra/', { token: director, body })).toEqual([
      { 'students.1': ['O‘quvchi arxivlangan'] },
      { 'students.1': ['The student is archived'] },
    ]);
  });

  it('a room of no seats says the minimum, one too big the maximum, a missing capacity that it is required', async () => {
    const { chilonzor, director } = await setup();
    const room = (capacity?: number) => both('POST', '/api/groups/room', { token: director, body: { filial: chilonzor, name: `Room ${Math.random()}`, capacity } });
    expect(await room(0)).toEqual([{ capacity: ['Kamida 1 bo‘lishi kerak'] }, { capacity: ['Must be at least 1'] }]);
    expect(await room(1001)).toEqual([{ capacity: ['Ko‘pi bilan 1000 bo‘lishi kerak'] }, { capacity: ['Must be at most 1000'] }]);
    expect(await room(undefined)).toEqual([{ capacity: ['Majburiy maydon'] }, { capacity: ['This field is required'] }]);
  });

  it('tests: a question needs a correct option; a sitting’s answers must fit the questions', async () => {
    const yunusobod = await f.filial('Yunusobod');
    const { access_token: testolog } = await t.signInAs('TESTOLOG');
    const [subject] = await t.db.insert(subjects).values({ name: `Messages subject ${Math.random()}` }).returning({ id: subjects.id });
    const [level] = await t.db.insert(subjectLevels).values({ subjectId: subject.id, name: 'A1', position: 1 }).returning({ id: subjectLevels.id });
    const question = (correct: boolean) => ({ text: 'She ___ a teacher.', options: [{ text: 'is', is_correct: correct }, { text: 'are', is_correct: false }] });
    const body = {
      filial: yunusobod,
      title: `Messages ${Math.random()}`,
      kind: 'placement',
      subject: subject.id,
      level: level.id,
      duration_minutes: 20,
      questions: [question(true), question(false)],
    };
    expect(await both('POST', '/api/tests/', { token: testolog, body })).toEqual([
      { 'questions.1.options': ['Kamida bitta to‘g‘ri javobni belgilang'] },
      { 'questions.1.options': ['Mark at least one correct answer'] },
    ]);

    const created = await t.call('POST', '/api/tests/', { token: testolog, body: { ...body, questions: [question(true), question(true)] } });
    expect(created.status).toBe(201);
    const student = await f.student(yunusobod);
    const sit = (answers: number[][]) => both('POST', `/api/tests/${created.json.id}/results/`, { token: testolog, body: { student: student.id, answers } });
    expect(await sit([[0]])).toEqual([{ answers: ['2 ta javob kutilgan, 1 ta yuborildi'] }, { answers: ['Expected 2 answers, got 1'] }]);
    expect(await sit([[0], [0, 0]])).toEqual([
      { 'answers.1': ['Har bir element faqat bir marta bo‘lishi mumkin'] },
      { 'answers.1': ['Each item may appear only once'] },
    ]);
    expect(await sit([[2], [0]])).toEqual([{ 'answers.0': ['1-savolda 2 ta variant bor'] }, { 'answers.0': ['Question 1 has 2 options'] }]);
  });
});
