// The admin and education reports' world: two branches of the test's own (F, G) with a known March–April 2026 of
// leads, students, lessons, attendance, marks and test sittings, written straight to the database, so the demo
// centre never changes the expected figures. Times are the centre's (+05:00); the edges sit around midnight.
import { filials, leadLogs, leads, lessons, marketingSources, studentGroups, students, testResults, tests } from '../../server/db/schema';
import { eq } from 'drizzle-orm';
import type { Fixture } from './eduFixtures';
import type { TestApp } from './harness';

const at = (day: string, time = '10:00') => new Date(`${day}T${time}:00+05:00`);
let serial = 0;
const unique = (what: string) => `${what} ${process.pid % 1000}-${++serial}-${Date.now() % 100000}`;

export function reportFixture(t: TestApp, f: Fixture) {
  return {
    async scenario() {
      const [fRow] = await t.db.insert(filials).values({ name: unique('Report F') }).returning({ id: filials.id, name: filials.name });
      const [gRow] = await t.db.insert(filials).values({ name: unique('Report G') }).returning({ id: filials.id, name: filials.name });
      const F = fRow.id;
      const G = gRow.id;
      const [s1] = await t.db.insert(marketingSources).values({ name: unique('Src A') }).returning();
      const [s2] = await t.db.insert(marketingSources).values({ name: unique('Src B') }).returning();
      const operator = await f.employee('CALL_OPERATOR');
      const t1 = await f.employee('TEACHER');
      const t2 = await f.employee('TEACHER');

      // Leads of F in March: L1 new, L2 waiting, L3 ordered, L4 joined, L5 archived after an order; L6 just after
      // March ends in Tashkent (still 31 March in UTC); L7 in G.
      const lead = async (v: { filial?: number; source?: number | null; op?: number | null; stage: 'YANGI_LEAD' | 'KUTULMOQDA' | 'ORDER_CREATED' | 'JOINED'; archived?: boolean; created: Date; student?: number }, logs: string[] = []) => {
        const [row] = await t.db
          .insert(leads)
          .values({
            filialId: v.filial ?? F,
            fullName: unique('Lead'),
            phone: '+998901112233',
            sourceId: v.source ?? null,
            operatorId: v.op ?? null,
            stage: v.stage,
            isArchived: v.archived ?? false,
            archivedAt: v.archived ? v.created : null,
            studentId: v.student ?? null,
            createdAt: v.created,
          })
          .returning({ id: leads.id });
        for (const to of logs) await t.db.insert(leadLogs).values({ leadId: row.id, action: 'stage', toStage: to, createdAt: v.created });
        return row.id;
      };

      // Students of F: St1 joins A on 3 March; St2 was in A since February, leaves it on 20 March and is archived on
      // 21 March; St3 joins A on 2 April; St4 joins A on 5 March and moves to B on 25 March; St5 (no group) is
      // archived at 00:30 on 1 April in Tashkent (31 March in UTC).
      const A = await f.group({ filialId: F, teacherId: t1.id, capacity: 12 });
      const B = await f.group({ filialId: F, teacherId: t2.id, capacity: 2 });
      const st = [0, 0, 0, 0, 0].map(() => 0);
      for (let i = 0; i < 5; i += 1) st[i] = (await f.student(F)).id;
      const [St1, St2, St3, St4, St5] = st;
      await f.member(St1, A.id, '2026-03-03');
      await f.member(St2, A.id, '2026-02-10', '2026-03-20');
      await f.member(St3, A.id, '2026-04-02');
      await t.db.insert(studentGroups).values({ studentId: St4, groupId: A.id, joinedOn: '2026-03-05', leftOn: '2026-03-25', endReason: 'moved' });
      await f.member(St4, B.id, '2026-03-25');
      await t.db.update(students).set({ isArchived: true, status: 'archived', archivedAt: at('2026-03-21') }).where(eq(students.id, St2));
      await t.db.update(students).set({ isArchived: true, status: 'archived', archivedAt: at('2026-04-01', '00:30') }).where(eq(students.id, St5));

      await lead({ source: s1.id, op: operator.id, stage: 'YANGI_LEAD', created: at('2026-03-01', '00:10') });
      await lead({ source: s1.id, op: operator.id, stage: 'KUTULMOQDA', created: at('2026-03-10') });
      await lead({ source: s2.id, op: operator.id, stage: 'ORDER_CREATED', created: at('2026-03-31', '23:30') }, ['ORDER_CREATED']);
      await lead({ source: s2.id, stage: 'JOINED', created: at('2026-03-15'), student: St1 }, ['ORDER_CREATED', 'JOINED']);
      await lead({ op: operator.id, stage: 'KUTULMOQDA', archived: true, created: at('2026-03-20') }, ['ORDER_CREATED', 'KUTULMOQDA']);
      await lead({ source: s1.id, stage: 'YANGI_LEAD', created: at('2026-04-01', '00:30') });
      await lead({ filial: G, source: s1.id, stage: 'YANGI_LEAD', created: at('2026-03-12') });

      // Lessons: A on 2, 3, 4 March (held) and 5 March (cancelled), 1 April; B on 10 March; an extra lesson of T1's
      // on 11 March outside any group.
      const [a2, a3, a4, a5, aApr] = await f.lessons(A, ['2026-03-02', '2026-03-03', '2026-03-04', '2026-03-05', '2026-04-01']);
      await t.db.update(lessons).set({ status: 'cancelled' }).where(eq(lessons.id, a5));
      const [b10] = await f.lessons(B, ['2026-03-10']);
      const [extra] = await t.db
        .insert(lessons)
        .values({ filialId: F, groupId: null, kind: 'extra', date: '2026-03-11', startTime: '18:00', endTime: '19:00', roomId: A.roomId, teacherId: t1.id })
        .returning({ id: lessons.id });
      await f.mark(a2, St1, 'present', 80);
      await f.mark(a2, St4, 'late', 60);
      await f.mark(a3, St1, 'excused');
      await f.mark(a3, St4, 'absent');
      await f.mark(a4, St1, 'present');
      await f.mark(a4, St4, 'present', 100);
      await f.mark(b10, St4, 'present', 90);
      await f.mark(extra.id, St1, 'absent');
      await f.mark(aApr, St1, 'absent');

      // Tests: St1 8/10 and St4 6/10 in March, St1 5/10 in April.
      const { subjectId } = await f.course(F);
      const [test] = await t.db.insert(tests).values({ filialId: F, title: unique('Test'), kind: 'progress', subjectId, durationMinutes: 30 }).returning({ id: tests.id, title: tests.title });
      await t.db.insert(testResults).values([
        { testId: test.id, studentId: St1, score: 8, maxScore: 10, answers: [], createdAt: at('2026-03-12') },
        { testId: test.id, studentId: St4, score: 6, maxScore: 10, answers: [], createdAt: at('2026-03-31', '23:59') },
        { testId: test.id, studentId: St1, score: 5, maxScore: 10, answers: [], createdAt: at('2026-04-01', '00:01') },
      ]);
      return { F, G, fName: fRow.name, gName: gRow.name, s1, s2, operator, t1, t2, A, B, St: { St1, St2, St3, St4, St5 }, test };
    },
  };
}
