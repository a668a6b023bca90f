// students.first_joined_on is kept by statement triggers on student_groups (migration 0030): after any sequence of
// membership writes (one row or several a statement; a membership added, its first day moved, handed to another
// student, left, removed) it equals the student's earliest membership day, or null with none. The admin report's
// "joined" and the student lists' joined day read it.
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/rows';
import { studentGroups, students } from '../../server/db/schema';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

const day = fc.integer({ min: 0, max: 40 }).map((d) => new Date(Date.UTC(2026, 2, 1 + d)).toISOString().slice(0, 10));
const op = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), student: fc.nat(2), group: fc.nat(2), day }),
  fc.record({ kind: fc.constant('addTwo' as const), student: fc.nat(2), days: fc.tuple(day, day) }),
  fc.record({ kind: fc.constant('moveDay' as const), pick: fc.nat(), day }),
  fc.record({ kind: fc.constant('handOver' as const), pick: fc.nat(), student: fc.nat(2) }),
  fc.record({ kind: fc.constant('leave' as const), group: fc.nat(2), day }),
  fc.record({ kind: fc.constant('remove' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('removeAllOf' as const), student: fc.nat(2) }),
);

describe.each(backends())('a student’s first membership day on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  it('equals the earliest membership day after any sequence of membership writes', async () => {
    const F = await f.filial();
    const teacher = await f.employee('TEACHER');
    const groups = [await f.group({ filialId: F, teacherId: teacher.id }), await f.group({ filialId: F, teacherId: teacher.id }), await f.group({ filialId: F, teacherId: teacher.id })];
    const people = [(await f.student(F)).id, (await f.student(F)).id, (await f.student(F)).id];
    const expectKept = async (after: string) => {
      const kept = await t.db.select({ id: students.id, first: students.firstJoinedOn }).from(students).where(inArray(students.id, people)).orderBy(students.id);
      const earliest = rowsOf<{ id: number; first: string | null }>(
        await t.db.execute(sql`select s.id, (select min(sg.joined_on)::text from student_groups sg where sg.student_id = s.id) as first
          from students s where s.id in (${sql.join(people, sql`, `)}) order by s.id`),
      ).map((r) => ({ id: Number(r.id), first: r.first }));
      expect(kept, after).toEqual(earliest);
    };
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        await t.db.delete(studentGroups).where(inArray(studentGroups.studentId, people));
        await expectKept('cleared');
        for (const o of ops) {
          const rows = await t.db.select({ id: studentGroups.id }).from(studentGroups).where(inArray(studentGroups.studentId, people)).orderBy(studentGroups.id);
          const picked = rows.length ? rows[('pick' in o ? o.pick : 0) % rows.length].id : undefined;
          // Closed memberships (left the same month) keep clear of the one-open-membership-per-group rule.
          if (o.kind === 'add') await t.db.insert(studentGroups).values({ studentId: people[o.student], groupId: groups[o.group].id, joinedOn: o.day, leftOn: '2026-05-01', endReason: 'left' });
          if (o.kind === 'addTwo')
            await t.db.insert(studentGroups).values(o.days.map((d, i) => ({ studentId: people[o.student], groupId: groups[i].id, joinedOn: d, leftOn: '2026-05-01', endReason: 'left' as const })));
          if (o.kind === 'moveDay' && picked) await t.db.update(studentGroups).set({ joinedOn: o.day }).where(eq(studentGroups.id, picked));
          if (o.kind === 'handOver' && picked) await t.db.update(studentGroups).set({ studentId: people[o.student] }).where(eq(studentGroups.id, picked));
          // Several rows a statement, none of them changing a first day.
          if (o.kind === 'leave') await t.db.update(studentGroups).set({ leftOn: o.day }).where(and(eq(studentGroups.groupId, groups[o.group].id), inArray(studentGroups.studentId, people)));
          if (o.kind === 'remove' && picked) await t.db.delete(studentGroups).where(eq(studentGroups.id, picked));
          if (o.kind === 'removeAllOf') await t.db.delete(studentGroups).where(eq(studentGroups.studentId, people[o.student]));
          await expectKept(JSON.stringify(o));
        }
      }),
      { numRuns: 25 },
    );
  }, 120_000);
});
