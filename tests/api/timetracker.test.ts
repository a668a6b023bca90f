// Time tracking over the API (issue 6): bulk upsert with late minutes against the work start in Tashkent, the
// day grid, month statistics, the timeline, corrections with a logged reason; 400s, 403 for readers, 404 abroad.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fixedRow, statisticsRow, timeRecord, tashkentInstant } from '../../contract/timetracker';
import { employeeProfiles, timeRecordEdits, timeRecords } from '../../server/db/schema';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

/** A past Monday..Saturday day far enough back not to clash with the demo records. */
const DAY = '2025-03-05';
const at = (clock: string, day = DAY) => tashkentInstant(day, clock);

describe.each(backends())('time tracking on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  async function staffer(filial: 'Chilonzor' | 'Yunusobod' = 'Chilonzor', start: string | null = '09:00') {
    const person = await f.employee('TEACHER', filial);
    await t.db
      .insert(employeeProfiles)
      .values({ employeeId: person.id, workStart: start, workEnd: '18:00', workDays: [1, 2, 3, 4, 5, 6] })
      .onConflictDoUpdate({ target: employeeProfiles.employeeId, set: { workStart: start } });
    return person;
  }

  it('records arrivals in bulk with late minutes, lists the day grid, corrects with a reason', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token: manager } = await t.signInAs('ATTENDANCE_MANAGER');
    const late = await staffer();
    const onTime = await staffer();
    const free = await staffer('Chilonzor', null);
    const res = await t.call('POST', '/api/timetracker/timeline/bulk', {
      token: manager,
      body: {
        filial: chilonzor,
        records: [
          { employee: late.id, day: DAY, arrived_at: at('09:17'), left_at: at('18:05') },
          { employee: onTime.id, day: DAY, arrived_at: at('08:55') },
          { employee: free.id, day: DAY, arrived_at: at('11:00') },
        ],
      },
    });
    expect(res.status).toBe(201);
    expect(res.json.saved).toBe(3);
    const byEmployee = new Map(timeRecord.array().parse(res.json.records).map((r) => [r.employee, r]));
    expect(byEmployee.get(late.id)).toMatchObject({ late_minutes: 17, day: DAY, edited: false, filial: chilonzor });
    expect(byEmployee.get(onTime.id)!.late_minutes).toBe(0);
    // No schedule: never late.
    expect(byEmployee.get(free.id)!.late_minutes).toBe(0);
    expect(await t.lastAudit('time_record.bulk')).toMatchObject({ actorId: t.demo('ATTENDANCE_MANAGER').id, filialId: chilonzor });

    // The upsert: the same employee and day again updates the row (the departure kept).
    const again = await t.call('POST', '/api/timetracker/timeline/bulk', {
      token: manager,
      body: { filial: chilonzor, records: [{ employee: late.id, day: DAY, arrived_at: at('09:30') }] },
    });
    expect(again.json.records[0]).toMatchObject({ id: byEmployee.get(late.id)!.id, late_minutes: 30 });
    expect(Date.parse(again.json.records[0].left_at)).toBe(Date.parse(at('18:05')));

    const grid = await t.call('GET', `/api/timetracker/all/fixed/?filial=${chilonzor}&day=${DAY}`, { token: manager });
    expect(grid.status).toBe(200);
    const rows = fixedRow.strict().array().parse(grid.json);
    const row = rows.find((r) => r.employee.id === late.id)!;
    expect(row).toMatchObject({ works_today: true, record: { late_minutes: 30 }, employee: { work_start: '09:00:00' } });
    // Every employee of the branch is listed, with or without a record.
    expect(rows.some((r) => r.record === null)).toBe(true);

    // The correction: a reason is required; the late minutes drop; the edit is logged.
    const id = byEmployee.get(late.id)!.id;
    const noReason = await t.call('PUT', `/api/timetracker/${id}/`, { token: manager, body: { arrived_at: at('09:02') } });
    expect(noReason.status).toBe(400);
    expect(noReason.json).toHaveProperty('reason');
    const fixed = await t.call('PUT', `/api/timetracker/${id}/`, { token: manager, body: { arrived_at: at('09:02'), reason: 'The device was late' } });
    expect(fixed.status).toBe(200);
    expect(timeRecord.strict().parse(fixed.json)).toMatchObject({ late_minutes: 2, edited: true });
    const [edit] = await t.db.select().from(timeRecordEdits).where(eq(timeRecordEdits.recordId, id));
    expect(edit).toMatchObject({ reason: 'The device was late', editorId: t.demo('ATTENDANCE_MANAGER').id, before: { late_minutes: 30 }, after: { late_minutes: 2 } });
    expect(await t.lastAudit('time_record.correct', id)).toMatchObject({ after: { reason: 'The device was late' } });
    // The other path does the same.
    const other = await t.call('PUT', `/api/timetracker/timeline/${id}`, { token: manager, body: { arrived_at: at('09:10'), reason: 'Checked the camera' } });
    expect(other.json.late_minutes).toBe(10);
    expect(await t.db.select().from(timeRecordEdits).where(eq(timeRecordEdits.recordId, id))).toHaveLength(2);
    const edits = await t.call('GET', `/api/timetracker/timeline/${id}/edits`, { token: manager });
    expect(edits.json.map((e: { reason: string }) => e.reason)).toEqual(['Checked the camera', 'The device was late']);
  });

  it('answers 400 for bad input: fields, a time on another day, leaving before arriving, a stranger', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token: manager } = await t.signInAs('ATTENDANCE_MANAGER');
    const person = await staffer();
    const post = (body: unknown) => t.call('POST', '/api/timetracker/timeline/bulk', { token: manager, body });
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.json).sort()).toEqual(['filial', 'records']);
    const bad = await post({ filial: chilonzor, records: [{ employee: person.id, day: '2025-02-30', arrived_at: '09:00' }] });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json).sort()).toEqual(['records.0.arrived_at', 'records.0.day']);
    const otherDay = await post({ filial: chilonzor, records: [{ employee: person.id, day: DAY, arrived_at: at('09:00', '2025-03-06') }] });
    expect(otherDay.status).toBe(400);
    expect(otherDay.json).toHaveProperty(['records.0.arrived_at']);
    const order = await post({ filial: chilonzor, records: [{ employee: person.id, day: DAY, arrived_at: at('10:00'), left_at: at('09:00') }] });
    expect(order.status).toBe(400);
    const stranger = await staffer('Yunusobod');
    const notHere = await post({ filial: chilonzor, records: [{ employee: stranger.id, day: DAY, arrived_at: at('09:00') }] });
    expect(notHere.status).toBe(400);
    expect(notHere.json).toHaveProperty(['records.0.employee']);
    expect((await t.call('GET', `/api/timetracker/statistics/?filial=${chilonzor}&month=2025-13`, { token: manager })).status).toBe(400);
    expect((await t.call('GET', `/api/timetracker/all/fixed/?filial=${chilonzor}`, { token: manager })).status).toBe(400);
    expect((await t.call('GET', `/api/timetracker/timeline/?start_date=2025-03-10&end_date=2025-03-01`, { token: manager })).status).toBe(400);
    expect((await t.call('PUT', '/api/timetracker/987654/', { token: manager, body: { reason: 'x' } })).status).toBe(404);
  });

  it('lets readers read but not write (403); another branch is 404', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const yunusobod = await f.filial('Yunusobod');
    const { access_token: director } = await t.signInAs('DIRECTOR');
    const { access_token: manager } = await t.signInAs('ATTENDANCE_MANAGER');
    const person = await staffer();
    const abroad = await staffer('Yunusobod');
    const saved = await t.call('POST', '/api/timetracker/timeline/bulk', {
      token: director,
      body: { filial: yunusobod, records: [{ employee: abroad.id, day: DAY, arrived_at: at('09:20') }] },
    });
    expect(saved.status).toBe(201);
    const foreignId = saved.json.records[0].id;
    expect((await t.call('PUT', `/api/timetracker/${foreignId}/`, { token: manager, body: { reason: 'x', arrived_at: at('09:00') } })).status).toBe(404);
    expect((await t.call('GET', `/api/timetracker/all/fixed/?filial=${yunusobod}&day=${DAY}`, { token: manager })).status).toBe(404);

    // A reader with the employees page (the multi-branch manager) reads but may not write.
    const reader = await f.employee('MULTIPLE_FILIAL_MANAGER');
    expect((await t.call('GET', `/api/timetracker/all/fixed/?filial=${chilonzor}&day=${DAY}`, { token: reader.token })).status).toBe(200);
    const write = await t.call('POST', '/api/timetracker/timeline/bulk', {
      token: reader.token,
      body: { filial: chilonzor, records: [{ employee: person.id, day: DAY, arrived_at: at('09:00') }] },
    });
    expect(write.status).toBe(403);
    const [own] = (await t.call('POST', '/api/timetracker/timeline/bulk', { token: manager, body: { filial: chilonzor, records: [{ employee: person.id, day: DAY, arrived_at: at('09:05') }] } })).json.records;
    expect((await t.call('PUT', `/api/timetracker/${own.id}/`, { token: reader.token, body: { reason: 'x', arrived_at: at('09:00') } })).status).toBe(403);
    // Without the pages at all: 403 on reads too.
    const { access_token: teacher } = await t.signInAs('TEACHER');
    expect((await t.call('GET', `/api/timetracker/statistics/?filial=${chilonzor}&month=2025-03`, { token: teacher })).status).toBe(403);
  });

  it('counts a month per employee: days present, days late, late minutes, absences on work days; the timeline', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token: manager } = await t.signInAs('ATTENDANCE_MANAGER');
    const person = await staffer();
    // April 2025: Tue 1st (late 15), Wed 2nd (on time), Thu 3rd (late 5); Sundays are off.
    const records = [
      { employee: person.id, day: '2025-04-01', arrived_at: at('09:15', '2025-04-01') },
      { employee: person.id, day: '2025-04-02', arrived_at: at('08:50', '2025-04-02') },
      { employee: person.id, day: '2025-04-03', arrived_at: at('09:05', '2025-04-03') },
    ];
    expect((await t.call('POST', '/api/timetracker/timeline/bulk', { token: manager, body: { filial: chilonzor, records } })).status).toBe(201);
    const res = await t.call('GET', `/api/timetracker/statistics/?filial=${chilonzor}&month=2025-04`, { token: manager });
    expect(res.status).toBe(200);
    const row = statisticsRow.strict().array().parse(res.json).find((r) => r.employee.id === person.id)!;
    // 30 days, 4 Sundays: 26 work days, 3 present.
    expect(row).toMatchObject({ days_present: 3, days_late: 2, late_minutes: 20, absences: 23 });

    const line = await t.call('GET', `/api/timetracker/timeline/?filial=${chilonzor}&employee=${person.id}&start_date=2025-04-02&end_date=2025-04-30`, { token: manager });
    expect(timeRecord.strict().array().parse(line.json).map((r) => r.day)).toEqual(['2025-04-02', '2025-04-03']);
    const [stored] = await t.db.select().from(timeRecords).where(and(eq(timeRecords.employeeId, person.id), eq(timeRecords.day, '2025-04-01')));
    expect(stored.lateMinutes).toBe(15);
  });
});
