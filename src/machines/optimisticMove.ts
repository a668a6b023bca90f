// The one optimistic-move pattern behind the lead stage and the student status machines: a record (a lead card, a
// student) sits in the state named after where it shows; a move the pure rule allows shows its result at once
// while `saving.<move>` invokes that move's own actor; success → `placing`, which routes to where the record now
// shows; refusal → the record rolls back and `placing` routes to the old state's `failed` (`<prefix>.retry` sends
// the move again, `<prefix>.dismiss` hides the message). A state lists the moves that leave it, taken from idle and
// failed alike; saving and placing list none, so a second move waits for the first. Each machine declares its
// own typed `setup()` and builds its states, guards and context updates from here, saying only what differs: its
// records, its rule, its request, its messages.
import { fromPromise } from 'xstate';

export type OptimisticContext<Item, MoveEvent> = {
  item: Item;
  /** The record before the move being saved, to roll back to. */
  previous: Item | null;
  /** The last move sent, for retry. */
  pending: MoveEvent | null;
  /** The server's message (or an i18n key) after a refused move. */
  error: string | null;
};

/** What a move's actor receives: the record's id, the move and the record it is expected to lead to. */
export type MoveInput<Item, Move> = { id: number; move: Move; next: Item };

/** The pure rules a machine brings: which move an event asks for, the record after it, a refusal's message. */
export type MoveRules<Item, Move> = {
  moveOf: (event: { type: string } & Record<string, unknown>) => Move | null;
  moved: (item: Item, move: Move) => Item | null;
  errorOf: (error: unknown) => string;
};

type AnyEvent = { type: string };
const asRecord = (event: AnyEvent | null) => (event ?? { type: '' }) as { type: string } & Record<string, unknown>;

export const initialContext = <Item, MoveEvent>(item: Item): OptimisticContext<Item, MoveEvent> => ({ item, previous: null, pending: null, error: null });

/** The guard of every move: the rule allows it from the record as shown. */
export const allowsMove = <Item, Move>(rules: MoveRules<Item, Move>, item: Item, event: AnyEvent): boolean => {
  const move = rules.moveOf(asRecord(event));
  return move !== null && rules.moved(item, move) !== null;
};

/** Showing the move's result at once, keeping the record to roll back to and the event to retry. */
export function beginMove<Item, Move, MoveEvent extends AnyEvent>(rules: MoveRules<Item, Move>, context: OptimisticContext<Item, MoveEvent>, event: AnyEvent) {
  const move = rules.moveOf(asRecord(event));
  const next = move && rules.moved(context.item, move);
  if (!next) return {};
  return { previous: context.item, item: next, pending: event as MoveEvent, error: null };
}

/** A saved move: the record as the server answered it. */
export const commitMove = <Item>(item: Item) => ({ item, previous: null, pending: null, error: null });

/** A refused move: the record as it was, with the refusal's message. */
export const rollBackMove = <Item, Move, MoveEvent>(rules: MoveRules<Item, Move>, context: OptimisticContext<Item, MoveEvent>, error: unknown) => ({
  item: context.previous ?? context.item,
  previous: null,
  error: rules.errorOf(error),
});

export const clearedError = { error: null, pending: null } as const;

/** The move being saved (or last sent). */
export const pendingMove = <Item, Move, MoveEvent extends AnyEvent>(rules: MoveRules<Item, Move>, context: OptimisticContext<Item, MoveEvent>) =>
  rules.moveOf(asRecord(context.pending));

export const moveInput = <Item extends { id: number }, Move, MoveEvent extends AnyEvent>(
  rules: MoveRules<Item, Move>,
  context: OptimisticContext<Item, MoveEvent>,
): MoveInput<Item, Move> => ({ id: context.item.id, move: pendingMove(rules, context) as Move, next: context.item });

/** One actor per move, each the same request, so tests and the inspector see which move is in flight. */
export function moveActors<Item, Move, MoveType extends string>(moves: readonly MoveType[], save: (id: number, move: Move) => Promise<unknown>) {
  const actor = () => fromPromise<unknown, MoveInput<Item, Move>>(({ input }) => save(input.id, input.move));
  return Object.fromEntries(moves.map((move) => [move, actor()])) as Record<MoveType, ReturnType<typeof actor>>;
}

