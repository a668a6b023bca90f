// What the user sees of the bell while marking notifications read, as a small machine with no invoke and no delays,
// so @xstate/graph can walk it (tests/model/notifications.test.ts drives the real notifications machine with every
// generated path, and tests/e2e/models/notifications.spec.ts the running app). The user starts with two unread
// notifications. A mark-read removes the item at once; `server.refuses` is a mark-read the server does not take:
// the item comes back and an error toast says so.
import { createMachine } from 'xstate';

export const notificationsModel = createMachine({
  id: 'notificationsModel',
  initial: 'twoUnread',
  types: {} as {
    events: { type: 'notification.markRead' } | { type: 'server.refuses' };
  },
  states: {
    twoUnread: { on: { 'notification.markRead': 'oneUnread', 'server.refuses': 'markFailed' } },
    /** Both listed again after a refused mark-read, with the error toast. */
    markFailed: { on: { 'notification.markRead': 'oneUnread' } },
    oneUnread: { on: { 'notification.markRead': 'noneUnread' } },
    /** The bell has no count; the panel says there is nothing. */
    noneUnread: {},
  },
});
