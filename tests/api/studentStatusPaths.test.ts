// Model-based API test of the student status chart: a small model machine over the statuses (an archived student
// remembers where they came from, so there is one archived state per status), walked by @xstate/graph. Every
// generated path drives one new student through the real server (app.request) and asserts, in each state, the
// status the server stores and that every move the model does not offer there answers 409 and changes nothing.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { studentTransition, type StudentStatus } from '../../contract/studentStatus';
import { students } from '../../server/db/schema';
import { daysFromToday, eduFixture, today } from './eduFixtures';
import { backends, useTestApp } from './harness';

type Move = 'enrol' | 'activate' | 'freeze' | 'unfreeze' | 'archive' | 'unarchive';

const model = createMachine({
  id: 'studentStatusModel',
  initial: 'testing',
  types: {} as { events: { type: Move } },
  states: {
    testing: { on: { enrol: 'new', archive: 'archivedFromTesting' } },
    new: { on: { activate: 'active', archive: 'archivedFromNew' } },
    active: { on: { freeze: 'frozen', archive: 'archivedFromActive' } },
    frozen: { on: { unfreeze: 'active', archive: 'archivedFromFrozen' } },
    archivedFromTesting: { on: { unarchive: 'testing' } },
    archivedFromNew: { on: { unarchive: 'new' } },
    archivedFromActive: { on: { unarchive: 'active' } },
    // Archiving ended the freeze: the student comes back active.
    archivedFromFrozen: { on: { unarchive: 'active' } },
  },
});
type ModelState =
  | 'testing'
  | 'new'
  | 'active'
  | 'frozen'
  | 'archivedFromTesting'
  | 'archivedFromNew'
  | 'archivedFromActive'
  | 'archivedFromFrozen';

/** What the server stores in each model state: the status and the status remembered for coming back. */
const STORED: Record<ModelState, { status: StudentStatus; archivedFromStatus: StudentStatus | null }> = {
  testing: { status: 'testing', archivedFromStatus: null },
  new: { status: 'new', archivedFromStatus: null },
  active: { status: 'active', archivedFromStatus: null },
  frozen: { status: 'frozen', archivedFromStatus: null },
  archivedFromTesting: { status: 'archived', archivedFromStatus: 'testing' },
  archivedFromNew: { status: 'archived', archivedFromStatus: 'new' },
  archivedFromActive: { status: 'archived', archivedFromStatus: 'active' },
  archivedFromFrozen: { status: 'archived', archivedFromStatus: 'frozen' },
};
const MOVES: Move[] = ['enrol', 'activate', 'freeze', 'unfreeze', 'archive', 'unarchive'];
/** Joining a group is legal for any student not archived; only from testing it is a status move, so it has no "illegal" probe. */
const PROBED: Move[] = MOVES.filter((m) => m !== 'enrol');

const testModel = createTestModel(model);
const paths = [...testModel.getShortestPaths(), ...testModel.getSimplePaths()];

describe('the status model', () => {
  it('agrees with the contract rule on every state and move', () => {
    for (const [state, stored] of Object.entries(STORED) as [ModelState, (typeof STORED)[ModelState]][]) {
      const offered = Object.keys(model.config.states![state].on ?? {});
      for (const move of MOVES) {
        const probe = move === 'freeze' ? { type: move, from_date: '2026-01-01', to_date: '2026-01-02', reason: 'x' } : move === 'archive' ? { type: move, reason: 'x' } : { type: move };
        const next = studentTransition({ status: stored.status, archived_from: stored.archivedFromStatus }, probe as never);
        expect(next !== null, `${state} ${move}`).toBe(offered.includes(move));
      }
    }
  });
  it('generates paths through every state', () => {
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(STORED).sort());
  });
});

describe.each(backends())('student status paths on %s', (backend) => {
  const t = useTestApp(backend);
  const f = eduFixture(t);
  const env = {} as { director: string; chilonzor: number; group: number };

  beforeAll(async () => {
    env.chilonzor = await f.filial('Chilonzor');
    env.director = (await t.signInAs('DIRECTOR')).access_token;
    const teacher = await f.employee('TEACHER');
    env.group = (await f.group({ filialId: env.chilonzor, teacherId: teacher.id, capacity: 1000 })).id;
  });

  function request(id: number, move: Move) {
    const token = env.director;
    switch (move) {
      case 'enrol':
        return t.call('POST', '/api/add-group/', { token, body: { student: id, group: env.group } });
      case 'archive':
        return t.call('PATCH', `/api/add-group/${id}/`, { token, body: { is_archived: true, reason: 'Model walk' } });
      case 'freeze':
        return t.call('POST', `/api/api/v2/students/${id}/freeze`, { token, body: { from_date: today(), to_date: daysFromToday(7), reason: 'Model walk' } });
      default:
        return t.call('POST', `/api/api/v2/students/${id}/${move}`, { token });
    }
  }
  const stored = async (id: number) => {
    const [row] = await t.db.select({ status: students.status, archivedFromStatus: students.archivedFromStatus }).from(students).where(eq(students.id, id));
    return row;
  };

  for (const path of paths) {
    it(path.description, async () => {
      const s = await f.student(env.chilonzor);
      await t.db.update(students).set({ status: 'testing' }).where(eq(students.id, s.id));
      const states = Object.fromEntries(
        Object.keys(STORED).map((name) => [
          name,
          async () => {
            const now = await stored(s.id);
            expect(now, name).toEqual(STORED[name as ModelState]);
            const offered = Object.keys(model.config.states![name].on ?? {});
            for (const move of PROBED.filter((m) => !offered.includes(m))) {
              const res = await request(s.id, move);
              expect(res.status, `${name}: ${move}`).toBe(409);
              expect(await stored(s.id)).toEqual(now);
            }
          },
        ]),
      );
      const events = Object.fromEntries(
        MOVES.map((move) => [
          move,
          async () => {
            const res = await request(s.id, move);
            expect(res.status, `${move}: ${res.text}`).toBe(move === 'enrol' ? 201 : 200);
          },
        ]),
      );
      await path.test({ states, events } as never);
    });
  }
});
