import { describe, expect, it } from 'vitest';
import { answerProblems, scoreTest, type ScoredQuestion } from '../../../server/domain/placementTests/placementTests';

const o = (is_correct: boolean) => ({ is_correct });
const questions: ScoredQuestion[] = [
  { points: 1, options: [o(true), o(false)] },
  { points: 3, options: [o(true), o(false), o(true)] },
  { points: 2, options: [o(false), o(false), o(false), o(true)] },
];

describe('scoreTest', () => {
  it('gives a question its points only for exactly its correct options, in any order', () => {
    expect(scoreTest(questions, [[0], [2, 0], [3]])).toEqual({ score: 6, max_score: 6 });
    expect(scoreTest(questions, [[0], [0], [3]])).toEqual({ score: 3, max_score: 6 });
    expect(scoreTest(questions, [[0, 1], [0, 1, 2], [3]])).toEqual({ score: 2, max_score: 6 });
  });
  it('scores unanswered questions as zero', () => {
    expect(scoreTest(questions, [[], [], []])).toEqual({ score: 0, max_score: 6 });
  });
});

describe('answerProblems', () => {
  it('needs one answer per question', () => {
    expect(answerProblems(questions, [[0]])).toEqual({ answers: [{ key: 'validation.answersCount', params: { expected: 3, given: 1 } }] });
  });
  it('names answers pointing past the options or repeating one', () => {
    expect(answerProblems(questions, [[2], [0, 0], [3]])).toEqual({
      'answers.0': [{ key: 'validation.answerOptions', params: { question: 1, options: 2 } }],
      'answers.1': [{ key: 'validation.duplicateIds' }],
    });
  });
  it('is empty for answers that fit', () => {
    expect(answerProblems(questions, [[], [0, 2], [3]])).toEqual({});
  });
});
