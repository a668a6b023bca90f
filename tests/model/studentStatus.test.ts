// Paths generated from the student status model (src/machines/studentStatus.model.ts), each driving the REAL
// studentStatus machine with fake request actors that answer like the server (the student brief with its status),
// asserting in every model state the status shown, the moves offered and the error.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { StudentStatus } from '../../contract/studentStatus';
import { ApiError } from '../../src/api/errors';
import {
  connectStudentStatus,
  studentStatusMachine,
  type StudentMoveInput,
} from '../../src/machines/studentStatus';
import { studentStatusModel } from '../../src/machines/studentStatus.model';
import { walkModel } from './walkModel';

const FREEZE = { from_date: '2026-12-01', to_date: '2026-12-20', reason: 'Safar' };

function harness() {
  const saved: StudentMoveInput[] = [];
  let refuse = false;
  /** The status the server answers with, when it differs from the one the move leads to. */
  let answer: StudentStatus | null = null;
  const save = fromPromise<unknown, StudentMoveInput>(async ({ input }) => {
    saved.push(input);
    if (refuse) throw new ApiError(409, 'refused');
    return { id: input.id, status: answer ?? input.next.status };
  });
  const actor = createActor(
    studentStatusMachine.provide({ actors: { activate: save, freeze: save, unfreeze: save, archive: save, unarchive: save } }),
    { input: { student: { id: 4, status: 'testing', archived_from_status: null } } },
  ).start();
  const settle = () => waitFor(actor, (s) => !s.matches('saving'));
  const h = {
    actor,
    saved,
    /** Sends a move that must reach the server, and waits for its answer. */
    async send(event: Parameters<typeof actor.send>[0], server: { refuse?: boolean; answer?: StudentStatus } = {}) {
      refuse = server.refuse ?? false;
      answer = server.answer ?? null;
      const before = saved.length;
      actor.send(event);
      expect(saved).toHaveLength(before + 1);
      await settle();
    },
    shows(value: object, status: StudentStatus, moves: string[], error: string | null = null) {
      const s = actor.getSnapshot();
      expect(s.value).toEqual(value);
      expect(connectStudentStatus(s).status).toBe(status);
      expect(connectStudentStatus(s).moves).toEqual(moves);
      expect(connectStudentStatus(s).error).toBe(error);
    },
    archivedFrom(status: StudentStatus) {
      h.shows({ archived: 'idle' }, 'archived', ['unarchive']);
      expect(actor.getSnapshot().context.item.archived_from_status).toBe(status);
    },
  };
  return h;
}

type Harness = ReturnType<typeof harness>;

const states = (h: Harness) => ({
  testing: () => h.shows({ testing: 'idle' }, 'testing', ['archive']),
  new: () => h.shows({ new: 'idle' }, 'new', ['activate', 'archive']),
  newFailed: () => h.shows({ new: 'failed' }, 'new', ['activate', 'archive'], 'refused'),
  active: () => h.shows({ active: 'idle' }, 'active', ['freeze', 'archive']),
  freezeScheduled: () => {
    h.shows({ active: 'idle' }, 'active', ['freeze', 'archive']);
    expect(h.saved.at(-1)?.move).toEqual({ type: 'freeze', ...FREEZE });
  },
  frozen: () => h.shows({ frozen: 'idle' }, 'frozen', ['unfreeze', 'archive']),
  archivedTesting: () => h.archivedFrom('testing'),
  archivedNew: () => h.archivedFrom('new'),
  archivedActive: () => h.archivedFrom('active'),
  archivedFrozen: () => h.archivedFrom('frozen'),
});

const events = (h: Harness) => ({
  'student.sync': () => h.actor.send({ type: 'student.sync', student: { id: 4, status: 'new', archived_from_status: null } }),
  'student.activate': () => h.send({ type: 'student.activate' }),
  'student.freeze': () => h.send({ type: 'student.freeze', ...FREEZE }),
  'server.schedulesFreeze': () => h.send({ type: 'student.freeze', ...FREEZE }, { answer: 'active' }),
  'student.unfreeze': () => h.send({ type: 'student.unfreeze' }),
  'student.archive': () => h.send({ type: 'student.archive', reason: 'Ko‘chib ketdi' }),
  'student.unarchive': () => h.send({ type: 'student.unarchive' }),
  'server.refuses': () => h.send({ type: 'student.activate' }, { refuse: true }),
  'student.retry': () => h.send({ type: 'student.retry' }),
  'student.dismiss': () => h.actor.send({ type: 'student.dismiss' }),
});

const model = walkModel('student status', studentStatusModel, harness, { states, events });

describe('student status model', () => {
  it('reaches every state and takes all 18 transitions', () => {
    const paths = [...model.getShortestPaths(), ...model.getSimplePaths()];
    const reached = new Set(paths.flatMap((p) => p.steps.map((s) => String(s.state.value))));
    expect([...reached].sort()).toEqual(Object.keys(studentStatusModel.root.states).sort());
    const taken = new Set(
      paths.flatMap((p) =>
        p.steps.slice(1).map((s, i) => `${String(p.steps[i].state.value)} -${s.event.type}-> ${String(s.state.value)}`),
      ),
    );
    expect(taken.size).toBe(18);
  });
});
