import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../../src/api/errors';
import { studentMoveRequest } from '../../../src/api/studentMoves';
import {
  connectStudentStatus,
  answeredStatus,
  studentStatusMachine,
  type StudentCard,
  type StudentMoveEvent,
  type StudentMoveInput,
  type StudentRequestMoveType,
} from '../../../src/machines/studentStatus';
import { heldMoves } from '../support/fakes';

const student = (over: Partial<StudentCard> = {}): StudentCard => ({ id: 9, status: 'new', archived_from_status: null, ...over });
const freeze = { from_date: '2026-12-01', to_date: '2026-12-20', reason: 'Safar' };

function start(initial: StudentCard) {
  const { calls, fake } = heldMoves<StudentRequestMoveType, StudentMoveInput>();
  const actor = createActor(
    studentStatusMachine.provide({
      actors: {
        activate: fake('activate'),
        freeze: fake('freeze'),
        unfreeze: fake('unfreeze'),
        archive: fake('archive'),
        unarchive: fake('unarchive'),
      },
    }),
    { input: { student: initial } },
  ).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, calls, emitted };
}

// Each move: where it starts, the event, and the student afterwards (as shown while saving and once saved).
const cases: { move: StudentRequestMoveType; from: StudentCard; event: StudentMoveEvent; after: StudentCard }[] = [
  { move: 'activate', from: student(), event: { type: 'student.activate' }, after: student({ status: 'active' }) },
  { move: 'freeze', from: student({ status: 'active' }), event: { type: 'student.freeze', ...freeze }, after: student({ status: 'frozen' }) },
  { move: 'unfreeze', from: student({ status: 'frozen' }), event: { type: 'student.unfreeze' }, after: student({ status: 'active' }) },
  {
    move: 'archive',
    from: student({ status: 'frozen' }),
    event: { type: 'student.archive', reason: 'Ko‘chib ketdi' },
    after: student({ status: 'archived', archived_from_status: 'frozen' }),
  },
  {
    move: 'unarchive',
    from: student({ status: 'archived', archived_from_status: 'new' }),
    event: { type: 'student.unarchive' },
    after: student({ status: 'new' }),
  },
];

