// The draft kept in localStorage (keyed by the test id or "new") while it differs from the saved test, so a reload
// loses nothing; an unreadable copy is dropped.
import { z } from 'zod';
import { MAX_OPTIONS, MAX_QUESTIONS, TEST_KINDS } from '../../contract/placementTests';
import type { TestDraft } from './testDraft';

export const DRAFT_STORAGE_PREFIX = 'testDraft:';
export const draftStorageKey = (testId: number | null) => `${DRAFT_STORAGE_PREFIX}${testId ?? 'new'}`;

const storedOption = z.object({ key: z.string(), text: z.string(), is_correct: z.boolean() });
const storedDraft = z.object({
  title: z.string(),
  kind: z.enum(TEST_KINDS),
  subject: z.number().int().nullable(),
  level: z.number().int().nullable(),
  duration: z.string(),
  questions: z
    .array(z.object({ key: z.string(), text: z.string(), points: z.string(), options: z.array(storedOption).min(1).max(MAX_OPTIONS) }))
    .min(1)
    .max(MAX_QUESTIONS),
});
const storedEntry = z.object({ savedAt: z.string(), draft: storedDraft });

export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The draft kept for this test, or null when there is none or it is unreadable (then it is dropped). */
export function readStoredDraft(storage: DraftStorage, testId: number | null): TestDraft | null {
  const key = draftStorageKey(testId);
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    return storedEntry.parse(JSON.parse(raw)).draft;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

/** Keeps the draft; a full storage must not break typing, so failures are ignored (the draft is just not kept). */
export function writeStoredDraft(storage: DraftStorage, testId: number | null, draft: TestDraft, now = new Date()): void {
  try {
    storage.setItem(draftStorageKey(testId), JSON.stringify({ savedAt: now.toISOString(), draft }));
  } catch {
    // QuotaExceededError or storage disabled.
  }
}

export function clearStoredDraft(storage: DraftStorage, testId: number | null): void {
  try {
    storage.removeItem(draftStorageKey(testId));
  } catch {
    // Storage disabled.
  }
}
