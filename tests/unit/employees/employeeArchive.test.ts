// The archive statechart: related objects first, the reason required, failures kept with their message, retry.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RelatedObjects } from '../../../contract/employees';
import { ApiError } from '../../../src/api/errors';
import { employeeArchiveMachine, orphanCount } from '../../../src/machines/employeeArchive';

const related: RelatedObjects = { groups: [{ id: 1, name: 'IELTS', filial: 1, as: 'teacher' }], tasks: [], cashiers: [{ id: 2, name: 'Kassa', filial: 1 }] };

function start(options: { load?: () => Promise<RelatedObjects>; archive?: (input: { employeeId: number; reason: string }) => Promise<unknown> } = {}) {
  const calls: { employeeId: number; reason: string }[] = [];
  const machine = employeeArchiveMachine.provide({
    actors: {
      loadRelated: fromPromise(options.load ?? (async () => related)),
      archive: fromPromise(async ({ input }) => {
        calls.push(input);
        return options.archive ? options.archive(input) : {};
      }),
    },
  });
  const actor = createActor(machine, { input: { employeeId: 7 } }).start();
  return { actor, calls };
}

describe('employeeArchive', () => {
  it('loads what would be orphaned, waits for a reason, archives', async () => {
    const { actor, calls } = start();
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(orphanCount(actor.getSnapshot().context.related)).toBe(2);
    actor.send({ type: 'archive.confirm', reason: '   ' });
    expect(actor.getSnapshot().value).toBe('confirming');
    actor.send({ type: 'archive.confirm', reason: ' Ketdi ' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(actor.getSnapshot().value).toBe('done');
    expect(calls).toEqual([{ employeeId: 7, reason: 'Ketdi' }]);
  });

  it('a failed load offers a retry', async () => {
    let n = 0;
    const { actor } = start({ load: async () => (++n === 1 ? Promise.reject(new Error('down')) : related) });
    await waitFor(actor, (s) => s.matches('loadFailed'));
    expect(actor.getSnapshot().context.error).toBe('employees.archive.loadFailed');
    actor.send({ type: 'load.retry' });
    await waitFor(actor, (s) => s.matches('confirming'));
  });

  it('a refused archive keeps the server message; retry sends the same reason again', async () => {
    let n = 0;
    const { actor, calls } = start({
      archive: async () => {
        if (++n === 1) throw new ApiError(400, undefined, { is_archived: ['You cannot archive yourself'] });
        return {};
      },
    });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'archive.confirm', reason: 'Sabab' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBe('You cannot archive yourself');
    actor.send({ type: 'archive.retry' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(calls.map((c) => c.reason)).toEqual(['Sabab', 'Sabab']);
  });

  it('cancel ends it from confirming', async () => {
    const { actor } = start();
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'archive.cancel' });
    expect(actor.getSnapshot().value).toBe('cancelled');
  });
});
