import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { IMPORT_MAX_BYTES, type ImportResult } from '../../../contract/catalogueImport';
import type { ImportOutcome } from '../../../src/api/catalogue';
import { ApiError } from '../../../src/api/errors';
import { catalogueImportMachine, checkImportFile, connectCatalogueImport, uploadLogic } from '../../../src/machines/catalogueImport';
import type { SessionActorRef } from '../../../src/machines/session';
import { deferred, flush, type Deferred } from '../support/fakes';

const xlsx = (name = 'catalogue.xlsx', size = 1200) => new File([new Uint8Array(size)], name);
const session = {} as SessionActorRef;
const created = { subjects: 1, levels: 2, themes: 5 };
const done: ImportResult = { created, rejected: [] };
const refused: ImportResult = { created: { subjects: 0, levels: 0, themes: 0 }, rejected: [{ row: 3, errors: { subject: ['Required'] } }] };

type Upload = { file: File; onProgress?: (f: number) => void; signal?: AbortSignal; answer: Deferred<ImportOutcome> };

/** A fake upload: each call waits until the test answers it; progress is reported through the real callback. */
function start() {
  const uploads: Upload[] = [];
  const upload = vi.fn((file: File, options: { onProgress?: (f: number) => void; signal?: AbortSignal }) => {
    const answer = deferred<ImportOutcome>();
    uploads.push({ file, onProgress: options.onProgress, signal: options.signal, answer });
    return answer.promise;
  });
  const actor = createActor(catalogueImportMachine.provide({ actors: { upload: uploadLogic(upload) } }), { input: { session } }).start();
  const emitted: unknown[] = [];
  actor.on('*', (e) => emitted.push(e));
  return { actor, uploads, upload, emitted, step: () => connectCatalogueImport(actor.getSnapshot()).step };
}

function pickAndSend(actor: ReturnType<typeof start>['actor'], file = xlsx()) {
  actor.send({ type: 'dialog.open' });
  actor.send({ type: 'file.choose', file });
  actor.send({ type: 'upload.start' });
}

describe('checkImportFile', () => {
  it('takes an .xlsx of up to 5 MB', () => {
    expect(checkImportFile({ name: 'a.xlsx', size: 10 })).toBeNull();
    expect(checkImportFile({ name: 'A.XLSX', size: IMPORT_MAX_BYTES })).toBeNull();
  });

  it('refuses other extensions, empty and too large files with the contract keys', () => {
    expect(checkImportFile({ name: 'a.xls', size: 10 })).toBe('validation.importFile');
    expect(checkImportFile({ name: 'xlsx', size: 10 })).toBe('validation.importFile');
    expect(checkImportFile({ name: 'a.xlsx', size: 0 })).toBe('validation.importEmpty');
    expect(checkImportFile({ name: 'a.xlsx', size: IMPORT_MAX_BYTES + 1 })).toBe('validation.importTooLarge');
  });
});

