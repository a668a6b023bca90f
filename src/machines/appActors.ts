// Creates, wires and starts the app's actors; the views get them from one React context.
// Wiring, in one place: machines ask for effects they cannot do themselves by emitting events —
// toast.show → toast; session.lost → gate; login.succeeded → gate; branch me.refetch → gate; and the gate's
// current user feeds notifications (user.known / user.cleared); its route changes close the mobile drawer and reset
// the page's date filters and remembered tab. The HTTP client is bound to the session actor.
import { createActor, type InspectionEvent, type Observer } from 'xstate';
import { fetchFilials } from '../api/auth';
import { attachSession } from '../api/http';
import { createSessionStore } from '../lib/sessionStore';
import { clearOnPathChange } from '../lib/storage';
import { authGateMachine } from './authGate';
import { branchMachine } from './branch';
import { loginMachine } from './login';
import { notificationsMachine } from './notifications';
import { passwordChangeMachine } from './passwordChange';
import { createSessionActor } from './session';
import { sidebarMachine } from './sidebar';
import { toastMachine, type ToastRequest } from './toast';

export type AppActorsOptions = {
  /** The router's navigate (wouter's `navigate`); default: history.pushState, which wouter also observes. */
  navigate?: (to: string) => void;
  /** Reload after a branch change; default: location.reload (after history.back() on detail pages). */
  reload?: (options: { back: boolean }) => void;
  /** Desktop sidebar start state; default: the `sidebar_state` cookie. */
  sidebarExpanded?: boolean;
  /** Local and session storage; default: the browser's. */
  storage?: { local: Storage; session: Storage };
  /** Fetches a page's code ahead (the signed-in shell and the page at `path`); called on sign-in submit. */
  preload?: (path: string) => void;
  /** The sidebar section a path belongs to (opens it on a deep link). */
  sectionOfPath?: (path: string) => string | null;
  /** The branch list for the switcher; default: GET /filial/no-pg/. */
  loadBranches?: typeof fetchFilials;
  /** devInspector() in development. */
  inspect?: Observer<InspectionEvent>;
};

export function createAppActors(options: AppActorsOptions = {}) {
  const { inspect } = options;
  const local = () => options.storage?.local ?? globalThis.localStorage;
  const store = createSessionStore(local, () => options.storage?.session ?? globalThis.sessionStorage);

  const session = createSessionActor({ store, inspect });
  const gateLogic = options.navigate
    ? authGateMachine.provide({ actions: { navigate: (_, params) => options.navigate?.(params.to) } })
    : authGateMachine;
  const gate = createActor(gateLogic, { systemId: 'authGate', input: { session, store }, inspect });
  const toast = createActor(toastMachine, { systemId: 'toast', inspect });
  const loginLogic = options.preload
    ? loginMachine.provide({ actions: { preloadNext: () => options.preload?.(store.lastPath() ?? '/') } })
    : loginMachine;
  const login = createActor(loginLogic, { systemId: 'login', inspect });
  const sidebar = createActor(sidebarMachine, { systemId: 'sidebar', input: { expanded: options.sidebarExpanded, sectionOf: options.sectionOfPath }, inspect });
  const branchLogic = options.reload
    ? branchMachine.provide({ actions: { reload: (_, params) => options.reload?.(params) } })
    : branchMachine;
  const branch = createActor(branchLogic, { systemId: 'branch', input: { storage: local() }, inspect });
  const notifications = createActor(notificationsMachine, { systemId: 'notifications', inspect });
  const passwordChange = createActor(passwordChangeMachine, {
    systemId: 'passwordChange',
    input: { currentUserId: () => gate.getSnapshot().context.me?.id ?? null },
    inspect,
  });

  const showToast = (request: ToastRequest) => toast.send(request);
  const subscriptions = [
    session.on('session.lost', () => gate.send({ type: 'session.lost' })),
    login.on('login.succeeded', (event) => gate.send(event)),
    branch.on('me.refetch', () => gate.send({ type: 'me.refetch' })),
    branch.on('toast.show', showToast),
    notifications.on('toast.show', showToast),
    passwordChange.on('toast.show', showToast),
    followCurrentUser(gate, notifications),
    followBranches(gate, branch, options.loadBranches ?? fetchFilials),
    followRoute(gate, sidebar, () => options.storage?.session ?? globalThis.sessionStorage),
  ];

  attachSession(session);
  const all = [session, gate, toast, login, sidebar, branch, notifications, passwordChange];
  all.forEach((actor) => actor.start());

  return {
    session,
    gate,
    toast,
    login,
    sidebar,
    branch,
    notifications,
    passwordChange,
    /** Stops everything (tests, hot reload). */
    stop() {
      subscriptions.forEach((s) => s.unsubscribe());
      all.forEach((actor) => actor.stop());
      attachSession(null);
    },
  };
}

export type AppActors = ReturnType<typeof createAppActors>;

/** Spec section 2: a new path closes the drawer, resets the date filters and forgets the remembered tab. */
function followRoute(gate: ReturnType<typeof createActor<typeof authGateMachine>>, sidebar: ReturnType<typeof createActor<typeof sidebarMachine>>, tabStorage: () => Pick<Storage, 'removeItem'> | undefined) {
  let path: string | null = gate.getSnapshot().context.path;
  return gate.subscribe((snapshot) => {
    const next = snapshot.context.path;
    if (next === null || next === path) return;
    sidebar.send({ type: 'route.change', path: next });
    clearOnPathChange(path, next, { session: tabStorage() });
    path = next;
  });
}

/** Notifications poll for the signed-in user only (spec section 7: "only when the user id is known"). */
function followCurrentUser(gate: ReturnType<typeof createActor<typeof authGateMachine>>, notifications: ReturnType<typeof createActor<typeof notificationsMachine>>) {
  let userId: number | null = null;
  return gate.subscribe((snapshot) => {
    const next = snapshot.context.me?.id ?? null;
    if (next === userId) return;
    userId = next;
    notifications.send(next === null ? { type: 'user.cleared' } : { type: 'user.known', userId: next });
  });
}

/** Once the user is known (and whenever they change), the branch machine gets the branch list and the user's rights. */
function followBranches(
  gate: ReturnType<typeof createActor<typeof authGateMachine>>,
  branch: ReturnType<typeof createActor<typeof branchMachine>>,
  load: typeof fetchFilials,
) {
  let seen: unknown = null;
  return gate.subscribe((snapshot) => {
    const me = snapshot.context.me;
    if (!me || me === seen) return;
    seen = me;
    load().then(
      (options) => branch.send({ type: 'branch.options', options, userFilials: me.filial, role: me.role }),
      // Without the list the switcher stays empty and pages show their no-branch message; the next route check
      // tries again.
      () => {
        seen = null;
        branch.send({ type: 'branch.unavailable' });
      },
    );
  });
}
