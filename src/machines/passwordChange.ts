// The change-password dialog. States: closed · open.editing · open.saving (invoke changePassword). Events:
// dialog.open {userId?} (default: the signed-in user, from input), dialog.close (ignored while saving),
// form.submit {new_password}. Success: toast `messages.saved` and close; failure: toast `messages.failed`, stay
// open. The view resets its form whenever the machine leaves `open` (spec section 5).
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { changePassword } from '../api/auth';
import type { ToastRequest } from './toast';

export type PasswordChangeEvent =
  | { type: 'dialog.open'; userId?: number }
  | { type: 'dialog.close' }
  | { type: 'form.submit'; new_password: string };

export type PasswordChangeInput = {
  /** Whose password the dialog changes when `dialog.open` names nobody: the signed-in user. */
  currentUserId?: () => number | null;
  /** i18n keys of the toasts; an employee edit page passes its own (spec section 8). */
  messages?: { saved: string; failed: string };
} | undefined;

type Context = { userId: number | null; currentUserId: () => number | null; messages: { saved: string; failed: string } };

export const PASSWORD_MESSAGES = { saved: 'shell.password.saved', failed: 'shell.password.failed' } as const;

export const passwordChangeMachine = setup({
  types: {
    context: {} as Context,
    events: {} as PasswordChangeEvent,
    input: {} as PasswordChangeInput,
    emitted: {} as ToastRequest,
  },
  actors: {
    changePassword: fromPromise<unknown, { userId: number; password: string }>(({ input }) => changePassword(input.userId, input.password)),
  },
  guards: {
    'we know whose password it is': ({ context, event }) =>
      event.type === 'dialog.open' && (event.userId ?? context.currentUserId()) !== null,
  },
  actions: {
    chooseUser: assign({ userId: ({ context, event }) => (event.type === 'dialog.open' ? (event.userId ?? context.currentUserId()) : null) }),
    toast: emit((_, params: { severity: 'success' | 'error'; message: string }) => ({ type: 'toast.show' as const, ...params })),
  },
}).createMachine({
  id: 'passwordChange',
  context: ({ input }) => ({
    userId: null,
    currentUserId: input?.currentUserId ?? (() => null),
    messages: input?.messages ?? PASSWORD_MESSAGES,
  }),
  initial: 'closed',
  states: {
    closed: {
      on: { 'dialog.open': { guard: 'we know whose password it is', target: 'open', actions: 'chooseUser' } },
    },
    open: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'form.submit': { target: 'saving' },
            'dialog.close': { target: '#passwordChange.closed' },
          },
        },
        saving: {
          invoke: {
            src: 'changePassword',
            input: ({ context, event }) => ({
              userId: context.userId as number,
              password: event.type === 'form.submit' ? event.new_password : '',
            }),
            onDone: {
              target: '#passwordChange.closed',
              actions: { type: 'toast', params: ({ context }) => ({ severity: 'success', message: context.messages.saved }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'toast', params: ({ context }) => ({ severity: 'error', message: context.messages.failed }) },
            },
          },
        },
      },
    },
  },
});

export type PasswordChangeActorRef = ActorRefFrom<typeof passwordChangeMachine>;
type Snapshot = SnapshotFrom<typeof passwordChangeMachine>;
const selectIsDialogOpen = (s: Snapshot) => s.matches('open');
const selectIsSaving = (s: Snapshot) => s.matches({ open: 'saving' });

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectPasswordChange(s: Snapshot) {
  return {
    dialogOpen: selectIsDialogOpen(s),
    saving: selectIsSaving(s),
  };
}
