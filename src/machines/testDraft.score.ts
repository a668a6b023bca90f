// The preview's scoring: how a question is answered and what a sitting earns, as the server counts it.
import { numberOf, type DraftQuestion } from './testDraft';

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
