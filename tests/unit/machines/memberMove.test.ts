import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { MoveToGroup } from '../../../contract/membership';
import { ApiError } from '../../../src/api/errors';
import { connectMemberMove, memberMoveMachine } from '../../../src/machines/memberMove';
import { deferred } from '../support/fakes';

const student = { id: 7, full_name: 'Ali Valiyev' };
const from = { id: 12, name: 'Ingliz tili A1' };
const to = { id: 14, name: 'Ingliz tili A1 (kechki)' };

function start(move: (input: MoveToGroup) => Promise<unknown> = async () => ({})) {
  const spy = vi.fn(move);
  const actor = createActor(
    memberMoveMachine.provide({ actors: { moveMember: fromPromise(({ input }) => spy(input as MoveToGroup)) } }),
  ).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, spy, emitted };
}

describe('member move machine', () => {
  it('goes idle → choosing → confirming → saving → done, sending the move and announcing it', async () => {
    const answer = deferred<unknown>();
    const { actor, spy, emitted } = start(() => answer.promise);
    expect(connectMemberMove(actor.getSnapshot()).open).toBe(false);
    actor.send({ type: 'move.start', student, group: from, date: '2026-11-23' });
    expect(connectMemberMove(actor.getSnapshot()).step).toBe('choose');
    actor.send({ type: 'target.choose', group: to, date: '2026-12-01' });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(actor.getSnapshot().context).toMatchObject({ student, from, to, date: '2026-12-01' });
    actor.send({ type: 'move.confirm' });
    expect(actor.getSnapshot().value).toBe('saving');
    expect(spy).toHaveBeenCalledWith({ student: 7, group_id: 12, new_group_id: 14, date: '2026-12-01' });
    actor.send({ type: 'move.cancel' }); // not while saving
    expect(actor.getSnapshot().value).toBe('saving');
    answer.resolve({});
    await waitFor(actor, (s) => s.matches('done'));
    expect(connectMemberMove(actor.getSnapshot()).open).toBe(false);
    expect(emitted).toEqual([
      { type: 'toast.show', severity: 'success', message: 'group_detail.move.done' },
      { type: 'member.moved', student: 7, from: 12, to: 14 },
    ]);
    actor.send({ type: 'move.start', student, group: to, date: '2026-12-02' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.to).toBeNull();
  });

  it('will not move into the same group or without a date', () => {
    const { actor } = start();
    actor.send({ type: 'move.start', student, group: from, date: '2026-11-23' });
    actor.send({ type: 'target.choose', group: from, date: '2026-12-01' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'target.choose', group: to, date: '' });
    expect(actor.getSnapshot().value).toBe('choosing');
  });

  it('goes back from confirming to choosing, and cancels to idle', () => {
    const { actor } = start();
    actor.send({ type: 'move.start', student, group: from, date: '2026-11-23' });
    actor.send({ type: 'target.choose', group: to, date: '2026-12-01' });
    actor.send({ type: 'move.back' });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.to).toEqual(to);
    actor.send({ type: 'move.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.student).toBeNull();
  });

  it('on failure keeps the server message; retry saves again, back returns to choosing', async () => {
    let calls = 0;
    const { actor, spy } = start(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(400, undefined, { date: ['Before the student joined'] });
      if (calls === 2) throw new ApiError(409, 'The student is already in that group');
      return {};
    });
    actor.send({ type: 'move.start', student, group: from, date: '2026-11-23' });
    actor.send({ type: 'target.choose', group: to, date: '2020-01-01' });
    actor.send({ type: 'move.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(connectMemberMove(actor.getSnapshot()).step).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ detail: null, fields: { date: 'Before the student joined' } });
    actor.send({ type: 'move.retry' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ detail: 'The student is already in that group', fields: {} });
    actor.send({ type: 'move.back' });
    actor.send({ type: 'target.choose', group: to, date: '2026-12-01' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'move.confirm' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it('a network failure gets the generic message', async () => {
    const { actor } = start(() => Promise.reject(new ApiError(0)));
    actor.send({ type: 'move.start', student, group: from, date: '2026-11-23' });
    actor.send({ type: 'target.choose', group: to, date: '2026-12-01' });
    actor.send({ type: 'move.confirm' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toEqual({ detail: 'group_detail.move.failed', fields: {} });
    actor.send({ type: 'move.cancel' });
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
