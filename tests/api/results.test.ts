// A student's results (GET /results/student/): lessons they were expected at with attendance and marks, the
// summary, and their test scores.
import { describe, expect, it } from 'vitest';
import { studentResults } from '../../contract/results';
import { lessons, testResults, tests, subjects } from '../../server/db/schema';
import { daysFromToday, eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

describe.each(backends())('results on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  it('lists the lessons of every group while the student was in it, chosen extra lessons, marks and a summary', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const first = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const second = await f.group({ filialId: chilonzor, teacherId: teacher.id });
    const student = await f.student(chilonzor, 'Results student');
    await f.member(student.id, first.id, daysFromToday(-20), daysFromToday(-11));
    await f.member(student.id, second.id, daysFromToday(-10));
    const [beforeJoin, inFirst, afterLeaving] = await f.lessons(first, [daysFromToday(-21), daysFromToday(-15), daysFromToday(-5)]);
    const [inSecond, cancelled, unmarked, upcoming] = await f.lessons(second, [daysFromToday(-8), daysFromToday(-6), daysFromToday(-4), daysFromToday(2)]);
    const [extra] = await t.db
      .insert(lessons)
      .values({ filialId: chilonzor, kind: 'extra', date: daysFromToday(-3), startTime: '10:00', endTime: '11:00', roomId: first.roomId, teacherId: teacher.id })
      .returning({ id: lessons.id });
    await f.chosen(extra.id, [student.id]);
    await f.mark(inFirst, student.id, 'present', 80);
    await f.mark(inSecond, student.id, 'late', 95);
    await f.mark(extra.id, student.id, 'absent');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    expect((await t.call('PATCH', `/api/lessons/${cancelled}/`, { token: director, body: { status: 'cancelled', reason: 'Holiday' } })).status).toBe(200);

    const res = await t.call('GET', `/api/results/student/?id=${student.id}`, { token: director });
    expect(res.status).toBe(200);
    const results = studentResults.strict().parse(res.json);
    expect(results.student).toMatchObject({ id: student.id, full_name: 'Results student' });
    expect(results.items.map((i) => i.lesson_id)).toEqual([inFirst, inSecond, unmarked, extra.id]);
    expect(results.items[0]).toEqual({ lesson_id: inFirst, date: daysFromToday(-15), group: { id: first.id, name: first.name }, theme: null, lesson_status: 'held', status: 'present', mark: 80 });
    expect(results.items[2]).toMatchObject({ status: null, mark: null, lesson_status: 'planned' });
    expect(results.items[3]).toMatchObject({ group: null, status: 'absent' });
    expect(results.summary).toEqual({ lessons: 4, present: 1, late: 1, excused: 0, absent: 1, average_mark: 87.5 });
    expect([beforeJoin, afterLeaving, upcoming]).not.toContain(results.items[0].lesson_id);

    const ranged = await t.call('GET', `/api/results/student?id=${student.id}&start_date=${daysFromToday(-9)}&end_date=${daysFromToday(-4)}`, { token: director });
    expect(ranged.json.items.map((i: { lesson_id: number }) => i.lesson_id)).toEqual([inSecond, unmarked]);
    expect(ranged.json.summary).toMatchObject({ lessons: 2, late: 1, average_mark: 95 });
  });

  it('lists test scores in the date range, newest first', async () => {
    const yunusobod = await f.filial('Yunusobod');
    const student = await f.student(yunusobod);
    const [subject] = await t.db.insert(subjects).values({ name: 'Results subject' }).returning({ id: subjects.id });
    const [test] = await t.db
      .insert(tests)
      .values({ filialId: yunusobod, title: 'Placement A', kind: 'placement', subjectId: subject.id, durationMinutes: 30 })
      .returning({ id: tests.id });
    await t.db.insert(testResults).values([
      { testId: test.id, studentId: student.id, score: 3, maxScore: 5, answers: [[0]] },
      { testId: test.id, studentId: student.id, score: 5, maxScore: 5, answers: [[1]] },
    ]);
    const { access_token: testolog } = await t.signInAs('TESTOLOG');
    const res = await t.call('GET', `/api/results/student/?id=${student.id}&start_date=${daysFromToday(-1)}&end_date=${daysFromToday(1)}`, { token: testolog });
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([]);
    expect(res.json.summary).toEqual({ lessons: 0, present: 0, late: 0, excused: 0, absent: 0, average_mark: null });
    expect(res.json.tests.map((r: { score: number }) => r.score).sort()).toEqual([3, 5]);
    expect(res.json.tests[0]).toMatchObject({ test: { id: test.id, title: 'Placement A', kind: 'placement' }, max_score: 5 });
    const old = await t.call('GET', `/api/results/student/?id=${student.id}&end_date=${daysFromToday(-2)}`, { token: testolog });
    expect(old.json.tests).toEqual([]);
  });

  it('400 per field, 404 across branches, 403 without the results page', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const student = await f.student(chilonzor);
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const missing = await t.call('GET', '/api/results/student/', { token: director });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.json)).toEqual(['id']);
    const bad = await t.call('GET', `/api/results/student/?id=${student.id}&start_date=2026-02-30&end_date=x`, { token: director });
    expect(Object.keys(bad.json).sort()).toEqual(['end_date', 'start_date']);
    const reversed = await t.call('GET', `/api/results/student/?id=${student.id}&start_date=2026-05-02&end_date=2026-05-01`, { token: director });
    expect(Object.keys(reversed.json)).toEqual(['end_date']);
    const { access_token: testolog } = await t.signInAs('TESTOLOG');
    expect((await t.call('GET', `/api/results/student/?id=${student.id}`, { token: testolog })).status).toBe(404);
    expect((await t.call('GET', '/api/results/student/?id=99999999', { token: director })).status).toBe(404);
    const { access_token: assistant } = await t.signInAs('ASSISTANT');
    expect((await t.call('GET', `/api/results/student/?id=${student.id}`, { token: assistant })).status).toBe(403);
  });
});
