// The move-in import on /control/import (issue 18 §1): choose the kind and the file, upload, look at the preview
// (each row new, matching by phone, or in error per cell), re-map columns (the file goes up again with the mapping),
// commit. States: picking · uploading (invoke upload) · mapping (the preview, with the columns editable) ·
// committing (invoke commit) · done | failed. Events: kind.choose, file.choose, upload.start, mapping.set,
// mapping.apply, commit.start, import.again, retry.
// - a 400 about the file (`{file: [...]}`) or the mapping goes back to picking with its message;
// - a refused commit (rows in error, already committed) stays in mapping with the server's message;
// - done emits `imports.changed` (the history refreshes) and a success toast.
import { assign, emit, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { IMPORT_KINDS, MOVE_IN_LIMITS, type ImportBatch, type ImportKind, type ImportMapping, type ImportPreview } from '../../contract/imports';
import { commitImport, uploadImport } from '../api/imports';
import { ApiError } from '../api/errors';
import type { SessionActorRef } from './session';
import type { ToastRequest } from './toast';

export type MoveInImportEvent =
  | { type: 'kind.choose'; kind: ImportKind }
  | { type: 'file.choose'; file: File | null }
  | { type: 'upload.start' }
  | { type: 'mapping.set'; header: string; column: string }
  | { type: 'mapping.apply' }
  | { type: 'commit.start' }
  | { type: 'import.again' }
  | { type: 'retry' };

export type MoveInImportEmitted = ToastRequest | { type: 'imports.changed' };

type Context = {
  session: SessionActorRef | null;
  kind: ImportKind;
  file: File | null;
  /** An i18n key or the server's message about the file or the mapping. */
  fileError: string | null;
  preview: ImportPreview | null;
  /** The mapping being edited (header → column, '' ignored). */
  mapping: ImportMapping;
  committed: ImportBatch | null;
  /** The server's words when a commit was refused. */
  commitError: string | null;
  error: unknown;
};

export const MOVE_IN_MESSAGES = { done: 'control.import.doneToast', file: 'validation.importCsvOrXlsx', tooLarge: 'validation.uploadTooLarge', empty: 'validation.importEmpty' } as const;

/** The key that refuses a file before it is sent, or null. */
export function checkMoveInFile(file: Pick<File, 'name' | 'size'>): string | null {
  const ext = file.name.split('.').pop()?.toLowerCase();
  if (ext !== 'xlsx' && ext !== 'csv') return MOVE_IN_MESSAGES.file;
  if (file.size === 0) return MOVE_IN_MESSAGES.empty;
  if (file.size > MOVE_IN_LIMITS.maxBytes) return MOVE_IN_MESSAGES.tooLarge;
  return null;
}

type UploadInput = { kind: ImportKind; file: File; mapping: ImportMapping | null; session: SessionActorRef | null };

const firstMessage = (error: unknown, fields: string[]): string | null => {
  if (!(error instanceof ApiError)) return null;
  for (const f of fields) {
    const m = error.fields?.[f]?.[0];
    if (m) return m;
  }
  return error.status === 409 || error.status === 404 ? (error.detail ?? null) : null;
};

const fresh = { file: null, fileError: null, preview: null, mapping: {}, committed: null, commitError: null, error: null } as const;

export const moveInImportMachine = setup({
  types: {
    context: {} as Context,
    events: {} as MoveInImportEvent,
    input: {} as { session?: SessionActorRef } | undefined,
    emitted: {} as MoveInImportEmitted,
  },
  actors: {
    upload: fromPromise<ImportPreview, UploadInput>(({ input, signal }) => {
      if (!input.session) throw new Error('moveInImport: no session actor in input');
      return uploadImport(input.kind, input.file, input.mapping, { session: input.session, signal });
    }),
    commit: fromPromise<ImportBatch, { id: number }>(({ input }) => commitImport(input.id)),
  },
  guards: {
    'a file is chosen': ({ context }) => context.file !== null,
    'the file or mapping was refused': ({ event }) => firstMessage((event as { error?: unknown }).error, ['file', 'mapping']) !== null,
    'the commit was refused': ({ event }) => firstMessage((event as { error?: unknown }).error, ['rows', 'detail']) !== null,
    'no row is in error': ({ context }) => (context.preview?.counts.error ?? 1) === 0 && (context.preview?.counts.new ?? 0) > 0,
  },
  actions: {
    reset: assign({ ...fresh }),
    chooseKind: assign(({ event }) => (event.type === 'kind.choose' && IMPORT_KINDS.includes(event.kind) ? { kind: event.kind, ...fresh } : {})),
    chooseFile: assign(({ event }) => {
      if (event.type !== 'file.choose') return {};
      if (!event.file) return { file: null, fileError: null };
      const problem = checkMoveInFile(event.file);
      return problem ? { file: null, fileError: problem } : { file: event.file, fileError: null };
    }),
    keepPreview: assign(({ event }) => {
      const preview = (event as unknown as { output: ImportPreview }).output;
      return { preview, mapping: { ...preview.mapping } as ImportMapping, commitError: null };
    }),
    setMapping: assign({
      mapping: ({ context, event }) => (event.type === 'mapping.set' ? ({ ...context.mapping, [event.header]: event.column } as ImportMapping) : context.mapping),
    }),
    refuseFile: assign({ fileError: ({ event }) => firstMessage((event as { error?: unknown }).error, ['file', 'mapping']), preview: null }),
    refuseCommit: assign({ commitError: ({ event }) => firstMessage((event as { error?: unknown }).error, ['rows', 'detail']) }),
    keepCommitted: assign({ committed: ({ event }) => (event as unknown as { output: ImportBatch }).output }),
    keepError: assign({ error: ({ event }) => (event as { error?: unknown }).error ?? null }),
    announce: emit({ type: 'imports.changed' as const }),
    toastDone: emit(({ context }) => ({
      type: 'toast.show' as const,
      severity: 'success' as const,
      message: MOVE_IN_MESSAGES.done,
      values: { count: context.committed?.created ?? 0 },
    })),
  },
}).createMachine({
  id: 'moveInImport',
  context: ({ input }) => ({ session: input?.session ?? null, kind: 'students', ...fresh }),
  initial: 'picking',
  states: {
    picking: {
      on: {
        'kind.choose': { actions: 'chooseKind' },
        'file.choose': { actions: 'chooseFile' },
        'upload.start': { guard: 'a file is chosen', target: 'uploading' },
      },
    },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => ({
          kind: context.kind,
          file: context.file as File,
          mapping: context.preview ? context.mapping : null,
          session: context.session,
        }),
        onDone: { target: 'mapping', actions: ['keepPreview', 'announce'] },
        onError: [
          { guard: 'the file or mapping was refused', target: 'picking', actions: 'refuseFile' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    mapping: {
      on: {
        'mapping.set': { actions: 'setMapping' },
        'mapping.apply': { target: 'uploading' },
        'commit.start': { guard: 'no row is in error', target: 'committing' },
        'file.choose': { target: 'picking', actions: ['chooseFile'] },
        'import.again': { target: 'picking', actions: 'reset' },
      },
    },
    committing: {
      invoke: {
        src: 'commit',
        input: ({ context }) => ({ id: context.preview?.id ?? 0 }),
        onDone: { target: 'done', actions: 'keepCommitted' },
        onError: [
          { guard: 'the commit was refused', target: 'mapping', actions: 'refuseCommit' },
          { target: 'failed', actions: 'keepError' },
        ],
      },
    },
    done: {
      entry: ['announce', 'toastDone'],
      on: { 'import.again': { target: 'picking', actions: 'reset' } },
    },
    failed: {
      on: {
        retry: [{ guard: ({ context }) => context.committed === null && context.preview !== null, target: 'mapping' }, { target: 'picking' }],
        'import.again': { target: 'picking', actions: 'reset' },
      },
    },
  },
});

export type MoveInImportActorRef = ActorRefFrom<typeof moveInImportMachine>;
type Snapshot = SnapshotFrom<typeof moveInImportMachine>;

/** What the views may show of this machine. */
export function connectMoveInImport(s: Snapshot) {
  return {
    step: s.value as 'picking' | 'uploading' | 'mapping' | 'committing' | 'done' | 'failed',
    kind: s.context.kind,
    file: s.context.file,
    fileError: s.context.fileError,
    preview: s.context.preview,
    mapping: s.context.mapping,
    committed: s.context.committed,
    commitError: s.context.commitError,
    canCommit: (s.context.preview?.counts.error ?? 1) === 0 && (s.context.preview?.counts.new ?? 0) > 0,
  };
}
