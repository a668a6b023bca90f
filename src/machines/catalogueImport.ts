// Importing subjects, levels and themes from an .xlsx (POST /subjects/import/). States: idle (dialog closed) ·
// picking · uploading (invoke upload; progress as it goes) · done | rejected | failed. Events: dialog.open,
// dialog.close (not while uploading), file.choose {file} (checked here: .xlsx, not empty, at most 5 MB),
// upload.start, upload.cancel, upload.retry, import.again.
// - done: everything was created; emits `catalogue.imported` (the view refreshes its lists) and a success toast.
// - rejected: the server took nothing and named each bad row; the dialog lists them.
// - a 400 about the file itself (`{file: [...]}`) goes back to picking with that message; anything else → failed.
import { assign, emit, fromCallback, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { IMPORT_MAX_BYTES, importMsg, type ImportResult } from '../../contract/catalogueImport';
import { uploadCatalogue, type ImportOutcome } from '../api/catalogue';
import { ApiError } from '../api/errors';
import { EXCEL_EXTENSION, fileExtension } from '../lib/files';
import type { SessionActorRef } from './session';
import type { ToastRequest } from './toast';

/** What the upload actor reports back. */
export type UploadReply =
  | { type: 'upload.progress'; fraction: number }
  | { type: 'upload.finished'; outcome: ImportOutcome }
  | { type: 'upload.fileRefused'; message: string }
  | { type: 'upload.failed'; error: unknown };

export type CatalogueImportEvent =
  | { type: 'dialog.open' }
  | { type: 'dialog.close' }
  | { type: 'file.choose'; file: File | null }
  | { type: 'upload.start' }
  | { type: 'upload.cancel' }
  | { type: 'upload.retry' }
  | { type: 'import.again' }
  | UploadReply;

export type CatalogueImportEmitted = ToastRequest | { type: 'catalogue.imported'; created: ImportResult['created'] };

export type CatalogueImportInput = { session?: SessionActorRef } | undefined;

type Context = {
  session: SessionActorRef | null;
  file: File | null;
  /** An i18n key or the server's message about the file. */
  fileError: string | null;
  /** 0..1 while uploading. */
  progress: number;
  result: ImportResult | null;
  error: unknown;
};

export const IMPORT_MESSAGES = { done: 'materials.import.doneToast' } as const;

/** The contract message key that refuses a file before it is sent, or null when it may go. */
export function checkImportFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (fileExtension(file.name).toLowerCase() !== EXCEL_EXTENSION) return importMsg.file;
  if (file.size === 0) return importMsg.empty;
  if (file.size > IMPORT_MAX_BYTES) return importMsg.tooLarge;
  return null;
}

/** Sends the file and reports progress and the outcome as events; stopping it aborts the request. */
export function uploadLogic(upload: typeof uploadCatalogue) {
  return fromCallback<EventObject, { file: File; session: SessionActorRef | null }>(({ input, sendBack }) => {
    const controller = new AbortController();
    const reply = (event: UploadReply) => {
      if (!controller.signal.aborted) sendBack(event);
    };
    if (!input.session) {
      reply({ type: 'upload.failed', error: new Error('catalogueImport: no session actor in input') });
      return;
    }
    upload(input.file, { session: input.session, signal: controller.signal, onProgress: (fraction) => reply({ type: 'upload.progress', fraction }) }).then(
      (outcome) => reply({ type: 'upload.finished', outcome }),
      (error: unknown) => {
        const fileMessage = error instanceof ApiError && error.status === 400 ? error.fields?.file?.[0] : undefined;
        reply(fileMessage ? { type: 'upload.fileRefused', message: fileMessage } : { type: 'upload.failed', error });
      },
    );
    return () => controller.abort();
  });
}

const fresh = { file: null, fileError: null, progress: 0, result: null, error: null } as const;

