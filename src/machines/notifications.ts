// Notifications (spec sections 4 and 7). States: idle (user unknown) · active.loading (invoke fetch) ·
// active.waiting (30 s, then loading again). Events: user.known {userId}, user.cleared, notifications.refetch,
// notification.markRead {id}: removes the item at once, then PATCHes (a spawned child per id); success → refetch;
// failure → refetch and emit toast.show (error). Ids being marked are kept out of fetched lists until settled.
import { assign, emit, fromCallback, fromPromise, setup, spawnChild, stopChild, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import type { Notification } from '../../contract/notifications';
import { fetchNotifications, markNotificationRead } from '../api/auth';
import type { ToastRequest } from './toast';

export const POLL_INTERVAL_MS = 30_000;

type MarkReadReply = { type: 'markRead.done'; id: number } | { type: 'markRead.failed'; id: number; error: unknown };

export type NotificationsEvent =
  | { type: 'user.known'; userId: number }
  | { type: 'user.cleared' }
  | { type: 'notifications.refetch' }
  | { type: 'notification.markRead'; id: number }
  | MarkReadReply;

type Context = { userId: number | null; items: Notification[]; pending: number[]; error: unknown };

/** PATCHes one notification and reports back as an event (several may run at once, one per id). */
export function markReadLogic(patch: (id: number) => Promise<unknown>) {
  return fromCallback<EventObject, { id: number }>(({ input, sendBack }) => {
    patch(input.id).then(
      () => sendBack({ type: 'markRead.done', id: input.id } satisfies MarkReadReply),
      (error: unknown) => sendBack({ type: 'markRead.failed', id: input.id, error } satisfies MarkReadReply),
    );
  });
}

export const notificationsMachine = setup({
  types: {
    context: {} as Context,
    events: {} as NotificationsEvent,
    emitted: {} as ToastRequest,
  },
  actors: {
    fetch: fromPromise<Notification[], { userId: number }>(({ input }) => fetchNotifications(input.userId)),
    markRead: markReadLogic(markNotificationRead),
  },
  delays: { poll: POLL_INTERVAL_MS },
  guards: {
    'it is another user': ({ context, event }) => event.type === 'user.known' && event.userId !== context.userId,
    'the notification is listed': ({ context, event }) =>
      event.type === 'notification.markRead' && context.items.some((n) => n.id === event.id),
  },
  actions: {
    rememberUser: assign({
      userId: ({ event }) => (event.type === 'user.known' ? event.userId : null),
      items: [],
      pending: [],
      error: null,
    }),
    forgetUser: assign({ userId: null, items: [], pending: [], error: null }),
    keepItems: assign({
      // A fetch that started before a mark-read settled may still list it: keep it hidden.
      items: ({ context }, params: { items: Notification[] }) => params.items.filter((n) => !context.pending.includes(n.id)),
      error: null,
    }),
    keepError: assign({ error: (_, params: { error: unknown }) => params.error }),
    removeAtOnce: assign(({ context, event }) => {
      if (event.type !== 'notification.markRead') return {};
      return { items: context.items.filter((n) => n.id !== event.id), pending: [...context.pending, event.id] };
    }),
    startMarkRead: spawnChild('markRead', {
      id: ({ event }) => `markRead-${event.type === 'notification.markRead' ? event.id : ''}`,
      input: ({ event }) => ({ id: event.type === 'notification.markRead' ? event.id : -1 }),
    }),
    // Callback actors live until stopped: stop it so the id is free if the notification comes back and is marked again.
    stopMarkRead: stopChild(({ event }) => `markRead-${'id' in event ? event.id : ''}`),
    settle: assign({
      pending: ({ context, event }) => context.pending.filter((id) => !('id' in event) || id !== event.id),
    }),
    toastFailure: emit({ type: 'toast.show' as const, severity: 'error' as const, message: 'shell.notifications.failed' }),
  },
}).createMachine({
  id: 'notifications',
  context: { userId: null, items: [], pending: [], error: null },
  initial: 'idle',
  // Replies that arrive after sign-out only need their child stopped.
  on: { 'markRead.done': { actions: 'stopMarkRead' }, 'markRead.failed': { actions: 'stopMarkRead' } },
  states: {
    idle: {
      on: { 'user.known': { target: 'active', actions: 'rememberUser' } },
    },
    active: {
      initial: 'loading',
      on: {
        'user.known': { guard: 'it is another user', target: 'active', reenter: true, actions: 'rememberUser' },
        'user.cleared': { target: 'idle', actions: 'forgetUser' },
        'notifications.refetch': { target: '.loading', reenter: true },
        'notification.markRead': { guard: 'the notification is listed', actions: ['removeAtOnce', 'startMarkRead'] },
        'markRead.done': { target: '.loading', reenter: true, actions: ['stopMarkRead', 'settle'] },
        'markRead.failed': { target: '.loading', reenter: true, actions: ['stopMarkRead', 'settle', 'toastFailure'] },
      },
      states: {
        loading: {
          invoke: {
            src: 'fetch',
            input: ({ context }) => ({ userId: context.userId as number }),
            onDone: { target: 'waiting', actions: { type: 'keepItems', params: ({ event }) => ({ items: event.output }) } },
            onError: { target: 'waiting', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        waiting: { after: { poll: 'loading' } },
      },
    },
  },
});

export type NotificationsActorRef = ActorRefFrom<typeof notificationsMachine>;
type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>;
const selectNotifications = (s: NotificationsSnapshot) => s.context.items;
const selectUnreadCount = (s: NotificationsSnapshot) => s.context.items.length;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectNotifications(s: NotificationsSnapshot) {
  return {
    notifications: selectNotifications(s),
    unreadCount: selectUnreadCount(s),
  };
}
