// Reordering a subject's levels or a level's themes (spec section 3: both are reorderable). States: idle ·
// saving (invoke reorder with the parent's full id list). Events: list.loaded {ids} (the server's order, from the
// list query), item.moved {from, to} (indexes in the shown order).
// - A move applies at once (optimistic) and starts saving the whole order.
// - Moves made while saving change the shown order and are sent after the answer: never two requests in flight,
//   and the last order wins.
// - A failure puts back the last order the server confirmed, emits a toast and `list.failed` (the view refetches).
// - Going idle after a success emits `list.saved {ids}` (the view updates its cached list).
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { moveItem } from '../lib/order';
import { reorderCatalogue, type ReorderKind } from '../api/catalogue';
import type { ToastRequest } from './toast';

export type SortableListEvent = { type: 'list.loaded'; ids: readonly number[] } | { type: 'item.moved'; from: number; to: number };

export type SortableListEmitted = ToastRequest | { type: 'list.saved'; ids: number[] } | { type: 'list.failed' };

export type SortableListInput = {
  kind: ReorderKind;
  /** The subject (levels) or level (themes) whose items are ordered. */
  parentId: number;
  /** The server's order when the list is already loaded. */
  ids?: readonly number[];
};

type Context = {
  kind: ReorderKind;
  parentId: number;
  /** What the user sees. */
  order: number[];
  /** The last order the server gave or accepted: where a failure rolls back to. */
  confirmed: number[];
  /** The order of the request in flight. */
  sending: number[];
  /** A move arrived while saving: send the shown order once the request answers. */
  queued: boolean;
};

export const REORDER_FAILED_MESSAGE = 'materials.reorder.failed';


export const sortableListMachine = setup({
  types: {
    context: {} as Context,
    events: {} as SortableListEvent,
    input: {} as SortableListInput,
    emitted: {} as SortableListEmitted,
  },
  actors: {
    reorder: fromPromise<unknown, { kind: ReorderKind; parentId: number; ids: number[] }>(({ input }) =>
      reorderCatalogue(input.kind, input.parentId, input.ids),
    ),
  },
  guards: {
    'the move changes the order': ({ context, event }) =>
      event.type === 'item.moved' &&
      event.from !== event.to &&
      [event.from, event.to].every((i) => Number.isInteger(i) && i >= 0 && i < context.order.length),
    'a later move is waiting': ({ context }) => context.queued,
  },
  actions: {
    applyMove: assign({
      order: ({ context, event }) => (event.type === 'item.moved' ? moveItem(context.order, event.from, event.to) : context.order),
    }),
    takeServerOrder: assign(({ event }) => (event.type === 'list.loaded' ? { order: [...event.ids], confirmed: [...event.ids] } : {})),
    // While saving, the shown order stays the user's; the loaded one only becomes the rollback point.
    rememberServerOrder: assign({ confirmed: ({ context, event }) => (event.type === 'list.loaded' ? [...event.ids] : context.confirmed) }),
    startSending: assign({ sending: ({ context }) => context.order, queued: false }),
    queue: assign({ queued: true }),
    confirmSent: assign({ confirmed: ({ context }) => context.sending }),
    rollBack: assign({ order: ({ context }) => context.confirmed, queued: false }),
    emitSaved: emit(({ context }) => ({ type: 'list.saved' as const, ids: context.order })),
    emitFailed: emit({ type: 'list.failed' as const }),
    toastFailure: emit({ type: 'toast.show' as const, severity: 'error' as const, message: REORDER_FAILED_MESSAGE }),
  },
}).createMachine({
  id: 'sortableList',
  context: ({ input }) => ({
    kind: input.kind,
    parentId: input.parentId,
    order: [...(input.ids ?? [])],
    confirmed: [...(input.ids ?? [])],
    sending: [],
    queued: false,
  }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'list.loaded': { actions: 'takeServerOrder' },
        'item.moved': { guard: 'the move changes the order', target: 'saving', actions: 'applyMove' },
      },
    },
    saving: {
      entry: 'startSending',
      invoke: {
        src: 'reorder',
        input: ({ context }) => ({ kind: context.kind, parentId: context.parentId, ids: context.sending }),
        onDone: [
          { guard: 'a later move is waiting', target: 'saving', reenter: true, actions: 'confirmSent' },
          { target: 'idle', actions: ['confirmSent', 'emitSaved'] },
        ],
        onError: { target: 'idle', actions: ['rollBack', 'toastFailure', 'emitFailed'] },
      },
      on: {
        'list.loaded': { actions: 'rememberServerOrder' },
        'item.moved': { guard: 'the move changes the order', actions: ['applyMove', 'queue'] },
      },
    },
  },
});

export type SortableListActorRef = ActorRefFrom<typeof sortableListMachine>;
type Snapshot = SnapshotFrom<typeof sortableListMachine>;
const selectOrder = (s: Snapshot) => s.context.order;
const selectIsSaving = (s: Snapshot) => s.matches('saving');

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectSortableList(s: Snapshot) {
  return {
    order: selectOrder(s),
    saving: selectIsSaving(s),
  };
}
