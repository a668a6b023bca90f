// The students tabs' numbers kept by the database (migration 0025: statement triggers inserting deltas, a fold
// job summing them): after any sequence of students written, moved between statuses and branches, archived,
// restored and deleted, in single and multi-row statements, with folds in between, the kept counts equal the
// students counted one by one, for the chain and for each branch.
import { inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StudentStatus } from '../../contract/students';
import { students } from '../../server/db/schema';
import type { AuthUser } from '../../server/domain/core/actor';
import { foldStudentCounts, studentCounts } from '../../server/domain/students/studentList';
import { eduFixture } from './eduFixtures';
import { backends, useTestApp } from './harness';

const director: AuthUser = { id: 1, role: 'DIRECTOR', filialIds: [], pages: new Set() };
const STATUSES: StudentStatus[] = ['testing', 'new', 'active', 'frozen'];

type Step =
  | { kind: 'add'; branch: number; n: number }
  | { kind: 'status'; pick: number[]; status: StudentStatus }
  | { kind: 'archive'; pick: number[]; archived: boolean }
  | { kind: 'move'; pick: number[]; branch: number }
  | { kind: 'delete'; pick: number[] }
  | { kind: 'fold' };

const picks = fc.array(fc.nat(1000), { minLength: 1, maxLength: 4 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), branch: fc.nat(2), n: fc.integer({ min: 1, max: 4 }) }),
  fc.record({ kind: fc.constant('status' as const), pick: picks, status: fc.constantFrom(...STATUSES) }),
  fc.record({ kind: fc.constant('archive' as const), pick: picks, archived: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), pick: picks, branch: fc.nat(2) }),
  fc.record({ kind: fc.constant('delete' as const), pick: picks }),
  fc.constant({ kind: 'fold' as const }),
);

describe.each(backends())('kept student counts on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);

  it('equal the students counted one by one after any writes and folds', async () => {
    const branches = [await f.filial('Chilonzor'), await f.filial('Yunusobod'), await f.filial('Samarqand')];
    const live = async (scope?: number[]) => {
      const [row] = await t.db
        .select({
          testing: sql<number>`(count(*) filter (where not is_archived and status = 'testing'))::int`,
          new: sql<number>`(count(*) filter (where not is_archived and status = 'new'))::int`,
          active: sql<number>`(count(*) filter (where not is_archived and status in ('active', 'frozen')))::int`,
          frozen: sql<number>`(count(*) filter (where not is_archived and status = 'frozen'))::int`,
          archived: sql<number>`(count(*) filter (where is_archived))::int`,
          all: sql<number>`(count(*) filter (where not is_archived))::int`,
        })
        .from(students)
        .where(scope ? inArray(students.filialId, scope) : undefined);
      return row;
    };
    // Only this test's own students are changed (the database's others have groups, payments and history).
    let ids: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const s of steps) {
          const chosen = s.kind === 'add' || s.kind === 'fold' ? [] : [...new Set(s.pick.map((p) => ids[p % Math.max(1, ids.length)]))].filter((id) => id !== undefined);
          if (s.kind === 'add') for (let i = 0; i < s.n; i++) ids.push((await f.student(branches[s.branch])).id);
          else if (s.kind === 'fold') await foldStudentCounts(t.db);
          else if (!chosen.length) continue;
          else if (s.kind === 'status') await t.db.update(students).set({ status: s.status }).where(inArray(students.id, chosen));
          else if (s.kind === 'archive') await t.db.update(students).set({ isArchived: s.archived }).where(inArray(students.id, chosen));
          else if (s.kind === 'move') await t.db.update(students).set({ filialId: branches[s.branch] }).where(inArray(students.id, chosen));
          else {
            await t.db.delete(students).where(inArray(students.id, chosen));
            ids = ids.filter((id) => !chosen.includes(id));
          }
        }
        for (const b of branches) expect(await studentCounts(t.db, director, { filial: b })).toEqual(await live([b]));
        expect(await studentCounts(t.db, director, {})).toEqual(await live());
      }),
      { numRuns: 15 },
    );
  });
});
