import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectFileDownload, DOWNLOAD_MESSAGES, downloadLogic, type DownloadRequest, type FetchBlob, fileDownloadMachine } from '../../../src/machines/fileDownload';
import type { SessionActorRef } from '../../../src/machines/session';
import { deferred, flush, type Deferred } from '../support/fakes';

const session = {} as SessionActorRef;
const request: DownloadRequest = { url: '/lid/excel/', params: { filial: 1, search: 'Ali' }, fileName: 'leads.xlsx' };

type Call = { request: DownloadRequest; signal: AbortSignal; onProgress: (r: number, t: number | null) => void; answer: Deferred<Blob> };

function start() {
  const calls: Call[] = [];
  const fetchBlob: FetchBlob = (req, options) => {
    const answer = deferred<Blob>();
    calls.push({ request: req, signal: options.signal, onProgress: options.onProgress, answer });
    return answer.promise;
  };
  const save = vi.fn();
  const actor = createActor(fileDownloadMachine.provide({ actors: { download: downloadLogic(fetchBlob, save) } }), { input: { session } }).start();
  const emitted: Array<{ type: string }> = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, calls, save, emitted, snap: () => actor.getSnapshot() };
}

afterEach(() => vi.restoreAllMocks());

describe('fileDownload machine', () => {
  it('downloads with progress against the declared length and saves under the file name', async () => {
    const { actor, calls, save, emitted, snap } = start();
    expect(connectFileDownload(snap()).downloading).toBe(false);
    actor.send({ type: 'download.start', ...request });
    expect(connectFileDownload(snap()).downloading).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0].request).toEqual(request);
    calls[0].onProgress(0, 200);
    expect(connectFileDownload(snap()).fraction).toBe(0);
    calls[0].onProgress(50, 200);
    expect(connectFileDownload(snap()).fraction).toBe(0.25);
    const blob = new Blob(['x']);
    calls[0].answer.resolve(blob);
    await flush();
    expect(save).toHaveBeenCalledWith(blob, 'leads.xlsx');
    expect(snap().value).toBe('idle');
    expect(connectFileDownload(snap()).result).toEqual({ pending: false, success: true });
    expect(emitted).toEqual([{ type: 'download.saved', fileName: 'leads.xlsx' }]);
  });

  it('is indeterminate when the server sends no length', () => {
    const { actor, calls, snap } = start();
    actor.send({ type: 'download.start', ...request });
    calls[0].onProgress(1000, null);
    expect(connectFileDownload(snap()).downloading).toBe(true);
    expect(connectFileDownload(snap()).fraction).toBeNull();
  });

  it('ignores a second start while downloading', () => {
    const { actor, calls } = start();
    actor.send({ type: 'download.start', ...request });
    actor.send({ type: 'download.start', ...request, fileName: 'other.xlsx' });
    expect(calls).toHaveLength(1);
  });

  it('on failure logs the spec message, keeps {pending:false, success:false}, toasts, and retries the same request', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor, calls, save, emitted, snap } = start();
    actor.send({ type: 'download.start', ...request });
    calls[0].answer.reject(new Error('500'));
    await flush();
    expect(connectFileDownload(snap()).failed).toBe(true);
    expect(log).toHaveBeenCalledWith('Error downloading the file', expect.any(Error));
    expect(connectFileDownload(snap()).result).toEqual({ pending: false, success: false });
    expect(emitted).toEqual([{ type: 'toast.show', severity: 'error', message: DOWNLOAD_MESSAGES.failed }]);
    expect(save).not.toHaveBeenCalled();

    actor.send({ type: 'download.retry' });
    expect(connectFileDownload(snap()).downloading).toBe(true);
    expect(connectFileDownload(snap()).fraction).toBeNull(); // progress starts over
    expect(calls).toHaveLength(2);
    expect(calls[1].request).toEqual(request);
    calls[1].answer.resolve(new Blob(['ok']));
    await flush();
    expect(snap().value).toBe('idle');
    expect(connectFileDownload(snap()).result).toEqual({ pending: false, success: true });
  });

  it('dismisses a failure back to idle, and a new start from failed takes the new request', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { actor, calls, snap } = start();
    actor.send({ type: 'download.start', ...request });
    calls[0].answer.reject(new Error('net'));
    await flush();
    actor.send({ type: 'download.dismiss' });
    expect(snap().value).toBe('idle');
    actor.send({ type: 'download.start', ...request });
    calls[1].answer.reject(new Error('net'));
    await flush();
    actor.send({ type: 'download.start', url: '/archived/excel/', fileName: 'archived.xlsx' });
    expect(calls[2].request).toEqual({ url: '/archived/excel/', params: undefined, fileName: 'archived.xlsx' });
  });

  it('retry does nothing unless failed', () => {
    const { actor, calls, snap } = start();
    actor.send({ type: 'download.retry' });
    expect(snap().value).toBe('idle');
    expect(calls).toHaveLength(0);
  });

  it('stopping aborts the request and a late answer is neither saved nor reported', async () => {
    const { actor, calls, save } = start();
    actor.send({ type: 'download.start', ...request });
    actor.stop();
    expect(calls[0].signal.aborted).toBe(true);
    calls[0].answer.resolve(new Blob(['late']));
    await flush();
    expect(save).not.toHaveBeenCalled();
  });
});
