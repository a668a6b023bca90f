// Imports with a preview (issue 18 §1): the upload (POST /import/{kind}/, multipart), commit and undo, the history.
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { importBatch, importPreview, type ImportBatch, type ImportKind, type ImportMapping, type ImportPreview } from '../../contract/imports';
import type { SessionActorRef } from '../machines/session';
import { api, createHttpClient } from './http';
import { idempotencyHeaders } from './idempotency';
import { queryClient } from './queryClient';

export const importsKey = ['control', 'imports'] as const;

export function useImportHistory() {
  return useQuery({ queryKey: importsKey, queryFn: () => api.get('/import/', { schema: z.array(importBatch) }) });
}

const refreshed = async <T>(write: Promise<T>): Promise<T> => {
  const result = await write;
  await queryClient.invalidateQueries({ queryKey: importsKey });
  return result;
};

export function uploadImport(kind: ImportKind, file: File, mapping: ImportMapping | null, options: { session: SessionActorRef; signal?: AbortSignal }): Promise<ImportPreview> {
  const client = createHttpClient({ session: () => options.session, fetch: (input, init) => globalThis.fetch(input, { ...init, signal: options.signal }) });
  const form = new FormData();
  form.append('file', file);
  if (mapping) form.append('mapping', JSON.stringify(mapping));
  return refreshed(client.post(`/import/${kind}/`, form, { schema: importPreview }));
}

export const commitImport = (id: number): Promise<ImportBatch> => refreshed(api.post(`/import/${id}/commit/`, {}, { schema: importBatch }));
export const undoImport = (id: number, key: string): Promise<ImportBatch> => refreshed(api.post(`/import/${id}/undo/`, {}, { schema: importBatch, headers: idempotencyHeaders(key) }));
