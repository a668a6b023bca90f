import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Notification } from '../../../contract/notifications';
import { connectNotifications, markReadLogic, notificationsMachine, POLL_INTERVAL_MS } from '../../../src/machines/notifications';
import { deferred, type Deferred } from '../support/fakes';

const note = (id: number): Notification => ({ id, comment: `Call lead ${id}`, is_read: false, created_at: '2026-01-05T10:00:00+05:00' });

function start() {
  const server = { items: [note(1), note(2), note(3)] };
  const fetch = vi.fn(async (userId: number) => {
    void userId;
    return [...server.items];
  });
  const patches: Record<number, Deferred<void>> = {};
  const patch = vi.fn((id: number) => (patches[id] = deferred<void>()).promise);
  const actor = createActor(
    notificationsMachine.provide({
      actors: { fetch: fromPromise(({ input }) => fetch(input.userId)), markRead: markReadLogic(patch) },
    }),
  ).start();
  const toasts: unknown[] = [];
  actor.on('toast.show', (e) => toasts.push(e));
  return { actor, server, fetch, patch, patches, toasts };
}

/** Runs pending promise callbacks under fake timers. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('notifications machine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does nothing until the user is known', async () => {
    const { actor, fetch } = start();
    await vi.advanceTimersByTimeAsync(5 * POLL_INTERVAL_MS);
    expect(fetch).not.toHaveBeenCalled();
    expect(actor.getSnapshot().value).toBe('idle');
  });

  it('fetches at once for the user, then every 30 s', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'user.known', userId: 7 });
    await settle();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch).toHaveBeenCalledWith(7);
    expect(connectNotifications(actor.getSnapshot()).unreadCount).toBe(3);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('stops polling when the user signs out, and starts over for another user', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'user.known', userId: 7 });
    await settle();
    actor.send({ type: 'user.cleared' });
    expect(connectNotifications(actor.getSnapshot()).notifications).toEqual([]);
    await vi.advanceTimersByTimeAsync(3 * POLL_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(1);
    actor.send({ type: 'user.known', userId: 8 });
    actor.send({ type: 'user.known', userId: 8 }); // the same user again changes nothing
    await settle();
    expect(fetch.mock.calls).toEqual([[7], [8]]);
  });

  it('removes a notification at once, PATCHes it, then refetches', async () => {
    const { actor, server, fetch, patch, patches } = start();
    actor.send({ type: 'user.known', userId: 7 });
    await settle();
    actor.send({ type: 'notification.markRead', id: 2 });
    expect(connectNotifications(actor.getSnapshot()).notifications.map((n) => n.id)).toEqual([1, 3]);
    expect(patch).toHaveBeenCalledWith(2);
    expect(fetch).toHaveBeenCalledTimes(1);
    server.items = [note(1), note(3)];
    patches[2].resolve();
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(connectNotifications(actor.getSnapshot()).notifications.map((n) => n.id)).toEqual([1, 3]);
  });

  it('keeps a notification hidden if a poll lists it before its PATCH settles', async () => {
    const { actor, patches } = start();
    actor.send({ type: 'user.known', userId: 7 });
    await settle();
    actor.send({ type: 'notification.markRead', id: 1 });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS); // the server still lists 1
    expect(connectNotifications(actor.getSnapshot()).notifications.map((n) => n.id)).toEqual([2, 3]);
    patches[1].resolve();
    await settle();
  });

  it('on PATCH failure: refetches (the item comes back) and asks for an error toast', async () => {
    const { actor, fetch, patches, toasts } = start();
    actor.send({ type: 'user.known', userId: 7 });
    await settle();
    actor.send({ type: 'notification.markRead', id: 3 });
    patches[3].reject(new Error('500'));
    await settle();
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(connectNotifications(actor.getSnapshot()).notifications.map((n) => n.id)).toEqual([1, 2, 3]);
    expect(toasts).toEqual([{ type: 'toast.show', severity: 'error', message: 'shell.notifications.failed' }]);
    // The same notification can be marked again (its child actor was stopped).
    actor.send({ type: 'notification.markRead', id: 3 });
    expect(connectNotifications(actor.getSnapshot()).notifications.map((n) => n.id)).toEqual([1, 2]);
  });

  it('ignores marking a notification that is not listed', async () => {
    const { actor, patch } = start();
    actor.send({ type: 'user.known', userId: 7 });
    await settle();
    actor.send({ type: 'notification.markRead', id: 99 });
    expect(patch).not.toHaveBeenCalled();
  });

  it('keeps the list and polls on when a fetch fails', async () => {
    const { actor, fetch } = start();
    actor.send({ type: 'user.known', userId: 7 });
    await settle();
    fetch.mockRejectedValueOnce(new Error('offline'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(connectNotifications(actor.getSnapshot()).unreadCount).toBe(3);
    expect(actor.getSnapshot().context.error).toBeInstanceOf(Error);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
