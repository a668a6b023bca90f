// Toasts (spec section 4 "Toasts"): a list shown at the top right; each hides itself after 3000 ms.
// State: visible (one state; the list is context). Events: toast.show {severity, message, values?} (message is an
// i18n key or plain text), toast.dismiss {id}. Each show schedules a delayed toast.dismiss with the toast's id,
// cancelled when the user dismisses it first. Other machines emit `toast.show`; the app forwards it here.
import { enqueueActions, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

export const TOAST_DURATION_MS = 3000;
/** Older toasts give way when more pile up: a burst of errors must not cover the page. */
export const MAX_TOASTS = 5;

export type ToastSeverity = 'success' | 'error' | 'info';
export type Toast = { id: string; severity: ToastSeverity; message: string; values?: Record<string, unknown> };
/** The event other machines emit to ask for a toast. */
export type ToastRequest = { type: 'toast.show'; severity: ToastSeverity; message: string; values?: Record<string, unknown> };
export type ToastEvent = ToastRequest | { type: 'toast.dismiss'; id: string };

/** Spec: green on success, red otherwise. */
export function toastTone(severity: ToastSeverity): 'green' | 'red' {
  return severity === 'success' ? 'green' : 'red';
}

const hideTimer = (id: string) => `hide:${id}`;

export const toastMachine = setup({
  types: { context: {} as { toasts: Toast[]; nextId: number }, events: {} as ToastEvent },
  actions: {
    add: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.show') return;
      const toast: Toast = { id: `toast-${context.nextId}`, severity: event.severity, message: event.message, values: event.values };
      const kept = context.toasts.slice(-(MAX_TOASTS - 1));
      for (const dropped of context.toasts.slice(0, context.toasts.length - kept.length)) enqueue.cancel(hideTimer(dropped.id));
      enqueue.assign({ toasts: [...kept, toast], nextId: context.nextId + 1 });
      enqueue.raise({ type: 'toast.dismiss', id: toast.id }, { delay: TOAST_DURATION_MS, id: hideTimer(toast.id) });
    }),
    remove: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.dismiss') return;
      enqueue.cancel(hideTimer(event.id));
      enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== event.id) });
    }),
  },
}).createMachine({
  id: 'toast',
  context: { toasts: [], nextId: 1 },
  initial: 'visible',
  states: {
    visible: {
      on: { 'toast.show': { actions: 'add' }, 'toast.dismiss': { actions: 'remove' } },
    },
  },
});

export type ToastActorRef = ActorRefFrom<typeof toastMachine>;
const selectToasts = (s: SnapshotFrom<typeof toastMachine>) => s.context.toasts;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectToast(s: SnapshotFrom<typeof toastMachine>) {
  return {
    toasts: selectToasts(s),
  };
}
