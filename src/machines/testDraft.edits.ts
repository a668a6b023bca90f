// The test editor's edits: every change the editor makes to a draft, as one pure function per event.
import { MAX_OPTIONS, MAX_QUESTIONS, MIN_OPTIONS } from '../../contract/placementTests';
import { moveItem } from '../lib/order';
import { emptyOption, emptyQuestion, newKey, type DraftOption, type DraftQuestion, type TestDraft, type TestSettings } from './testDraft';

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

/** The same transition for every kind of edit. */
export function onEveryEdit<T>(transition: T): Record<DraftEdit['type'], T> {
  return Object.fromEntries(DRAFT_EDITS.map((type) => [type, transition])) as Record<DraftEdit['type'], T>;
}