describe('catalogue import machine', () => {
  it('opens, takes a file, uploads with progress and ends done', async () => {
    const { actor, uploads, emitted, step } = start();
    expect(connectCatalogueImport(actor.getSnapshot()).open).toBe(false);
    actor.send({ type: 'upload.start' }); // closed: nothing happens
    expect(step()).toBe('idle');
    const file = xlsx();
    pickAndSend(actor, file);
    expect(step()).toBe('uploading');
    expect(uploads[0].file).toBe(file);
    uploads[0].onProgress?.(0.4);
    uploads[0].onProgress?.(0.3); // never goes back
    expect(actor.getSnapshot().context.progress).toBe(0.4);
    uploads[0].answer.resolve({ kind: 'done', result: done });
    await waitFor(actor, (s) => s.matches('done'));
    expect(actor.getSnapshot().context.result).toEqual(done);
    expect(emitted).toEqual([
      { type: 'catalogue.imported', created },
      { type: 'toast.show', severity: 'success', message: 'materials.import.doneToast', values: created },
    ]);
  });

  it('shows the rejected rows when the server took nothing', async () => {
    const { actor, uploads, emitted, step } = start();
    pickAndSend(actor);
    uploads[0].answer.resolve({ kind: 'rejected', result: refused });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(actor.getSnapshot().context.result?.rejected).toEqual(refused.rejected);
    expect(emitted).toEqual([]);
    actor.send({ type: 'file.choose', file: xlsx('fixed.xlsx') });
    expect(step()).toBe('picking');
    expect(actor.getSnapshot().context.file?.name).toBe('fixed.xlsx');
    expect(actor.getSnapshot().context.result).toBeNull();
  });

  it('will not upload without an acceptable file', () => {
    const { actor, upload, step } = start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'upload.start' });
    expect(step()).toBe('picking');
    actor.send({ type: 'file.choose', file: xlsx('notes.csv') });
    expect(actor.getSnapshot().context.fileError).toBe('validation.importFile');
    actor.send({ type: 'upload.start' });
    expect(step()).toBe('picking');
    expect(upload).not.toHaveBeenCalled();
    actor.send({ type: 'file.choose', file: xlsx() });
    expect(actor.getSnapshot().context.fileError).toBeNull();
  });

  it('goes back to picking with the server message when it refuses the file itself', async () => {
    const { actor, uploads, step } = start();
    pickAndSend(actor);
    uploads[0].answer.reject(new ApiError(400, undefined, { file: ['The first row must name the columns'] }));
    await waitFor(actor, (s) => s.matches('picking'));
    expect(actor.getSnapshot().context.fileError).toBe('The first row must name the columns');
    expect(actor.getSnapshot().context.file).toBeNull();
    expect(step()).toBe('picking');
  });

  it('fails on other errors and retries with the same file', async () => {
    const { actor, uploads, step } = start();
    const file = xlsx();
    pickAndSend(actor, file);
    uploads[0].answer.reject(new ApiError(0));
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.error).toBeInstanceOf(ApiError);
    actor.send({ type: 'upload.retry' });
    expect(step()).toBe('uploading');
    expect(uploads).toHaveLength(2);
    expect(uploads[1].file).toBe(file);
    expect(actor.getSnapshot().context.progress).toBe(0);
  });

  it('cancelling aborts the request and ignores its late answer', async () => {
    const { actor, uploads, step } = start();
    pickAndSend(actor);
    actor.send({ type: 'upload.cancel' });
    expect(step()).toBe('picking');
    expect(uploads[0].signal?.aborted).toBe(true);
    uploads[0].answer.resolve({ kind: 'done', result: done });
    await flush();
    expect(step()).toBe('picking');
  });

  it('cannot be closed while uploading; closes from the other steps and starts fresh next time', async () => {
    const { actor, uploads, step } = start();
    pickAndSend(actor);
    actor.send({ type: 'dialog.close' });
    expect(step()).toBe('uploading');
    uploads[0].answer.resolve({ kind: 'done', result: done });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'dialog.close' });
    expect(step()).toBe('idle');
    actor.send({ type: 'dialog.open' });
    expect(actor.getSnapshot().context).toMatchObject({ file: null, result: null, progress: 0, fileError: null });
  });

  it('import.again from done starts over', async () => {
    const { actor, uploads, step } = start();
    pickAndSend(actor);
    uploads[0].answer.resolve({ kind: 'done', result: done });
    await waitFor(actor, (s) => s.matches('done'));
    actor.send({ type: 'import.again' });
    expect(step()).toBe('picking');
    expect(actor.getSnapshot().context.file).toBeNull();
  });

  it('fails plainly when no session was given', async () => {
    const actor = createActor(catalogueImportMachine, { input: {} }).start();
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'file.choose', file: xlsx() });
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (s) => s.matches('failed'));
  });
});
