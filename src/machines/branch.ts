// Branch selection (spec section 4 "Branch selection"). States: waiting (branch list or current user not known
// yet) · ready. Events: branch.options {options, userFilials, role} (sent by the app once both are known, and
// again when either changes), branch.unavailable (the list could not be loaded: ready without a branch, so pages
// show their no-branch message instead of waiting), branch.choose {id}, branch.clear. The choice lives in localStorage `savedFilial`.
// On choose it emits toast.show and me.refetch (the app forwards them), goes back one page on detail pages and
// reloads; on clear it forgets the saved value and reloads. `reload` ({back}) is a named action.
import { assign, emit, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { allowedBranches } from '../../contract/branchScope';
import type { Filial } from '../../contract/filial';
import type { Role } from '../../contract/roles';
import { browserPath, reloadPage } from '../lib/browser';
import { SAVED_FILIAL_KEY, pathnameOf, type KeyValueStorage } from '../lib/storage';
import type { ToastRequest } from './toast';

/** Detail pages whose object may not exist in another branch: leave them before reloading. */
export const DETAIL_PAGES = ['/employees/info', '/leads/lead_info', '/leads/orders/info', '/students/info'];

export type BranchEvent =
  | { type: 'branch.options'; options: Filial[]; userFilials: number[]; role: Role }
  | { type: 'branch.choose'; id: number }
  | { type: 'branch.unavailable' }
  | { type: 'branch.clear' };

export type BranchEmitted = ToastRequest | { type: 'me.refetch' };

export type BranchInput = {
  storage?: Pick<KeyValueStorage, 'getItem' | 'setItem' | 'removeItem'>;
  currentPath?: () => string;
} | undefined;

type BranchContext = {
  storage: Pick<KeyValueStorage, 'getItem' | 'setItem' | 'removeItem'>;
  currentPath: () => string;
  /** The branches this user may choose from. */
  options: Filial[];
  /** The chosen branch id, or null when there is nothing to choose. */
  current: number | null;
};

/**
 * The saved branch when it is allowed; otherwise the user's first branch, or the first allowed option for a
 * user without branches (spec: "the user's first branch is saved ... and shown").
 */
export function resolveBranch(allowed: readonly Filial[], userFilials: readonly number[], saved: number | null): number | null {
  const ids = new Set(allowed.map((b) => b.id));
  if (saved !== null && ids.has(saved)) return saved;
  const own = userFilials.find((id) => ids.has(id));
  return own ?? allowed[0]?.id ?? null;
}

function readSaved(storage: Pick<Storage, 'getItem'>): number | null {
  const raw = storage.getItem(SAVED_FILIAL_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) ? id : null;
}

export const branchMachine = setup({
  types: {
    context: {} as BranchContext,
    events: {} as BranchEvent,
    input: {} as BranchInput,
    emitted: {} as BranchEmitted,
  },
  guards: {
    'the branch is one of the options': ({ context, event }) =>
      event.type === 'branch.choose' && context.options.some((b) => b.id === event.id),
  },
  actions: {
    applyOptions: assign(({ context, event }) => {
      if (event.type !== 'branch.options') return {};
      const options = allowedBranches(event.options, event.userFilials, event.role);
      return { options, current: resolveBranch(options, event.userFilials, readSaved(context.storage)) };
    }),
    choose: assign({ current: ({ event }) => (event.type === 'branch.choose' ? event.id : null) }),
    forget: assign({ current: null }),
    /** Writes the shown choice back, so a missing or no-longer-allowed saved value is replaced. */
    persist: ({ context }) => {
      if (context.current === null) context.storage.removeItem(SAVED_FILIAL_KEY);
      else if (readSaved(context.storage) !== context.current) context.storage.setItem(SAVED_FILIAL_KEY, String(context.current));
    },
    removeSaved: ({ context }) => context.storage.removeItem(SAVED_FILIAL_KEY),
    toastSaved: emit({ type: 'toast.show' as const, severity: 'success' as const, message: 'shell.branch.changed' }),
    askForMe: emit({ type: 'me.refetch' as const }),
    reload: (_, params: { back: boolean }) => reloadPage(params),
  },
}).createMachine({
  id: 'branch',
  context: ({ input }) => ({
    storage: input?.storage ?? globalThis.localStorage,
    currentPath: input?.currentPath ?? browserPath,
    options: [],
    current: null,
  }),
  initial: 'waiting',
  on: {
    'branch.options': { target: '.ready', actions: ['applyOptions', 'persist'] },
  },
  states: {
    waiting: { on: { 'branch.unavailable': { target: 'ready' } } },
    ready: {
      on: {
        'branch.choose': [
          {
            guard: 'the branch is one of the options',
            actions: ['choose', 'persist', 'toastSaved', 'askForMe', { type: 'reload', params: ({ context }) => ({ back: isDetailPage(context.currentPath()) }) }],
          },
        ],
        'branch.clear': { actions: ['forget', 'removeSaved', { type: 'reload', params: { back: false } }] },
      },
    },
  },
});

/** Whether the path shows one object (a detail page): those are left before reloading. */
export function isDetailPage(path: string): boolean {
  return DETAIL_PAGES.includes(pathnameOf(path).replace(/\/+$/, ''));
}

export type BranchActorRef = ActorRefFrom<typeof branchMachine>;
type BranchSnapshot = SnapshotFrom<typeof branchMachine>;
const selectBranchId = (s: BranchSnapshot) => s.context.current;
const selectBranchOptions = (s: BranchSnapshot) => s.context.options;
const selectBranch = (s: BranchSnapshot) => s.context.options.find((b) => b.id === s.context.current) ?? null;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectBranch(s: BranchSnapshot) {
  return {
    branchId: selectBranchId(s),
    branchOptions: selectBranchOptions(s),
    branch: selectBranch(s),
    /** The branch list has been answered (or failed): until then `branchId` null means "not known yet", not "none". */
    known: s.matches('ready'),
  };
}
