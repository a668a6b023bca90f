// Archiving an employee from their page: first what it would orphan, then the confirmation with a reason.
//   loading (invoke `loadRelated`) → confirming → (archive.confirm) archiving (invoke `archive`) → done | failed
//   loading → loadFailed (load.retry → loading); failed → (archive.retry) archiving, or back to confirming on edit;
//   confirming / loadFailed / failed → (archive.cancel) cancelled.
// Groups, tasks and cash desks do not block the archive: the dialog lists them so they can be handed over.
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import type { RelatedObjects } from '../../contract/employees';
import { ApiError } from '../api/errors';

export type EmployeeArchiveEvent =
  | { type: 'archive.confirm'; reason: string }
  | { type: 'archive.retry' }
  | { type: 'archive.cancel' }
  | { type: 'load.retry' }
  | { type: 'reason.edit' };

type Context = {
  employeeId: number;
  related: RelatedObjects | null;
  reason: string;
  /** The server's message or an i18n key. */
  error: string | null;
};

export const ARCHIVE_MESSAGES = { loadFailed: 'employees.archive.loadFailed', failed: 'employees.archive.failed' } as const;

/** How many things would lose their person. */
export function orphanCount(related: RelatedObjects | null): number {
  return related ? related.groups.length + related.tasks.length + related.cashiers.length : 0;
}

const messageOf = (error: unknown, fallback: string) => {
  if (error instanceof ApiError) return Object.values(error.fields ?? {})[0]?.[0] ?? error.detail ?? fallback;
  return fallback;
};

export const employeeArchiveMachine = setup({
  types: {
    context: {} as Context,
    events: {} as EmployeeArchiveEvent,
    input: {} as { employeeId: number },
  },
  actors: {
    loadRelated: fromPromise<RelatedObjects, { employeeId: number }>(async () => {
      throw new Error('loadRelated: provide the actor');
    }),
    archive: fromPromise<unknown, { employeeId: number; reason: string }>(async () => {
      throw new Error('archive: provide the actor');
    }),
  },
  guards: {
    'reason: given': ({ event }) => event.type === 'archive.confirm' && event.reason.trim().length > 0,
  },
}).createMachine({
  id: 'employeeArchive',
  context: ({ input }) => ({ employeeId: input.employeeId, related: null, reason: '', error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadRelated',
        input: ({ context }) => ({ employeeId: context.employeeId }),
        onDone: { target: 'confirming', actions: assign({ related: ({ event }) => event.output, error: null }) },
        onError: { target: 'loadFailed', actions: assign({ error: ({ event }) => messageOf(event.error, ARCHIVE_MESSAGES.loadFailed) }) },
      },
    },
    loadFailed: {
      on: { 'load.retry': 'loading', 'archive.cancel': 'cancelled' },
    },
    confirming: {
      on: {
        'archive.confirm': { guard: 'reason: given', target: 'archiving', actions: assign({ reason: ({ event }) => event.reason.trim(), error: null }) },
        'archive.cancel': 'cancelled',
      },
    },
    archiving: {
      invoke: {
        src: 'archive',
        input: ({ context }) => ({ employeeId: context.employeeId, reason: context.reason }),
        onDone: 'done',
        onError: { target: 'failed', actions: assign({ error: ({ event }) => messageOf(event.error, ARCHIVE_MESSAGES.failed) }) },
      },
    },
    failed: {
      on: {
        'archive.retry': 'archiving',
        'reason.edit': { target: 'confirming', actions: assign({ error: null }) },
        'archive.confirm': { guard: 'reason: given', target: 'archiving', actions: assign({ reason: ({ event }) => event.reason.trim(), error: null }) },
        'archive.cancel': 'cancelled',
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

type Snapshot = SnapshotFrom<typeof employeeArchiveMachine>;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectEmployeeArchive(s: Snapshot) {
  return {
    /** The state's name: loading, confirming, archiving, done, failed, loadFailed, cancelled. */
    state: s.value as string,
    related: s.context.related,
    orphans: orphanCount(s.context.related),
    error: s.context.error,
  };
}
