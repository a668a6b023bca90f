// A student "joins" the centre on their first group membership, not when the record was made (a walk-in testing
// student may wait months for a group). GET /api/v2/students/stats/{id} counts days since joining from that day,
// and the student lists' period filter (every list but the archive) filters by the same day; a student who never
// joined a group counts from the day the record was made.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paged } from '../../contract/common';
import { studentListItem } from '../../contract/students';
import { studentStats } from '../../contract/studentStatusApi';
import { students } from '../../server/db/schema';
import { daysFromToday, eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

const page = paged(studentListItem);
const word = `Qj${process.pid % 1000}`;

describe.each(backends())('the day a student joined (%s)', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  /** A student whose record was made 200 days ago and who joined a group 30 days ago (and another 10 days ago). */
  async function lateJoiner(filialId: number, name: string) {
    const teacher = await f.employee('TEACHER');
    const first = await f.group({ filialId, teacherId: teacher.id });
    const second = await f.group({ filialId, teacherId: teacher.id });
    const s = await f.student(filialId, name);
    await t.db.update(students).set({ createdAt: new Date(Date.now() - 200 * 86_400_000) }).where(eq(students.id, s.id));
    await f.member(s.id, second.id, daysFromToday(-10));
    await f.member(s.id, first.id, daysFromToday(-30), daysFromToday(-12));
    return s;
  }

  it('counts days since joining from the first group membership, not from the record', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token } = await t.signInAs('DIRECTOR');
    const s = await lateJoiner(chilonzor, `${word} Stats`);
    const res = await t.call('GET', `/api/api/v2/students/stats/${s.id}`, { token: access_token });
    expect(res.status).toBe(200);
    expect(studentStats.parse(res.json).days_since_joining).toBe(30);

    // Never in a group: counted from the day the record was made.
    const walkIn = await f.student(chilonzor, `${word} Walk-in`);
    await t.db.update(students).set({ createdAt: new Date(Date.now() - 5 * 86_400_000) }).where(eq(students.id, walkIn.id));
    const walkInStats = await t.call('GET', `/api/api/v2/students/stats/${walkIn.id}`, { token: access_token });
    expect(studentStats.parse(walkInStats.json).days_since_joining).toBe(5);
  });

  it('filters the lists’ period by the same day', async () => {
    const chilonzor = await f.filial('Chilonzor');
    const { access_token } = await t.signInAs('DIRECTOR');
    const s = await lateJoiner(chilonzor, `${word} List`);
    const ids = async (query: string) => {
      const res = await t.call('GET', `/api/students/?filial=${chilonzor}&q=${encodeURIComponent(`${word} List`)}&${query}`, { token: access_token });
      expect(res.status).toBe(200);
      return page.parse(res.json).results.map((r) => r.id);
    };
    expect(await ids(`start_date=${daysFromToday(-30)}&end_date=${daysFromToday(-30)}`)).toEqual([s.id]);
    expect(await ids(`start_date=${daysFromToday(-31)}&end_date=${daysFromToday(-20)}`)).toEqual([s.id]);
    // The day the record was made is not the day they joined.
    expect(await ids(`start_date=${daysFromToday(-200)}&end_date=${daysFromToday(-199)}`)).toEqual([]);
    // A later membership does not move the day either.
    expect(await ids(`start_date=${daysFromToday(-10)}`)).toEqual([]);
    expect(await ids(`end_date=${daysFromToday(-31)}`)).toEqual([]);
  });
});
