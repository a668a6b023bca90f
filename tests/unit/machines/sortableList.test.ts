import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { moveItem } from '../../../src/lib/order';
import { connectSortableList, REORDER_FAILED_MESSAGE, type SortableListInput, sortableListMachine } from '../../../src/machines/sortableList';
import type { ReorderKind } from '../../../src/api/catalogue';
import { deferred, flush, type Deferred } from '../support/fakes';

type Call = { kind: ReorderKind; parentId: number; ids: number[]; answer: Deferred<unknown> };

/** A fake reorder endpoint: every call waits until the test answers it. */
function start(input: SortableListInput = { kind: 'levels', parentId: 5, ids: [1, 2, 3] }) {
  const calls: Call[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  const reorder = fromPromise<unknown, { kind: ReorderKind; parentId: number; ids: number[] }>(async ({ input }) => {
    const answer = deferred<unknown>();
    calls.push({ ...input, ids: [...input.ids], answer });
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      return await answer.promise;
    } finally {
      inFlight -= 1;
    }
  });
  const actor = createActor(sortableListMachine.provide({ actors: { reorder } }), { input }).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, calls, emitted, maxInFlight: () => maxInFlight, order: () => connectSortableList(actor.getSnapshot()).order };
}

describe('moveItem', () => {
  it('takes the item out and puts it in at the target index', () => {
    expect(moveItem([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(moveItem([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
    expect(moveItem([1, 2, 3], 1, 1)).toEqual([1, 2, 3]);
  });

  it('does not change the list it is given', () => {
    const list = [1, 2, 3];
    moveItem(list, 0, 2);
    expect(list).toEqual([1, 2, 3]);
  });
});

describe('sortable list machine', () => {
  it('applies a move at once and sends the full id list for the parent', async () => {
    const { actor, calls, order } = start();
    actor.send({ type: 'item.moved', from: 2, to: 0 });
    expect(order()).toEqual([3, 1, 2]);
    expect(connectSortableList(actor.getSnapshot()).saving).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ kind: 'levels', parentId: 5, ids: [3, 1, 2] });
  });

  it('goes idle on success and emits the saved order', async () => {
    const { actor, calls, emitted, order } = start();
    actor.send({ type: 'item.moved', from: 0, to: 1 });
    calls[0].answer.resolve({});
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(order()).toEqual([2, 1, 3]);
    expect(emitted).toEqual([{ type: 'list.saved', ids: [2, 1, 3] }]);
    expect(actor.getSnapshot().context.confirmed).toEqual([2, 1, 3]);
  });

  it('rolls back to the server order with a toast on failure', async () => {
    const { actor, calls, emitted, order } = start();
    actor.send({ type: 'item.moved', from: 0, to: 2 });
    expect(order()).toEqual([2, 3, 1]);
    calls[0].answer.reject(new Error('500'));
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(order()).toEqual([1, 2, 3]);
    expect(emitted).toEqual([{ type: 'toast.show', severity: 'error', message: REORDER_FAILED_MESSAGE }, { type: 'list.failed' }]);
  });

  it('queues moves made while saving and sends only the last order after the answer', async () => {
    const { actor, calls, emitted, order, maxInFlight } = start({ kind: 'themes', parentId: 9, ids: [1, 2, 3, 4] });
    actor.send({ type: 'item.moved', from: 0, to: 3 }); // [2,3,4,1] in flight
    actor.send({ type: 'item.moved', from: 0, to: 1 }); // [3,2,4,1]
    actor.send({ type: 'item.moved', from: 3, to: 0 }); // [1,3,2,4]
    expect(order()).toEqual([1, 3, 2, 4]);
    expect(calls).toHaveLength(1);
    calls[0].answer.resolve({});
    await flush();
    expect(calls).toHaveLength(2);
    expect(calls[1]).toMatchObject({ kind: 'themes', parentId: 9, ids: [1, 3, 2, 4] });
    expect(emitted).toEqual([]); // not idle yet
    calls[1].answer.resolve({});
    await flush();
    expect(actor.getSnapshot().value).toBe('idle');
    expect(emitted).toEqual([{ type: 'list.saved', ids: [1, 3, 2, 4] }]);
    expect(maxInFlight()).toBe(1);
  });

  it('after a queued request fails, rolls back to the order the server last accepted', async () => {
    const { actor, calls, order } = start();
    actor.send({ type: 'item.moved', from: 0, to: 2 }); // [2,3,1]
    actor.send({ type: 'item.moved', from: 0, to: 1 }); // [3,2,1]
    calls[0].answer.resolve({});
    await flush();
    calls[1].answer.reject(new Error('400'));
    await flush();
    expect(order()).toEqual([2, 3, 1]);
    expect(actor.getSnapshot().context.queued).toBe(false);
  });

  it('a failure drops moves queued behind the failed request', async () => {
    const { actor, calls, order } = start();
    actor.send({ type: 'item.moved', from: 0, to: 2 });
    actor.send({ type: 'item.moved', from: 0, to: 1 });
    calls[0].answer.reject(new Error('network'));
    await flush();
    expect(order()).toEqual([1, 2, 3]);
    expect(calls).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('ignores moves that change nothing or point outside the list', () => {
    const { actor, calls, order } = start();
    actor.send({ type: 'item.moved', from: 1, to: 1 });
    actor.send({ type: 'item.moved', from: -1, to: 0 });
    actor.send({ type: 'item.moved', from: 0, to: 3 });
    actor.send({ type: 'item.moved', from: 0.5, to: 2 });
    expect(order()).toEqual([1, 2, 3]);
    expect(calls).toHaveLength(0);
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('takes the server order when the list loads while idle', () => {
    const { actor, order } = start({ kind: 'levels', parentId: 5 });
    expect(order()).toEqual([]);
    actor.send({ type: 'list.loaded', ids: [7, 8, 9] });
    expect(order()).toEqual([7, 8, 9]);
    expect(actor.getSnapshot().context.confirmed).toEqual([7, 8, 9]);
  });

  it('keeps the user order when a list loads while saving; a failure then rolls back to that loaded order', async () => {
    const { actor, calls, order } = start();
    actor.send({ type: 'item.moved', from: 0, to: 2 }); // [2,3,1]
    actor.send({ type: 'list.loaded', ids: [1, 2, 3, 4] }); // someone added a level meanwhile
    expect(order()).toEqual([2, 3, 1]);
    calls[0].answer.reject(new Error('400'));
    await flush();
    expect(order()).toEqual([1, 2, 3, 4]);
  });

  it('can move again after a success', async () => {
    const reorder = vi.fn(async (): Promise<unknown> => ({}));
    const actor = createActor(sortableListMachine.provide({ actors: { reorder: fromPromise(reorder) } }), {
      input: { kind: 'levels', parentId: 1, ids: [1, 2] },
    }).start();
    actor.send({ type: 'item.moved', from: 0, to: 1 });
    await flush();
    actor.send({ type: 'item.moved', from: 0, to: 1 });
    await flush();
    expect(reorder).toHaveBeenCalledTimes(2);
    expect(connectSortableList(actor.getSnapshot()).order).toEqual([1, 2]);
  });
});