type Shape<Shown extends string, MoveType extends string> = {
  /** The machine's id, for absolute targets. */
  id: string;
  /** The events' namespace: `<prefix>.<move>`, `.retry`, `.dismiss`, `.sync`. */
  prefix: string;
  /** Every state showing a record, in the order `placing` checks them, with the moves that leave it. */
  shown: readonly (readonly [Shown, readonly MoveType[]])[];
  /** States whose failure cannot be retried (nothing leaves them). */
  noRetry?: readonly Shown[];
  /** Whether `<prefix>.sync` (a refetched record) is taken in every shown state. */
  sync?: boolean;
  /** Whether a saved move shows a success toast (action `toastDone`). */
  doneToast?: boolean;
};

// Action and guard names are typed `never` here: which of them exist is the using machine's setup (a machine with
// no success toast has no `toastDone`), and XState checks a name against that setup, not against this builder.
// The machines' own tests drive every transition these nodes declare.
type Name = never;
const name = (n: unknown) => n as Name;
type Transition = { guard?: Name; target?: string; actions: Name };
type ShownNode = { initial: 'idle'; states: { idle: object; failed: { on: Record<string, Transition> } }; on: Record<string, Transition> };
type SavingNode<MoveType extends string, Context, Input> = {
  invoke: { src: MoveType; input: ({ context }: { context: Context }) => Input; onDone: { target: string; actions: Name[] }; onError: { target: string; actions: Name[] } };
};

/**
 * The states of an optimistic-move machine: `placing`, one state per shown place, and `saving` with one child per
 * move. The machine's setup names the actions (begin, commit, rollBack, clearError, retry, sync, announce,
 * toastDone, toastError), the guards ('the rule allows the move', 'the record shows in') and one actor per move.
 */
export function optimisticStates<Shown extends string, MoveType extends string, Context, Input>(shape: Shape<Shown, MoveType>, input: (context: Context) => Input) {
  const at = (state: string) => `#${shape.id}.${state}`;
  const event = (name: string) => `${shape.prefix}.${name}`;
  const moves = [...new Set(shape.shown.flatMap(([, leaving]) => leaving))];
  const sync: Record<string, Transition> = shape.sync ? { [event('sync')]: { target: at('placing'), actions: name('sync') } } : {};
  const shownNodes = Object.fromEntries(
    shape.shown.map(([state, leaving]): [Shown, ShownNode] => [
      state,
      {
        initial: 'idle',
        states: {
          idle: {},
          failed: {
            on: {
              ...(shape.noRetry?.includes(state) ? {} : { [event('retry')]: { actions: name('retry') } }),
              [event('dismiss')]: { target: 'idle', actions: name('clearError') },
            },
          },
        },
        on: {
          ...sync,
          ...Object.fromEntries(leaving.map((move) => [event(move), { guard: name('the rule allows the move'), target: at(`saving.${move}`), actions: name('begin') }])),
        },
      },
    ]),
  ) as Record<Shown, ShownNode>;
  const output = ({ event }: { event: { output: unknown } }) => ({ output: event.output });
  const error = ({ event }: { event: { error: unknown } }) => ({ error: event.error });
  const saving = Object.fromEntries(
    moves.map((move): [MoveType, SavingNode<MoveType, Context, Input>] => [
      move,
      {
        invoke: {
          src: move,
          input: ({ context }) => input(context),
          onDone: {
            target: at('placing'),
            actions: [...(shape.doneToast ? [{ type: 'toastDone', params: output }] : []), { type: 'commit', params: output }, 'announce'].map((a) => name(a)),
          },
          onError: { target: at('placing'), actions: [{ type: 'rollBack', params: error }, 'toastError'].map((a) => name(a)) },
        },
      },
    ]),
  ) as { [M in MoveType]: SavingNode<M, Context, Input> };
  return {
    /** Routes to the state showing the record (and to its `failed` after a rollback). */
    placing: {
      always: shape.shown.flatMap(([state]) =>
        [true, false].map((failed) => ({
          guard: { type: name('the record shows in'), params: { state, failed } },
          target: `${state}.${failed ? 'failed' : 'idle'}`,
        })),
      ),
    },
    ...shownNodes,
    /** The move's result is shown while its request runs; one child per move, each invoking its own actor. */
    saving: { initial: moves[0], states: saving },
  };
}
