// The test editor's draft: the form as typed (numbers as strings), pure edits on it, the conversion to and from
// the contract's shapes, validation issues keyed by path ("questions.2.options"), the localStorage copy that
// survives a reload, and the score a student would get (the preview).
import { z } from 'zod';
import { moveItem } from '../lib/order';
import { MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS, TEST_KINDS, testBody, type TestDetail } from '../../contract/placementTests';

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
const newKey = (prefix: string) => `${prefix}${(++keySeq).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

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
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

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

// ------------------------------------------------------------------------------------------------------ edits

export type DraftEdit =
  | { type: 'settings.change'; patch: Partial<TestSettings> }
  | { type: 'question.add'; after?: number }
  | { type: 'question.remove'; index: number }
  | { type: 'question.duplicate'; index: number }
  | { type: 'question.move'; from: number; to: number }
  | { type: 'question.change'; index: number; patch: Partial<Pick<DraftQuestion, 'text' | 'points'>> }
  | { type: 'option.add'; question: number }
  | { type: 'option.remove'; question: number; option: number }
  | { type: 'option.change'; question: number; option: number; patch: Partial<Pick<DraftOption, 'text' | 'is_correct'>> };

export const DRAFT_EDITS = [
  'settings.change',
  'question.add',
  'question.remove',
  'question.duplicate',
  'question.move',
  'question.change',
  'option.add',
  'option.remove',
  'option.change',
] as const satisfies readonly DraftEdit['type'][];

const inRange = (list: readonly unknown[], index: number) => Number.isInteger(index) && index >= 0 && index < list.length;

function replaceAt<T>(list: readonly T[], index: number, update: (item: T) => T): T[] {
  return list.map((item, i) => (i === index ? update(item) : item));
}


function editOptions(draft: TestDraft, question: number, update: (options: DraftOption[]) => DraftOption[]): TestDraft {
  if (!inRange(draft.questions, question)) return draft;
  return { ...draft, questions: replaceAt(draft.questions, question, (q) => ({ ...q, options: update(q.options) })) };
}

/**
 * One edit applied to the draft. Edits that would break the contract's counts (a third of 100 questions, fewer
 * than 2 or more than 6 options, the last question) or name a missing index return the draft unchanged.
 */
export function applyEdit(draft: TestDraft, edit: DraftEdit): TestDraft {
  const { questions } = draft;
  switch (edit.type) {
    case 'settings.change': {
      const next = { ...draft, ...edit.patch };
      // A level belongs to one subject.
      if (edit.patch.subject !== undefined && edit.patch.subject !== draft.subject && edit.patch.level === undefined) next.level = null;
      return next;
    }
    case 'question.add': {
      if (questions.length >= MAX_QUESTIONS) return draft;
      const at = edit.after === undefined || !inRange(questions, edit.after) ? questions.length : edit.after + 1;
      return { ...draft, questions: [...questions.slice(0, at), emptyQuestion(), ...questions.slice(at)] };
    }
    case 'question.remove':
      if (!inRange(questions, edit.index) || questions.length <= 1) return draft;
      return { ...draft, questions: questions.filter((_, i) => i !== edit.index) };
    case 'question.duplicate': {
      if (!inRange(questions, edit.index) || questions.length >= MAX_QUESTIONS) return draft;
      const source = questions[edit.index];
      const copy: DraftQuestion = { ...source, key: newKey('q'), options: source.options.map((o) => ({ ...o, key: newKey('o') })) };
      return { ...draft, questions: [...questions.slice(0, edit.index + 1), copy, ...questions.slice(edit.index + 1)] };
    }
    case 'question.move':
      if (!inRange(questions, edit.from) || !inRange(questions, edit.to) || edit.from === edit.to) return draft;
      return { ...draft, questions: moveItem(questions, edit.from, edit.to) };
    case 'question.change':
      if (!inRange(questions, edit.index)) return draft;
      return { ...draft, questions: replaceAt(questions, edit.index, (q) => ({ ...q, ...edit.patch })) };
    case 'option.add':
      return editOptions(draft, edit.question, (options) => (options.length >= MAX_OPTIONS ? options : [...options, emptyOption()]));
    case 'option.remove':
      return editOptions(draft, edit.question, (options) =>
        options.length <= MIN_OPTIONS || !inRange(options, edit.option) ? options : options.filter((_, i) => i !== edit.option),
      );
    case 'option.change':
      return editOptions(draft, edit.question, (options) =>
        inRange(options, edit.option) ? replaceAt(options, edit.option, (o) => ({ ...o, ...edit.patch })) : options,
      );
  }
}

// ------------------------------------------------------------------------------------------- dirty tracking

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

// ---------------------------------------------------------------------------------------- the stored draft

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

// ------------------------------------------------------------------------------------------------ preview

/** Radio when exactly one option is correct, checkboxes when several are (the student is told to pick all). */
export const answerMode = (question: Pick<DraftQuestion, 'options'>): 'single' | 'multiple' =>
  question.options.filter((o) => o.is_correct).length > 1 ? 'multiple' : 'single';

/** Points of a question as the server will count them (the schema's default of 1 for an empty field). */
export function questionPoints(question: Pick<DraftQuestion, 'points'>): number {
  const n = numberOf(question.points);
  return n === undefined ? 1 : Number.isInteger(n) && n > 0 ? n : 0;
}

export type QuestionScore = { earned: number; points: number; correct: boolean };

/**
 * A sitting scored locally: a question earns its points only when the chosen options are exactly its correct
 * ones. `answers[i]` holds the indexes chosen for question i, as POST /tests/{id}/results/ takes them.
 */
export function scoreSitting(questions: readonly Pick<DraftQuestion, 'points' | 'options'>[], answers: readonly (readonly number[])[]) {
  const perQuestion: QuestionScore[] = questions.map((q, i) => {
    const chosen = new Set(answers[i] ?? []);
    const correctIndexes = q.options.flatMap((o, j) => (o.is_correct ? [j] : []));
    const correct = correctIndexes.length > 0 && chosen.size === correctIndexes.length && correctIndexes.every((j) => chosen.has(j));
    const points = questionPoints(q);
    return { earned: correct ? points : 0, points, correct };
  });
  return {
    perQuestion,
    score: perQuestion.reduce((sum, q) => sum + q.earned, 0),
    maxScore: perQuestion.reduce((sum, q) => sum + q.points, 0),
  };
}
