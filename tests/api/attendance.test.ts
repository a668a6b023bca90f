// Attendance: the teacher marks a lesson from the group page (PUT /lessons/{id}/attendance/), one request for
// the whole sheet, only for students on the lesson's roster, never for a cancelled lesson or one not begun. The app
// runs on a test clock at 21:45 today (Tashkent), after the fixture lessons' 20:00 start, so "today's lesson" is
// open whatever the hour the suite runs at; attendanceClock.test.ts moves the clock around the start.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonDetail } from '../../contract/lessons';
import { attendance, lessons } from '../../server/db/schema';
import { EN, REAL_LOCALES } from './catalogueSupport';
import { lessonStartsAt } from '../../contract/lessonClock';
import { daysFromToday, eduFixture, today } from './eduFixtures';
import { backends, testClock, useTestApp } from './harness';

describe.each(backends())('attendance on %s', (backend) => {
  const t = useTestApp(backend, { env: REAL_LOCALES, clock: testClock(lessonStartsAt(today(), '21:45')) });
  const f = eduFixture(t);

  async function setup() {
    const chilonzor = await f.filial('Chilonzor');
    const teacher = await f.employee('TEACHER');
    const assistant = await f.employee('ASSISTANT');
    const group = await f.group({ filialId: chilonzor, teacherId: teacher.id, assistantId: assistant.id });
    const [ali, vali] = [await f.student(chilonzor, 'Ali'), await f.student(chilonzor, 'Vali')];
    await f.member(ali.id, group.id, daysFromToday(-20));
    await f.member(vali.id, group.id, daysFromToday(-20));
    const [past, todays, future] = await f.lessons(group, [daysFromToday(-2), daysFromToday(0), daysFromToday(1)]);
    // `lesson`: today's, begun at 20:00; the teacher's to mark until midnight.
    return { chilonzor, teacher, assistant, group, ali, vali, past, todays, future, lesson: todays };
  }

  const rowsOf = (lessonId: number) => t.db.select().from(attendance).where(eq(attendance.lessonId, lessonId)).orderBy(attendance.studentId);

  it('the teacher marks the whole sheet in one request; the lesson becomes held; audited', async () => {
    const { teacher, ali, vali, lesson } = await setup();
    const res = await t.call('PUT', `/api/lessons/${lesson}/attendance/`, {
      token: teacher.token,
      body: { items: [{ student: ali.id, status: 'present', mark: 90, comment: 'Good work' }, { student: vali.id, status: 'absent' }] },
    });
    expect(res.status).toBe(200);
    const saved = lessonDetail.strict().parse(res.json);
    expect(saved.status).toBe('held');
    expect(saved.attendance).toEqual({ present: 1, late: 0, excused: 0, absent: 1 });
    expect(saved.roster.map((r) => [r.student.full_name, r.attendance])).toEqual([
      ['Ali', { status: 'present', mark: 90, comment: 'Good work' }],
      ['Vali', { status: 'absent', mark: null, comment: '' }],
    ]);
    expect(await t.lastAudit('attendance.mark', lesson)).toMatchObject({
      actorId: teacher.id,
      before: { status: 'planned', items: [] },
      after: { status: 'held' },
    });
  });

  it('saving again updates the rows (upsert) and keeps students not in the request', async () => {
    const { teacher, ali, vali, lesson } = await setup();
    await t.call('PUT', `/api/lessons/${lesson}/attendance`, { token: teacher.token, body: { items: [{ student: ali.id, status: 'late', mark: 50 }, { student: vali.id, status: 'present' }] } });
    const res = await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: teacher.token, body: { items: [{ student: ali.id, status: 'present', mark: 75 }] } });
    expect(res.status).toBe(200);
    const rows = await rowsOf(lesson);
    expect(rows.map((r) => [r.studentId, r.status, r.mark])).toEqual([
      [ali.id, 'present', 75],
      [vali.id, 'present', null],
    ]);
    expect(await t.lastAudit('attendance.mark', lesson)).toMatchObject({ before: { status: 'held', items: [{ student: ali.id, status: 'late', mark: 50 }] } });
  });

  it('a student not on the roster is a 400 naming the row, and nothing is written', async () => {
    const { chilonzor, teacher, ali, lesson } = await setup();
    const stranger = await f.student(chilonzor);
    const body = { items: [{ student: ali.id, status: 'present' }, { student: stranger.id, status: 'present' }] };
    const res = await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: teacher.token, body });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ 'items.1.student': [`${stranger.id}-raqamli o‘quvchi bu dars ro‘yxatida yo‘q`] });
    const en = await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: teacher.token, body, headers: EN });
    expect(en.json).toEqual({ 'items.1.student': [`Student ${stranger.id} is not on this lesson’s roster`] });
    expect(await rowsOf(lesson)).toHaveLength(0);
    const [stored] = await t.db.select({ status: lessons.status }).from(lessons).where(eq(lessons.id, lesson));
    expect(stored.status).toBe('planned');
  });

  it('cancelled lessons cannot be marked (409); lessons not begun neither (409); a past day only by the office; today is fine', async () => {
    const { teacher, ali, past, todays, future } = await setup();
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const [cancelledLesson] = await f.lessons(await f.group({ filialId: await f.filial('Chilonzor'), teacherId: teacher.id }), [daysFromToday(0)]);
    expect((await t.call('PATCH', `/api/lessons/${cancelledLesson}/`, { token: director, body: { status: 'cancelled', reason: 'Holiday' } })).status).toBe(200);
    const body = { items: [{ student: ali.id, status: 'present' }] };
    const cancelled = await t.call('PUT', `/api/lessons/${cancelledLesson}/attendance/`, { token: director, body });
    expect(cancelled.status).toBe(409);
    const ahead = await t.call('PUT', `/api/lessons/${future}/attendance/`, { token: teacher.token, body });
    expect(ahead.status).toBe(409);
    expect(ahead.json.detail).toContain(daysFromToday(1).split('-').reverse().join('.'));
    expect((await t.call('PUT', `/api/lessons/${past}/attendance/`, { token: teacher.token, body })).status).toBe(403);
    expect((await t.call('PUT', `/api/lessons/${todays}/attendance/`, { token: teacher.token, body })).status).toBe(200);
    expect(await rowsOf(past)).toHaveLength(0);
    expect(await rowsOf(future)).toHaveLength(0);
    expect((await t.call('PUT', `/api/lessons/${past}/attendance/`, { token: director, body })).status).toBe(200);
  });

  it('the assistant marks the group; another teacher gets 404, another branch 404, no groups page 403; office staff may mark', async () => {
    const { assistant, ali, lesson } = await setup();
    const body = { items: [{ student: ali.id, status: 'excused' }] };
    expect((await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: assistant.token, body })).status).toBe(200);
    const stranger = await f.employee('TEACHER');
    expect((await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: stranger.token, body })).status).toBe(404);
    const yunusobod = await f.employee('ADMINISTRATOR', 'Yunusobod');
    expect((await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: yunusobod.token, body })).status).toBe(404);
    const { access_token: testolog } = await t.signInAs('TESTOLOG');
    expect((await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: testolog, body })).status).toBe(403);
    const admin = await f.employee('ADMINISTRATOR');
    const office = await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: admin.token, body: { items: [{ student: ali.id, status: 'late' }] } });
    expect(office.status).toBe(200);
    const [row] = await t.db.select().from(attendance).where(and(eq(attendance.lessonId, lesson), eq(attendance.studentId, ali.id)));
    expect(row).toMatchObject({ status: 'late', markedBy: admin.id });
  });

  it('400 per field: status, mark range, duplicates, empty sheet, bad id', async () => {
    const { teacher, ali, lesson } = await setup();
    const bad = await t.call('PUT', `/api/lessons/${lesson}/attendance/`, {
      token: teacher.token,
      body: { items: [{ student: ali.id, status: 'sleeping', mark: 101 }, { student: 'x', status: 'present', mark: 1.5 }] },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['items.0.mark', 'items.0.status', 'items.1.mark', 'items.1.student']);
    const dup = await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: teacher.token, body: { items: [{ student: ali.id, status: 'present' }, { student: ali.id, status: 'absent' }] } });
    expect(Object.keys(dup.json)).toEqual(['items']);
    const empty = await t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: teacher.token, body: { items: [] } });
    expect(Object.keys(empty.json)).toEqual(['items']);
    expect((await t.call('PUT', '/api/lessons/abc/attendance/', { token: teacher.token, body: { items: [] } })).status).toBe(400);
    expect(await rowsOf(lesson)).toHaveLength(0);
  });

  it('an individual extra lesson is marked for its chosen students only', async () => {
    const { chilonzor, teacher, group, ali, vali } = await setup();
    const [extra] = await t.db
      .insert(lessons)
      .values({ filialId: chilonzor, groupId: group.id, kind: 'extra', date: daysFromToday(0), startTime: '10:00', endTime: '11:00', roomId: group.roomId, teacherId: teacher.id })
      .returning({ id: lessons.id });
    await f.chosen(extra.id, [vali.id]);
    const wrong = await t.call('PUT', `/api/lessons/${extra.id}/attendance/`, { token: teacher.token, body: { items: [{ student: ali.id, status: 'present' }] } });
    expect(wrong.status).toBe(400);
    const right = await t.call('PUT', `/api/lessons/${extra.id}/attendance/`, { token: teacher.token, body: { items: [{ student: vali.id, status: 'present', mark: 100 }] } });
    expect(right.status).toBe(200);
    expect(right.json.roster).toHaveLength(1);
  });
});
