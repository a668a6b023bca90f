import { describe, expect, it } from 'vitest';
import { draftToBody, emptyDraft, fingerprint, issuesFromServer, validateDraft, type TestDraft } from '../../../src/machines/testDraft';
import { applyEdit } from '../../../src/machines/testDraft.edits';
import { answerMode, scoreSitting } from '../../../src/machines/testDraft.score';
import { readStoredDraft, writeStoredDraft } from '../../../src/machines/testDraft.storage';
import { moveItem } from '../../../src/lib/order';
import { MemoryStorage } from '../support/fakes';

function question(text: string, points: string, correct: boolean[]) {
  return { key: text, text, points, options: correct.map((is_correct, i) => ({ key: `${text}${i}`, text: `v${i}`, is_correct })) };
}

function draft(overrides: Partial<TestDraft> = {}): TestDraft {
  return { title: 'T', kind: 'progress', subject: 1, level: 2, duration: '45', questions: [question('a', '2', [true, false])], ...overrides };
}

describe('test draft', () => {
  it('converts typed numbers: empty points take the default of 1, empty duration is required, junk is refused', () => {
    expect(draftToBody(draft({ duration: '' }), 1)).toMatchObject({ duration_minutes: undefined });
    const ok = validateDraft(draft({ questions: [question('a', '', [true, false])] }), 1);
    expect(ok.ok && ok.body.questions[0].points).toBe(1);
    const bad = validateDraft(draft({ duration: 'abc', questions: [question('a', '1.5', [true, false])] }), 1);
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.issues).sort()).toEqual(['duration_minutes', 'questions.0.points']);
  });

  it('keeps the limits of an issue so the message can name them', () => {
    const result = validateDraft(draft({ duration: '601' }), 1);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.duration_minutes[0]).toMatchObject({ code: 'too_big', maximum: 600 });
  });

  it('server field messages become issues on the same paths', () => {
    expect(issuesFromServer({ 'questions.1.text': ['Majburiy maydon'] })).toEqual({ 'questions.1.text': [{ message: 'Majburiy maydon' }] });
  });

  it('a new subject forgets the level unless one is given with it', () => {
    expect(applyEdit(draft(), { type: 'settings.change', patch: { subject: 5 } }).level).toBeNull();
    expect(applyEdit(draft(), { type: 'settings.change', patch: { subject: 5, level: 9 } }).level).toBe(9);
    expect(applyEdit(draft(), { type: 'settings.change', patch: { title: 'x' } }).level).toBe(2);
  });

  it('duplicates a question with new keys and inserts after it', () => {
    const next = applyEdit(draft({ questions: [question('a', '1', [true, false]), question('b', '1', [false, true])] }), { type: 'question.duplicate', index: 0 });
    expect(next.questions.map((q) => q.text)).toEqual(['a', 'a', 'b']);
    expect(next.questions[1].key).not.toBe(next.questions[0].key);
    expect(next.questions[1].options[0].key).not.toBe(next.questions[0].options[0].key);
  });

  it('ignores edits naming missing indexes', () => {
    const d = draft();
    expect(applyEdit(d, { type: 'question.move', from: 0, to: 3 })).toBe(d);
    expect(applyEdit(d, { type: 'option.change', question: 4, option: 0, patch: { text: 'x' } })).toBe(d);
    expect(applyEdit(d, { type: 'question.change', index: -1, patch: { text: 'x' } })).toBe(d);
  });

  it('moves items', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('fingerprints ignore list keys', () => {
    const a = draft();
    const b = { ...a, questions: a.questions.map((q) => ({ ...q, key: 'other' })) };
    expect(fingerprint(a)).toBe(fingerprint(b));
    expect(fingerprint(a)).not.toBe(fingerprint({ ...a, title: 'U' }));
  });

  it('stored drafts round-trip; unreadable ones are dropped', () => {
    const storage = new MemoryStorage();
    writeStoredDraft(storage, 4, draft());
    expect(readStoredDraft(storage, 4)).toEqual(draft());
    expect(readStoredDraft(storage, null)).toBeNull();
    storage.setItem('testDraft:new', '{"draft": 1}');
    expect(readStoredDraft(storage, null)).toBeNull();
    expect(storage.getItem('testDraft:new')).toBeNull();
  });

  it('a full storage does not break editing', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(() => writeStoredDraft(storage, null, emptyDraft())).not.toThrow();
  });

  it('asks for one answer or for all correct ones', () => {
    expect(answerMode(question('a', '1', [true, false]))).toBe('single');
    expect(answerMode(question('a', '1', [true, true, false]))).toBe('multiple');
  });

  it('scores a sitting: only exactly the correct options earn the points', () => {
    const questions = [question('a', '2', [true, false]), question('b', '3', [true, true, false]), question('c', '', [false, true]), question('d', '1', [false, false])];
    const result = scoreSitting(questions, [[0], [0], [1], []]);
    expect(result.perQuestion.map((q) => q.correct)).toEqual([true, false, true, false]);
    expect(result.score).toBe(2 + 0 + 1);
    expect(result.maxScore).toBe(2 + 3 + 1 + 1);
    expect(scoreSitting(questions, [[0], [1, 0], [1]]).score).toBe(6);
    expect(scoreSitting(questions, [[0, 1]]).score).toBe(0);
  });
});