describe('student status machine', () => {
  it('starts in the state of the student it is given, offering the legal moves but never enrol', () => {
    const expected: [StudentCard, string, string[]][] = [
      [student({ status: 'testing' }), 'testing', ['archive']],
      [student(), 'new', ['activate', 'archive']],
      [student({ status: 'active' }), 'active', ['freeze', 'archive']],
      [student({ status: 'frozen' }), 'frozen', ['unfreeze', 'archive']],
      [student({ status: 'archived', archived_from_status: 'active' }), 'archived', ['unarchive']],
    ];
    for (const [initial, state, moves] of expected) {
      const s = start(initial).actor.getSnapshot();
      expect(s.value).toEqual({ [state]: 'idle' });
      expect(connectStudentStatus(s).status).toBe(initial.status);
      expect(connectStudentStatus(s).moves).toEqual(moves);
    }
  });

  describe.each(cases)('$move', ({ move, from, event, after }) => {
    it('shows the new status while saving, calls its own actor once, then stays there and announces it', async () => {
      const { actor, calls, emitted } = start(from);
      actor.send(event);
      expect(actor.getSnapshot().value).toEqual({ saving: move });
      expect(connectStudentStatus(actor.getSnapshot()).saving).toBe(true);
      expect(connectStudentStatus(actor.getSnapshot()).moves).toEqual([]);
      expect(connectStudentStatus(actor.getSnapshot()).status).toBe(after.status);
      expect(calls.map((c) => c.move)).toEqual([move]);
      expect(calls[0].input.id).toBe(9);
      expect(calls[0].input.next).toEqual(after);
      actor.send(event); // a second move waits for the first
      actor.send({ type: 'student.sync', student: student({ status: 'testing' }) }); // and so does a refetch
      expect(calls).toHaveLength(1);
      expect(connectStudentStatus(actor.getSnapshot()).status).toBe(after.status);
      calls[0].answer.resolve({ id: 9, status: after.status });
      await waitFor(actor, (s) => !s.matches('saving'));
      expect(actor.getSnapshot().value).toEqual({ [after.status]: 'idle' });
      expect(actor.getSnapshot().context.item).toEqual(after);
      expect(emitted).toEqual([
        {
          type: 'toast.show',
          severity: 'success',
          message: `student_status.move.done.${move}`,
          values: move === 'freeze' ? { from_date: '01.12.2026', to_date: '20.12.2026' } : undefined,
        },
        { type: 'student.moved', id: 9, status: after.status },
      ]);
    });

    it('rolls back to the old status on failure, shows the server message, and retries the same move', async () => {
      const { actor, calls, emitted } = start(from);
      actor.send(event);
      calls[0].answer.reject(new ApiError(409, 'Bu holatdan o‘tib bo‘lmaydi'));
      await waitFor(actor, (s) => !s.matches('saving'));
      expect(actor.getSnapshot().value).toEqual({ [from.status]: 'failed' });
      expect(actor.getSnapshot().context.item).toEqual(from);
      expect(connectStudentStatus(actor.getSnapshot()).error).toBe('Bu holatdan o‘tib bo‘lmaydi');
      expect(emitted).toEqual([{ type: 'toast.show', severity: 'error', message: 'Bu holatdan o‘tib bo‘lmaydi' }]);
      actor.send({ type: 'student.retry' });
      expect(actor.getSnapshot().value).toEqual({ saving: move });
      expect(connectStudentStatus(actor.getSnapshot()).error).toBeNull();
      expect(calls).toHaveLength(2);
      expect(calls[1].input).toEqual(calls[0].input);
      calls[1].answer.resolve({});
      await waitFor(actor, (s) => !s.matches('saving'));
      expect(actor.getSnapshot().value).toEqual({ [after.status]: 'idle' });
    });
  });

  it('a freeze from a later day keeps the student active, as the server answers', async () => {
    const { actor, calls, emitted } = start(student({ status: 'active' }));
    actor.send({ type: 'student.freeze', ...freeze });
    expect(connectStudentStatus(actor.getSnapshot()).status).toBe('frozen');
    calls[0].answer.resolve({ id: 9, full_name: 'Ali', phone: '+998901234567', filial: 1, status: 'active', is_archived: false });
    await waitFor(actor, (s) => !s.matches('saving'));
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(connectStudentStatus(actor.getSnapshot()).moves).toEqual(['freeze', 'archive']);
    expect(emitted).toEqual([
      { type: 'toast.show', severity: 'success', message: 'student_status.move.done.freeze_scheduled', values: { from_date: '01.12.2026', to_date: '20.12.2026' } },
      { type: 'student.moved', id: 9, status: 'active' },
    ]);
  });

  it('a failure without a server message shows the generic key; dismiss hides it', async () => {
    const { actor, calls } = start(student());
    actor.send({ type: 'student.activate' });
    calls[0].answer.reject(new TypeError('offline'));
    await waitFor(actor, (s) => !s.matches('saving'));
    expect(connectStudentStatus(actor.getSnapshot()).error).toBe('student_status.move.failed');
    actor.send({ type: 'student.dismiss' });
    expect(actor.getSnapshot().value).toEqual({ new: 'idle' });
    expect(connectStudentStatus(actor.getSnapshot()).error).toBeNull();
  });

  it('ignores moves the status chart refuses, without calling the server', () => {
    const { actor, calls } = start(student({ status: 'testing' }));
    actor.send({ type: 'student.activate' });
    actor.send({ type: 'student.freeze', ...freeze });
    actor.send({ type: 'student.unfreeze' });
    actor.send({ type: 'student.unarchive' });
    actor.send({ type: 'student.archive', reason: '  ' });
    expect(actor.getSnapshot().value).toEqual({ testing: 'idle' });
    const active = start(student({ status: 'active' }));
    active.actor.send({ type: 'student.freeze', from_date: '2026-12-20', to_date: '2026-12-01', reason: 'x' });
    active.actor.send({ type: 'student.freeze', ...freeze, reason: '' });
    active.actor.send({ type: 'student.activate' });
    expect(active.actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect([...calls, ...active.calls]).toHaveLength(0);
  });

  it('takes the refetched student: testing becomes new once a group is joined, and a failure clears', async () => {
    const { actor, calls, emitted } = start(student({ status: 'testing' }));
    actor.send({ type: 'student.sync', student: student() });
    expect(actor.getSnapshot().value).toEqual({ new: 'idle' });
    actor.send({ type: 'student.activate' });
    calls[0].answer.reject(new ApiError(409, 'no'));
    await waitFor(actor, (s) => !s.matches('saving'));
    expect(actor.getSnapshot().value).toEqual({ new: 'failed' });
    actor.send({ type: 'student.sync', student: student({ status: 'active' }) });
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
    expect(connectStudentStatus(actor.getSnapshot()).error).toBeNull();
    expect(emitted.filter((e) => (e as { type: string }).type === 'student.moved')).toEqual([]);
  });

  it('brings an archived student back to the status they were archived from', async () => {
    const { actor, calls } = start(student({ status: 'active' }));
    actor.send({ type: 'student.archive', reason: 'Pul to‘lamadi' });
    calls[0].answer.resolve({});
    await waitFor(actor, (s) => s.matches('archived'));
    expect(actor.getSnapshot().context.item.archived_from_status).toBe('active');
    actor.send({ type: 'student.unarchive' });
    expect(connectStudentStatus(actor.getSnapshot()).status).toBe('active');
    calls[1].answer.resolve({ id: 9, status: 'active' });
    await waitFor(actor, (s) => !s.matches('saving'));
    expect(actor.getSnapshot().value).toEqual({ active: 'idle' });
  });

  it('reads the status from the server answer only when it names one', () => {
    expect(answeredStatus({ status: 'frozen' })).toBe('frozen');
    expect(answeredStatus({ status: 'gone' })).toBeNull();
    expect(answeredStatus(null)).toBeNull();
    expect(answeredStatus('ok')).toBeNull();
  });

  it('saves each move with the spec request', () => {
    expect(studentMoveRequest(9, { type: 'activate' })).toEqual({ method: 'post', url: '/api/v2/students/9/activate', body: {} });
    expect(studentMoveRequest(9, { type: 'freeze', ...freeze })).toEqual({ method: 'post', url: '/api/v2/students/9/freeze', body: freeze });
    expect(studentMoveRequest(9, { type: 'unfreeze' })).toEqual({ method: 'post', url: '/api/v2/students/9/unfreeze', body: {} });
    expect(studentMoveRequest(9, { type: 'archive', reason: 'x' })).toEqual({
      method: 'patch',
      url: '/add-group/9/',
      body: { is_archived: true, reason: 'x' },
    });
    expect(studentMoveRequest(9, { type: 'unarchive' })).toEqual({ method: 'patch', url: '/students/9/', body: { is_archived: false } });
  });
});
