// The test editor's pure rules: its address, why a load or save failed, whether the draft differs from the saved
// test, which draft a reopened test shows (its kept copy, when that differs), the draft's issues, and the toasts.
import { ApiError } from '../api/errors';
import { fingerprint, validateDraft, type IssuesByPath, type TestDraft } from './testDraft';
import type { ToastRequest } from './toast';

export const TEST_CREATE_PATH = '/edu/test/create';
export const testPath = (id: number | null) => (id === null ? TEST_CREATE_PATH : `${TEST_CREATE_PATH}?id=${id}`);

/** Why a load or save failed; `conflict` is a test students have already taken (the server keeps it as it is). */
export type EditorFailure = { kind: 'network' | 'notFound' | 'forbidden' | 'conflict' | 'server'; detail?: string };

export function classifyFailure(error: unknown): EditorFailure {
  if (!(error instanceof ApiError) || error.status === 0) return { kind: 'network' };
  if (error.status === 404) return { kind: 'notFound', detail: error.detail };
  if (error.status === 403) return { kind: 'forbidden', detail: error.detail };
  if (error.status === 409) return { kind: 'conflict', detail: error.detail };
  return { kind: 'server', detail: error.detail };
}

/** The fields a 400 names, or null for any other failure. */
export const serverFields = (error: unknown) => (error instanceof ApiError && error.status === 400 && error.fields ? error.fields : null);

export const isDirty = (context: { draft: TestDraft; saved: TestDraft }) => fingerprint(context.draft) !== fingerprint(context.saved);

/** The draft a test opens with: its kept copy when that differs from the saved test (`restored`), else the test. */
export function openedDraft(saved: TestDraft, kept: TestDraft | null): { draft: TestDraft; restored: boolean } {
  const restored = kept !== null && fingerprint(kept) !== fingerprint(saved);
  return { draft: restored && kept ? kept : saved, restored };
}

/** The draft's issues against the contract (none when it is valid). */
export function draftIssues(draft: TestDraft, filial: number | null): IssuesByPath {
  const result = validateDraft(draft, filial);
  return result.ok ? {} : result.issues;
}

export const SAVED_TOAST: ToastRequest = { type: 'toast.show', severity: 'success', message: 'tests.toast.saved' };
export const INVALID_TOAST: ToastRequest = { type: 'toast.show', severity: 'error', message: 'tests.toast.invalid' };
export const FAILED_TOAST: ToastRequest = { type: 'toast.show', severity: 'error', message: 'tests.toast.saveFailed' };
