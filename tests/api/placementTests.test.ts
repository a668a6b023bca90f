// Placement and progress tests (/tests/...): create, list, read, replace, archive, and a student's sitting
// scored on the server.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDetail, testPage, testResult } from '../../contract/placementTests';
import { subjectLevels, subjects, testQuestions, testResults } from '../../server/db/schema';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('placement tests on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  async function setup() {
    const yunusobod = await f.filial('Yunusobod');
    const [subject] = await t.db.insert(subjects).values({ name: `Tests subject ${Math.random()}` }).returning({ id: subjects.id });
    const [level] = await t.db.insert(subjectLevels).values({ subjectId: subject.id, name: 'B1', position: 1 }).returning({ id: subjectLevels.id });
    const { access_token: testolog } = await t.signInAs('TESTOLOG');
    const body = {
      filial: yunusobod,
      title: 'English placement',
      kind: 'placement',
      subject: subject.id,
      level: level.id,
      duration_minutes: 40,
      questions: [
        { text: 'She ___ a teacher.', options: [{ text: 'is', is_correct: true }, { text: 'are', is_correct: false }] },
        {
          text: 'Pick the verbs',
          points: 3,
          options: [
            { text: 'run', is_correct: true },
            { text: 'blue', is_correct: false },
            { text: 'write', is_correct: true },
          ],
        },
        { text: 'Past of go', points: 2, options: [{ text: 'goed', is_correct: false }, { text: 'went', is_correct: true }] },
      ],
    };
    return { yunusobod, subject: subject.id, level: level.id, testolog, body };
  }

  it('the testolog creates a test with ordered questions (audited) and reads it back', async () => {
    const { yunusobod, testolog, body, subject, level } = await setup();
    const res = await t.call('POST', '/api/tests/', { token: testolog, body });
    expect(res.status).toBe(201);
    const test = testDetail.strict().parse(res.json);
    expect(test).toMatchObject({ filial: yunusobod, title: 'English placement', kind: 'placement', subject: { id: subject }, level: { id: level, name: 'B1' }, duration_minutes: 40, is_archived: false, question_count: 3, max_score: 6 });
    expect(test.questions.map((q) => [q.position, q.points])).toEqual([[1, 1], [2, 3], [3, 2]]);
    expect(await t.lastAudit('test.create', test.id)).toMatchObject({ actorId: t.demo('TESTOLOG').id, filialId: yunusobod, after: { questions: 3, max_score: 6 } });
    const read = await t.call('GET', `/api/tests/${test.id}/`, { token: testolog });
    expect(read.json).toEqual(res.json);
    const list = await t.call('GET', `/api/tests/?filial=${yunusobod}&kind=placement`, { token: testolog });
    const page = testPage.parse(list.json);
    expect(page.results.map((r) => r.id)).toContain(test.id);
    expect(page.results[0]).not.toHaveProperty('questions');
    const progress = await t.call('GET', '/api/tests/?kind=progress', { token: testolog });
    expect(progress.json.results.map((r: { id: number }) => r.id)).not.toContain(test.id);
  });

  it('scores a sitting: a question counts only when exactly its correct options are chosen', async () => {
    const { yunusobod, testolog, body } = await setup();
    const { json: test } = await t.call('POST', '/api/tests/', { token: testolog, body });
    const student = await f.student(yunusobod, 'Testing student');
    const res = await t.call('POST', `/api/tests/${test.id}/results/`, { token: testolog, body: { student: student.id, answers: [[0], [0, 2], [0]] } });
    expect(res.status).toBe(201);
    expect(testResult.strict().parse(res.json)).toMatchObject({ test: { id: test.id, kind: 'placement' }, student: { id: student.id, full_name: 'Testing student' }, score: 4, max_score: 6 });
    const partial = await t.call('POST', `/api/tests/${test.id}/results`, { token: testolog, body: { student: student.id, answers: [[1], [0], []] } });
    expect(partial.json).toMatchObject({ score: 0, max_score: 6 });
    const [stored] = await t.db.select().from(testResults).where(eq(testResults.id, res.json.id));
    expect(stored).toMatchObject({ score: 4, maxScore: 6, answers: [[0], [0, 2], [0]], createdBy: t.demo('TESTOLOG').id });
    expect(await t.lastAudit('test.result', res.json.id)).toMatchObject({ after: { score: 4, max_score: 6 } });
    // The sitting shows in the student's results.
    const results = await t.call('GET', `/api/results/student/?id=${student.id}`, { token: testolog });
    expect(results.json.tests.map((r: { score: number }) => r.score).sort()).toEqual([0, 4]);
  });

  it('answers that do not fit the test are a 400 naming the question; an archived test is a 409', async () => {
    const { yunusobod, testolog, body } = await setup();
    const { json: test } = await t.call('POST', '/api/tests/', { token: testolog, body });
    const student = await f.student(yunusobod);
    const short = await t.call('POST', `/api/tests/${test.id}/results/`, { token: testolog, body: { student: student.id, answers: [[0]] } });
    expect(short.status).toBe(400);
    expect(Object.keys(short.json)).toEqual(['answers']);
    const outOfRange = await t.call('POST', `/api/tests/${test.id}/results/`, { token: testolog, body: { student: student.id, answers: [[0], [0, 3], [1, 1]] } });
    expect(outOfRange.status).toBe(400);
    expect(Object.keys(outOfRange.json).sort()).toEqual(['answers.1', 'answers.2']);
    const shape = await t.call('POST', `/api/tests/${test.id}/results/`, { token: testolog, body: { answers: [[-1]] } });
    expect(Object.keys(shape.json).sort()).toEqual(['answers.0.0', 'student']);
    const archived = await t.call('PATCH', `/api/tests/${test.id}/`, { token: testolog, body: { is_archived: true } });
    expect(archived.status).toBe(200);
    expect(archived.json.is_archived).toBe(true);
    expect(await t.lastAudit('test.archive', test.id)).toBeTruthy();
    expect((await t.call('POST', `/api/tests/${test.id}/results/`, { token: testolog, body: { student: student.id, answers: [[0], [0], [1]] } })).status).toBe(409);
    const active = await t.call('GET', `/api/tests/?filial=${yunusobod}`, { token: testolog });
    expect(active.json.results.map((r: { id: number }) => r.id)).not.toContain(test.id);
    const listed = await t.call('GET', `/api/tests/?filial=${yunusobod}&is_archived=true`, { token: testolog });
    expect(listed.json.results.map((r: { id: number }) => r.id)).toContain(test.id);
    expect((await t.call('PATCH', `/api/tests/${test.id}/`, { token: testolog, body: { is_archived: 'yes' } })).status).toBe(400);
  });

  it('PUT replaces the test and its questions until someone sits it, then 409', async () => {
    const { yunusobod, testolog, body } = await setup();
    const { json: test } = await t.call('POST', '/api/tests/', { token: testolog, body });
    const replaced = await t.call('PUT', `/api/tests/${test.id}/`, {
      token: testolog,
      body: { ...body, title: 'English placement v2', kind: 'progress', level: null, questions: [body.questions[2]] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ title: 'English placement v2', kind: 'progress', level: null, question_count: 1, max_score: 2 });
    expect(await t.db.select().from(testQuestions).where(eq(testQuestions.testId, test.id))).toHaveLength(1);
    expect(await t.lastAudit('test.update', test.id)).toMatchObject({ before: { questions: 3 }, after: { questions: 1 } });
    const student = await f.student(yunusobod);
    expect((await t.call('POST', `/api/tests/${test.id}/results/`, { token: testolog, body: { student: student.id, answers: [[1]] } })).status).toBe(201);
    const locked = await t.call('PUT', `/api/tests/${test.id}/`, { token: testolog, body });
    expect(locked.status).toBe(409);
  });

  it('400 per field, including options and questions limits', async () => {
    const { testolog, body } = await setup();
    const bad = await t.call('POST', '/api/tests/', { token: testolog, body: { kind: 'quiz', duration_minutes: 0, questions: [] } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['duration_minutes', 'filial', 'kind', 'questions', 'subject', 'title']);
    const options = await t.call('POST', '/api/tests/', {
      token: testolog,
      body: {
        ...body,
        questions: [
          { text: 'One option', options: [{ text: 'a', is_correct: true }] },
          { text: 'None correct', options: [{ text: 'a', is_correct: false }, { text: 'b', is_correct: false }] },
          { text: '', options: Array.from({ length: 7 }, (_, i) => ({ text: `o${i}`, is_correct: i === 0 })) },
        ],
      },
    });
    expect(Object.keys(options.json).sort()).toEqual(['questions.0.options', 'questions.1.options', 'questions.2.options', 'questions.2.text']);
    const many = await t.call('POST', '/api/tests/', { token: testolog, body: { ...body, questions: Array.from({ length: 101 }, () => body.questions[0]) } });
    expect(Object.keys(many.json)).toEqual(['questions']);
    const [otherSubject] = await t.db.insert(subjects).values({ name: `Other ${Math.random()}` }).returning({ id: subjects.id });
    const wrongLevel = await t.call('POST', '/api/tests/', { token: testolog, body: { ...body, subject: otherSubject.id } });
    expect(wrongLevel.status).toBe(400);
    expect(wrongLevel.json).toHaveProperty('level');
    const unknownSubject = await t.call('POST', '/api/tests/', { token: testolog, body: { ...body, subject: 99999999, level: null } });
    expect(unknownSubject.json).toHaveProperty('subject');
    const filters = await t.call('GET', '/api/tests/?kind=quiz&is_archived=maybe&page_size=0', { token: testolog });
    expect(Object.keys(filters.json).sort()).toEqual(['is_archived', 'kind', 'page_size']);
    expect((await t.call('GET', '/api/tests/abc/', { token: testolog })).status).toBe(400);
    expect((await t.call('GET', '/api/tests/99999999/', { token: testolog })).status).toBe(404);
  });

  it('404 across branches (tests and students), 403 without the test page', async () => {
    const { testolog, body } = await setup();
    const chilonzor = await f.filial('Chilonzor');
    // The testolog works in Yunusobod only.
    expect((await t.call('POST', '/api/tests/', { token: testolog, body: { ...body, filial: chilonzor } })).status).toBe(404);
    expect((await t.call('GET', `/api/tests/?filial=${chilonzor}`, { token: testolog })).status).toBe(404);
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const { json: chilonzorTest } = await t.call('POST', '/api/tests/', { token: director, body: { ...body, filial: chilonzor } });
    expect((await t.call('GET', `/api/tests/${chilonzorTest.id}/`, { token: testolog })).status).toBe(404);
    expect((await t.call('PATCH', `/api/tests/${chilonzorTest.id}/`, { token: testolog, body: { is_archived: true } })).status).toBe(404);
    expect((await t.call('PUT', `/api/tests/${chilonzorTest.id}/`, { token: testolog, body })).status).toBe(404);
    const { json: own } = await t.call('POST', '/api/tests/', { token: testolog, body });
    const chilonzorStudent = await f.student(chilonzor);
    expect((await t.call('POST', `/api/tests/${own.id}/results/`, { token: testolog, body: { student: chilonzorStudent.id, answers: [[0], [0], [0]] } })).status).toBe(404);
    const { access_token: teacher } = await t.signInAs('TEACHER');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/tests/'],
      ['POST', '/api/tests/', body],
      ['GET', `/api/tests/${own.id}/`],
      ['PUT', `/api/tests/${own.id}/`, body],
      ['PATCH', `/api/tests/${own.id}/`, { is_archived: true }],
      ['POST', `/api/tests/${own.id}/results/`, { student: chilonzorStudent.id, answers: [[0], [0], [0]] }],
    ];
    for (const [method, path, payload] of calls) {
      expect((await t.call(method, path, { token: teacher, body: payload })).status, `${method} ${path}`).toBe(403);
    }
  });
});