export const catalogueImportMachine = setup({
  types: {
    context: {} as Context,
    events: {} as CatalogueImportEvent,
    input: {} as CatalogueImportInput,
    emitted: {} as CatalogueImportEmitted,
  },
  actors: { upload: uploadLogic(uploadCatalogue) },
  guards: {
    'a file is chosen': ({ context }) => context.file !== null,
    'every row was taken': ({ event }) => event.type === 'upload.finished' && event.outcome.kind === 'done',
  },
  actions: {
    reset: assign({ ...fresh }),
    chooseFile: assign(({ event }) => {
      if (event.type !== 'file.choose') return {};
      if (!event.file) return { file: null, fileError: null };
      const problem = checkImportFile(event.file);
      return problem ? { file: null, fileError: problem } : { file: event.file, fileError: null };
    }),
    startProgress: assign({ progress: 0, result: null, error: null }),
    trackProgress: assign({ progress: ({ context, event }) => (event.type === 'upload.progress' ? Math.min(1, Math.max(context.progress, event.fraction)) : context.progress) }),
    keepResult: assign({ result: ({ event }) => (event.type === 'upload.finished' ? event.outcome.result : null), progress: 1 }),
    refuseFile: assign({ fileError: ({ event }) => (event.type === 'upload.fileRefused' ? event.message : null), file: null }),
    keepError: assign({ error: ({ event }) => (event.type === 'upload.failed' ? event.error : null) }),
    announce: emit(({ context }) => ({
      type: 'catalogue.imported' as const,
      created: context.result?.created ?? { subjects: 0, levels: 0, themes: 0 },
    })),
    toastDone: emit(({ context }) => ({
      type: 'toast.show' as const,
      severity: 'success' as const,
      message: IMPORT_MESSAGES.done,
      values: { ...(context.result?.created ?? {}) },
    })),
  },
}).createMachine({
  id: 'catalogueImport',
  context: ({ input }) => ({ session: input?.session ?? null, ...fresh }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'dialog.open': { target: 'picking', actions: 'reset' } },
    },
    picking: {
      on: {
        'file.choose': { actions: 'chooseFile' },
        'upload.start': { guard: 'a file is chosen', target: 'uploading' },
        'dialog.close': { target: 'idle' },
      },
    },
    uploading: {
      entry: 'startProgress',
      invoke: { src: 'upload', input: ({ context }) => ({ file: context.file as File, session: context.session }) },
      on: {
        'upload.progress': { actions: 'trackProgress' },
        'upload.finished': [
          { guard: 'every row was taken', target: 'done', actions: 'keepResult' },
          { target: 'rejected', actions: 'keepResult' },
        ],
        'upload.fileRefused': { target: 'picking', actions: 'refuseFile' },
        'upload.failed': { target: 'failed', actions: 'keepError' },
        'upload.cancel': { target: 'picking' },
      },
    },
    done: {
      entry: ['announce', 'toastDone'],
      on: { 'dialog.close': { target: 'idle' }, 'import.again': { target: 'picking', actions: 'reset' } },
    },
    rejected: {
      on: {
        'dialog.close': { target: 'idle' },
        'import.again': { target: 'picking', actions: 'reset' },
        // A corrected file can be chosen straight from the list of problems.
        'file.choose': { target: 'picking', actions: ['reset', 'chooseFile'] },
      },
    },
    failed: {
      on: {
        'upload.retry': { target: 'uploading' },
        'dialog.close': { target: 'idle' },
        'import.again': { target: 'picking', actions: 'reset' },
      },
    },
  },
});

export type CatalogueImportActorRef = ActorRefFrom<typeof catalogueImportMachine>;
type Snapshot = SnapshotFrom<typeof catalogueImportMachine>;
const selectIsOpen = (s: Snapshot) => !s.matches('idle');
const selectStep = (s: Snapshot) => s.value as 'idle' | 'picking' | 'uploading' | 'done' | 'rejected' | 'failed';

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectCatalogueImport(s: Snapshot) {
  return {
    open: selectIsOpen(s),
    step: selectStep(s),
    file: s.context.file,
    fileError: s.context.fileError,
    progress: s.context.progress,
    result: s.context.result,
    error: s.context.error,
  };
}
