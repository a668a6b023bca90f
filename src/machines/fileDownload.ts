// One file download (an Excel list, a lead document) behind a button. States: idle · downloading · failed.
// Events: download.start {url, params?, fileName} (idle or failed), download.retry (failed: the same request
// again), download.dismiss (failed → idle), and from the actor download.progress {received, total},
// download.finished {result}. While downloading, `received`/`total` say how far it got: `total` is the
// Content-Length when the server sent one, else null (the button shows an indeterminate bar).
// Failure (spec section 8): downloadFile logs 'Error downloading the file' and yields
// {pending: false, success: false}; the machine keeps that result, emits a translated error toast and waits in
// `failed` for a retry. Stopping the machine (the page unmounts) aborts the request.
import { assign, emit, fromCallback, setup, type ActorRefFrom, type EventObject, type SnapshotFrom } from 'xstate';
import { fetchFile, type DownloadRequest } from '../api/downloads';
import { progressFraction } from '../lib/byteProgress';
import { downloadBlob, downloadFile, type DownloadResult } from '../lib/files';
import type { SessionActorRef } from './session';
import type { ToastRequest } from './toast';

export type { DownloadRequest };

export type DownloadReply =
  | { type: 'download.progress'; received: number; total: number | null }
  | { type: 'download.finished'; result: DownloadResult };

export type FileDownloadEvent =
  | ({ type: 'download.start' } & DownloadRequest)
  | { type: 'download.retry' }
  | { type: 'download.dismiss' }
  | DownloadReply;

export type FileDownloadEmitted = ToastRequest | { type: 'download.saved'; fileName: string };

export type FileDownloadInput = { session?: SessionActorRef | null } | undefined;

type Context = {
  session: SessionActorRef | null;
  request: DownloadRequest | null;
  received: number;
  total: number | null;
  /** The last finished attempt's result (spec section 8 shape); null before any. */
  result: DownloadResult | null;
};

export const DOWNLOAD_MESSAGES = { failed: 'common.download.failed' } as const;

/** What the download actor needs: the request, the session and where to save. */
export type DownloadActorInput = { request: DownloadRequest; session: SessionActorRef | null };

export type FetchBlob = (
  request: DownloadRequest,
  options: { session: SessionActorRef | null; signal: AbortSignal; onProgress: (received: number, total: number | null) => void },
) => Promise<Blob>;

/** Fetches and saves the file, reporting bytes and the result as events; stopping it aborts the request. */
export function downloadLogic(fetchBlob: FetchBlob, save: (blob: Blob, fileName: string) => void = downloadBlob) {
  return fromCallback<EventObject, DownloadActorInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const reply = (event: DownloadReply) => {
      if (!controller.signal.aborted) sendBack(event);
    };
    void downloadFile(
      () =>
        fetchBlob(input.request, {
          session: input.session,
          signal: controller.signal,
          onProgress: (received, total) => reply({ type: 'download.progress', received, total }),
        }),
      input.request.fileName,
      // A download the user left (the page closed) is not saved when it arrives late.
      (blob, name) => {
        if (!controller.signal.aborted) save(blob, name);
      },
    ).then((result) => reply({ type: 'download.finished', result }));
    return () => controller.abort();
  });
}

/** The app's fetch: the session's client with a streaming body reader. */
const appFetchBlob: FetchBlob = (request, { session, signal, onProgress }) =>
  session ? fetchFile(request, { session, signal, onProgress }) : Promise.reject(new Error('fileDownload: no session actor in input'));

export const fileDownloadMachine = setup({
  types: {
    context: {} as Context,
    events: {} as FileDownloadEvent,
    input: {} as FileDownloadInput,
    emitted: {} as FileDownloadEmitted,
  },
  actors: {
    download: downloadLogic(appFetchBlob),
  },
  guards: {
    succeeded: ({ event }) => event.type === 'download.finished' && event.result.success,
  },
  actions: {
    keepRequest: assign({
      request: ({ event, context }) =>
        event.type === 'download.start' ? { url: event.url, params: event.params, body: event.body, fileName: event.fileName } : context.request,
    }),
    startProgress: assign({ received: 0, total: null }),
    trackProgress: assign(({ event, context }) =>
      event.type === 'download.progress' ? { received: Math.max(context.received, event.received), total: event.total } : {},
    ),
    keepResult: assign({ result: ({ event, context }) => (event.type === 'download.finished' ? event.result : context.result) }),
    announceSaved: emit(({ context }) => ({ type: 'download.saved' as const, fileName: context.request?.fileName ?? '' })),
    toastFailed: emit({ type: 'toast.show' as const, severity: 'error' as const, message: DOWNLOAD_MESSAGES.failed }),
  },
}).createMachine({
  id: 'fileDownload',
  context: ({ input }) => ({ session: input?.session ?? null, request: null, received: 0, total: null, result: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'download.start': { target: 'downloading', actions: 'keepRequest' } },
    },
    downloading: {
      entry: 'startProgress',
      invoke: {
        src: 'download',
        input: ({ context }) => ({ request: context.request as DownloadRequest, session: context.session }),
      },
      on: {
        'download.progress': { actions: 'trackProgress' },
        'download.finished': [
          { guard: 'succeeded', target: 'idle', actions: ['keepResult', 'announceSaved'] },
          { target: 'failed', actions: ['keepResult', 'toastFailed'] },
        ],
      },
    },
    failed: {
      on: {
        'download.retry': { target: 'downloading' },
        'download.start': { target: 'downloading', actions: 'keepRequest' },
        'download.dismiss': { target: 'idle' },
      },
    },
  },
});

export type FileDownloadActorRef = ActorRefFrom<typeof fileDownloadMachine>;
type Snapshot = SnapshotFrom<typeof fileDownloadMachine>;

const selectDownloading = (s: Snapshot) => s.matches('downloading');
const selectFailed = (s: Snapshot) => s.matches('failed');
/** 0..1 while the size is known, null when indeterminate or not downloading. */
const selectFraction = (s: Snapshot) => (s.matches('downloading') ? progressFraction(s.context.received, s.context.total) : null);
const selectResult = (s: Snapshot) => s.context.result;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectFileDownload(s: Snapshot) {
  return {
    downloading: selectDownloading(s),
    failed: selectFailed(s),
    fraction: selectFraction(s),
    result: selectResult(s),
  };
}
