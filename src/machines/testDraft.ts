// The test editor's draft: the form as typed (numbers as strings), the conversion to and from the contract's
// shapes, validation issues keyed by path ("questions.2.options"), and what tells two drafts apart. Beside it:
// the edits on it (testDraft.edits.ts), the localStorage copy that survives a reload (testDraft.storage.ts) and
// the score a student would get in the preview (testDraft.score.ts).
import type { z } from 'zod';
import { testBody, type TEST_KINDS, type TestDetail } from '../../contract/placementTests';

export type TestKind = (typeof TEST_KINDS)[number];
export type DraftOption = { key: string; text: string; is_correct: boolean };
export type DraftQuestion = { key: string; text: string; points: string; options: DraftOption[] };
export type TestSettings = { title: string; kind: TestKind; subject: number | null; level: number | null; duration: string };
export type TestDraft = TestSettings & { questions: DraftQuestion[] };

/** A validation message: an i18n key or text (server), or a zod issue whose limits fill `{{min}}`/`{{max}}`. */
export type Issue = { message: string; code?: string; minimum?: number; maximum?: number };
/** Issues by dotted path: "title", "questions", "questions.0.options", "questions.0.options.1.text". */
export type IssuesByPath = Record<string, Issue[]>;

export const DEFAULT_DURATION = '30';

// Stable keys for React lists and drag and drop; never sent to the server.
let keySeq = 0;
export const newKey = (prefix: string) => `${prefix}${(++keySeq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export const emptyOption = (): DraftOption => ({ key: newKey('o'), text: '', is_correct: false });
export const emptyQuestion = (): DraftQuestion => ({ key: newKey('q'), text: '', points: '1', options: [emptyOption(), emptyOption()] });

export function emptyDraft(): TestDraft {
  return { title: '', kind: 'placement', subject: null, level: null, duration: DEFAULT_DURATION, questions: [emptyQuestion()] };
}

export function draftFromDetail(detail: TestDetail): TestDraft {
  return {
    title: detail.title,
    kind: detail.kind,
    subject: detail.subject.id,
    level: detail.level?.id ?? null,
    duration: String(detail.duration_minutes),
    questions: [...detail.questions]
      .sort((a, b) => a.position - b.position)
      .map((q) => ({
        key: newKey('q'),
        text: q.text,
        points: String(q.points),
        options: q.options.map((o) => ({ key: newKey('o'), text: o.text, is_correct: o.is_correct })),
      })),
  };
}

/** "" → undefined (the schema says "required" or applies its default); anything else as a number (NaN fails). */
export const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The body as the contract expects it, before validation. */
export function draftToBody(draft: TestDraft, filial: number | null): Record<string, unknown> {
  return {
    filial: filial ?? undefined,
    title: draft.title,
    kind: draft.kind,
    subject: draft.subject ?? undefined,
    level: draft.level,
    duration_minutes: numberOf(draft.duration),
    questions: draft.questions.map((q) => ({
      text: q.text,
      points: numberOf(q.points),
      options: q.options.map((o) => ({ text: o.text, is_correct: o.is_correct })),
    })),
  };
}

/** Issues of zod's parse, keyed by path; min/max kept so the view can fill them into translated messages. */
export function issuesFromZod(issues: readonly z.core.$ZodIssue[]): IssuesByPath {
  const out: IssuesByPath = {};
  for (const issue of issues) {
    const path = issue.path.map(String).join('.') || 'non_field_errors';
    const limits = issue as { minimum?: unknown; maximum?: unknown };
    (out[path] ??= []).push({
      message: issue.message,
      code: issue.code,
      minimum: limits.minimum === undefined ? undefined : Number(limits.minimum),
      maximum: limits.maximum === undefined ? undefined : Number(limits.maximum),
    });
  }
  return out;
}

/** A server 400 `{field: [messages]}` (fields named by the same dotted paths) as issues. */
export function issuesFromServer(fields: Record<string, string[]>): IssuesByPath {
  return Object.fromEntries(Object.entries(fields).map(([path, messages]) => [path, messages.map((message) => ({ message }))]));
}

export type Validation = { ok: true; body: z.output<typeof testBody> } | { ok: false; issues: IssuesByPath };

/** Validates the draft with the contract schema, exactly as the server will. */
export function validateDraft(draft: TestDraft, filial: number | null): Validation {
  const result = testBody.safeParse(draftToBody(draft, filial));
  return result.success ? { ok: true, body: result.data } : { ok: false, issues: issuesFromZod(result.error.issues) };
}

const fingerprints = new WeakMap<TestDraft, string>();

/** What the draft says, without the list keys: two drafts with the same fingerprint save the same test. */
export function fingerprint(draft: TestDraft): string {
  let value = fingerprints.get(draft);
  if (value === undefined) {
    value = JSON.stringify([
      draft.title,
      draft.kind,
      draft.subject,
      draft.level,
      draft.duration,
      draft.questions.map((q) => [q.text, q.points, q.options.map((o) => [o.text, o.is_correct])]),
    ]);
    fingerprints.set(draft, value);
  }
  return value;
}
