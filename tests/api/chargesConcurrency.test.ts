// Syncs of different groups run side by side (each locks its groups; a student's or a branch's sync locks the
// chain): on PostgreSQL, twelve lessons of three groups that share their students are marked at once while the
// billing job syncs each group and a student's own sync runs beside them. Nothing fails or deadlocks, every lesson
// is charged once, the shared students' balances are exact, and a full sync afterwards changes nothing.
import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lessonStartsAt } from '../../contract/lessonClock';
import { studentCharges, studentTotals } from '../../server/db/schema';
import { syncCharges } from '../../server/domain/billing/charges';
import { addDays } from '../../server/domain/lessons/dates';
import { REAL_LOCALES } from './catalogueSupport';
import { eduFixture, today } from './eduFixtures';
import { backends, testClock, useTestApp } from './harness';

const lastMonth = (d: number) => `${addDays(`${today().slice(0, 7)}-01`, -1).slice(0, 7)}-${String(d).padStart(2, '0')}`;
const pgOnly = backends().filter((b) => b === 'postgres');

describe.each(pgOnly)('charge syncs under concurrency on %s', (backend) => {
  const now = lessonStartsAt(today(), '21:45');
  const t = useTestApp(backend, { env: REAL_LOCALES, clock: testClock(now) });
  const f = eduFixture(t);

  it('marks lessons of groups sharing students at once, beside the job and a student sync, charging each once', async () => {
    const filialId = await f.filial('Chilonzor');
    const manager = await f.employee('FILIAL_Manager');
    const people = await Promise.all([1, 2, 3, 4].map((i) => f.student(filialId, `Shared ${i}`)));
    const groups = [];
    const lessons: number[] = [];
    for (let g = 0; g < 3; g++) {
      const teacher = await f.employee('TEACHER');
      const group = await f.group({ filialId, teacherId: teacher.id });
      groups.push(group);
      for (const p of people) await f.member(p.id, group.id, lastMonth(1));
      lessons.push(...(await f.lessons(group, [lastMonth(3), lastMonth(10), lastMonth(17), lastMonth(24)])));
    }
    const items = people.map((p) => ({ student: p.id, status: 'present' }));
    const at = new Date(now);
    const outcomes = await Promise.allSettled([
      ...lessons.map((lesson) => t.call('PUT', `/api/lessons/${lesson}/attendance/`, { token: manager.token, body: { items } }).then((r) => r.status)),
      ...groups.map((g) => t.db.transaction((tx) => syncCharges(tx, { groupIds: [g.id], from: lastMonth(1), to: today() }, at)).then(() => 200)),
      t.db.transaction((tx) => syncCharges(tx, { studentId: people[0].id, from: lastMonth(1) }, at)).then(() => 200),
    ]);
    expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : String(o.reason)))).toEqual(outcomes.map(() => 200));

    const charged = await t.db.select().from(studentCharges).where(inArray(studentCharges.groupId, groups.map((g) => g.id)));
    expect(charged).toHaveLength(3 * 4 * 4);
    for (const p of people) {
      const [total] = await t.db.select({ balance: studentTotals.balance }).from(studentTotals).where(eq(studentTotals.studentId, p.id));
      expect(total.balance).toBe('-1500000.00');
    }
    expect(await t.db.transaction((tx) => syncCharges(tx, {}, at))).toEqual({ inserted: 0, updated: 0, deleted: 0 });
  });
});
