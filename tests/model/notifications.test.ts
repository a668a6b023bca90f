// Paths generated from the notifications model (src/machines/notifications.model.ts), each driving the REAL
// notifications machine against a fake server (its list and its mark-read), asserting in every model state what
// the bell lists, what the server holds and the error toasts.
import { expect } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Notification } from '../../contract/notifications';
import { ApiError } from '../../src/api/errors';
import { connectNotifications, markReadLogic, notificationsMachine } from '../../src/machines/notifications';
import { notificationsModel } from '../../src/machines/notifications.model';
import { flush } from '../unit/support/fakes';
import { walkModel } from './walkModel';

const note = (id: number): Notification =>
  ({ id, user: 7, comment: `N${id}`, link: null, is_read: false, created_at: '2026-11-26T09:00:00Z' }) as unknown as Notification;

async function harness() {
  const server = { unread: [note(1), note(2)], refuse: false, patches: 0 };
  const toasts: string[] = [];
  const actor = createActor(
    notificationsMachine.provide({
      actors: {
        fetch: fromPromise(async () => server.unread.slice()),
        markRead: markReadLogic(async (id) => {
          server.patches += 1;
          if (server.refuse) throw new ApiError(404, 'Not found');
          server.unread = server.unread.filter((n) => n.id !== id);
        }),
      },
    }),
  ).start();
  actor.on('toast.show', (e) => void toasts.push(e.message));
  actor.send({ type: 'user.known', userId: 7 });
  await waitFor(actor, (s) => s.matches({ active: 'waiting' }));
  const h = {
    actor,
    server,
    toasts,
    async markFirst(refuse = false) {
      server.refuse = refuse;
      const [first] = connectNotifications(actor.getSnapshot()).notifications;
      actor.send({ type: 'notification.markRead', id: first.id });
      expect(connectNotifications(actor.getSnapshot()).notifications.map((n) => n.id)).not.toContain(first.id); // gone at once
      await flush();
      await waitFor(actor, (s) => s.matches({ active: 'waiting' }));
    },
    lists(ids: number[]) {
      expect(connectNotifications(actor.getSnapshot()).notifications.map((n) => n.id)).toEqual(ids);
      expect(connectNotifications(actor.getSnapshot()).unreadCount).toBe(ids.length);
      expect(server.unread.map((n) => n.id)).toEqual(ids);
    },
  };
  return h;
}

type Harness = Awaited<ReturnType<typeof harness>>;

const states = (h: Harness) => ({
  twoUnread: () => {
    h.lists([1, 2]);
    expect(h.toasts).toEqual([]);
  },
  markFailed: () => {
    h.lists([1, 2]); // the refused one came back
    expect(h.toasts).toEqual(['shell.notifications.failed']);
  },
  oneUnread: () => h.lists([2]),
  noneUnread: () => {
    h.lists([]);
    expect(h.server.patches).toBe(h.toasts.length + 2);
  },
});

const events = (h: Harness) => ({
  'notification.markRead': () => h.markFirst(),
  'server.refuses': () => h.markFirst(true),
});

walkModel('notifications', notificationsModel, harness, { states, events });
