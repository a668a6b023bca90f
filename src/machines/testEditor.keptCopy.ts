// The kept copy of a test's draft (testDraft.storage.ts) as the editor opens, edits and saves: plain functions over
// the storage the editor was given, so the machine's actions only say when.
import { draftFromDetail, emptyDraft, type TestDraft } from './testDraft';
import { clearStoredDraft, readStoredDraft, writeStoredDraft, type DraftStorage } from './testDraft.storage';
import type { TestDetail } from '../../contract/placementTests';
import { isDirty, openedDraft } from './testEditor.rules';

/** A new test, or the kept copy of one begun before a reload. */
export function openNew(storage: DraftStorage) {
  const fresh = emptyDraft();
  const kept = readStoredDraft(storage, null);
  return { saved: fresh, draft: kept ?? fresh, restored: openedDraft(fresh, kept).restored };
}

/** A saved test, or its kept copy when that differs (a copy that says the same is dropped). */
export function openSaved(storage: DraftStorage, testId: number | null, detail: TestDetail) {
  const saved = draftFromDetail(detail);
  const kept = readStoredDraft(storage, testId);
  const { draft, restored } = openedDraft(saved, kept);
  if (kept && !restored) clearStoredDraft(storage, testId);
  return { saved, draft, restored };
}

/** Keeps the draft while it differs from the saved test; an edit that undoes every change drops the copy. */
export function keepCopy(storage: DraftStorage, testId: number | null, drafts: { draft: TestDraft; saved: TestDraft }): void {
  if (isDirty(drafts)) writeStoredDraft(storage, testId, drafts.draft);
  else clearStoredDraft(storage, testId);
}
