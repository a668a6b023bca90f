// Placement and progress tests (the /edu/test/create screen, page key `test`): a test belongs to a branch and
// holds its questions in order; a sitting is scored here on the server. A question earns its points only
// when the chosen options are exactly its correct ones. A test that has been sat keeps its questions (PUT is
// a 409; archive it and make a new one), so old scores stay meaningful.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogueMsg } from '../../../contract/catalogue';
import type { TestDetail, TestListItem, TestResult, testBody, testsQuery } from '../../../contract/placementTests';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { subjectLevels, subjects, testQuestions, testResults, tests, type TestOption } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { conflict, notFound, fieldMessages, type Message } from '../core/errors';
import { audit } from '../audit/record';
import { assertOwnBranch } from '../catalogue/branch';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { type Actor, fieldError } from '../lessons/access';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';
import { findStudent } from '../students/students';

export type ScoredQuestion = { points: number; options: readonly Pick<TestOption, 'is_correct'>[] };

/** Problems with a sitting's answers, by field path (`answers`, `answers.3`); empty when they fit the test. */
export function answerProblems(
  questions: readonly ScoredQuestion[],
  answers: readonly (readonly number[])[],
): Record<string, Message[]> {
  if (answers.length !== questions.length) {
    return { answers: [{ key: 'validation.answersCount', params: { expected: questions.length, given: answers.length } }] };
  }
  const problems: Record<string, Message[]> = {};
  answers.forEach((chosen, i) => {
    const options = questions[i].options.length;
    if (chosen.some((o) => o >= options)) problems[`answers.${i}`] = [{ key: 'validation.answerOptions', params: { question: i + 1, options } }];
    else if (new Set(chosen).size !== chosen.length) problems[`answers.${i}`] = [{ key: catalogueMsg.duplicateIds }];
  });
  return problems;
}

/** Score and maximum of a sitting whose answers fit the test (see answerProblems). */
export function scoreTest(questions: readonly ScoredQuestion[], answers: readonly (readonly number[])[]): { score: number; max_score: number } {
  let score = 0;
  let max = 0;
  questions.forEach((q, i) => {
    max += q.points;
    const correct = q.options.flatMap((o, index) => (o.is_correct ? [index] : []));
    const chosen = new Set(answers[i] ?? []);
    if (chosen.size === correct.length && correct.every((c) => chosen.has(c))) score += q.points;
  });
  return { score, max_score: max };
}

const listColumns = {
  id: tests.id,
  filial: tests.filialId,
  title: tests.title,
  kind: tests.kind,
  subjectId: subjects.id,
  subjectName: subjects.name,
  levelId: subjectLevels.id,
  levelName: subjectLevels.name,
  durationMinutes: tests.durationMinutes,
  isArchived: tests.isArchived,
  createdAt: tests.createdAt,
  questionCount: sql<number>`(select count(*) from ${testQuestions} where ${testQuestions.testId} = ${tests.id})::int`,
  maxScore: sql<number>`(select coalesce(sum(${testQuestions.points}), 0) from ${testQuestions} where ${testQuestions.testId} = ${tests.id})::int`,
};

function selectTests(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(tests)
    .innerJoin(subjects, eq(subjects.id, tests.subjectId))
    .leftJoin(subjectLevels, eq(subjectLevels.id, tests.levelId));
}

type TestRow = Awaited<ReturnType<ReturnType<typeof selectTests>['execute']>>[number];

function toItem(r: TestRow): TestListItem {
  return {
    id: r.id,
    filial: r.filial,
    title: r.title,
    kind: r.kind,
    subject: { id: r.subjectId, name: r.subjectName },
    level: r.levelId == null ? null : { id: r.levelId, name: r.levelName ?? '' },
    duration_minutes: r.durationMinutes,
    is_archived: r.isArchived,
    question_count: r.questionCount,
    max_score: r.maxScore,
    created_at: r.createdAt.toISOString(),
  };
}

/** GET /tests/: active tests unless is_archived is asked for, newest first. */
export async function listTests(db: Db, user: AuthUser, q: z.output<typeof testsQuery>, url: string): Promise<Page<TestListItem>> {
  const scope = resolveFilial(user, q.filial);
  const where = and(
    scope === 'all' ? undefined : inArray(tests.filialId, scope.length ? scope : [-1]),
    q.kind ? eq(tests.kind, q.kind) : undefined,
    q.subject ? eq(tests.subjectId, q.subject) : undefined,
    eq(tests.isArchived, q.is_archived ?? false),
  );
  const [{ n }] = await db.select({ n: count() }).from(tests).where(where);
  const rows = await selectTests(db).where(where).orderBy(desc(tests.createdAt), desc(tests.id)).limit(q.page_size).offset(pageOffset(q));
  return toPage(url, q, n, rows.map(toItem));
}

/** A test inside the user's branches, or 404. */
async function findTest(tx: DbOrTx, user: AuthUser, id: number, options: { forUpdate?: boolean } = {}): Promise<TestListItem> {
  if (options.forUpdate) await tx.select({ id: tests.id }).from(tests).where(eq(tests.id, id)).for('update');
  const [row] = await selectTests(tx).where(eq(tests.id, id));
  if (!row || !inScope(allowedFilials(user), row.filial)) throw notFound('Test not found');
  return toItem(row);
}

/** GET /tests/{id}/ */
export async function getTest(tx: DbOrTx, user: AuthUser, id: number): Promise<TestDetail> {
  const test = await findTest(tx, user, id);
  const questions = await tx
    .select({ id: testQuestions.id, position: testQuestions.position, text: testQuestions.text, points: testQuestions.points, options: testQuestions.options })
    .from(testQuestions)
    .where(eq(testQuestions.testId, id))
    .orderBy(asc(testQuestions.position));
  return { ...test, questions };
}

/** The subject must be active; the level, when given, an active level of that subject. */
async function assertSubjectAndLevel(tx: Tx, subjectId: number, levelId: number | null | undefined): Promise<void> {
  const [subject] = await tx.select({ id: subjects.id }).from(subjects).where(and(eq(subjects.id, subjectId), eq(subjects.isArchived, false)));
  if (!subject) throw fieldError('subject', 'validation.notFound');
  if (levelId == null) return;
  const [level] = await tx
    .select({ id: subjectLevels.id })
    .from(subjectLevels)
    .where(and(eq(subjectLevels.id, levelId), eq(subjectLevels.subjectId, subjectId), eq(subjectLevels.isArchived, false)));
  if (!level) throw fieldError('level', 'validation.levelNotInSubject');
}

async function writeQuestions(tx: Tx, testId: number, body: z.output<typeof testBody>): Promise<void> {
  await tx.insert(testQuestions).values(
    body.questions.map((q, i) => ({ testId, position: i + 1, text: q.text, points: q.points, options: q.options })),
  );
}

function summaryOf(body: z.output<typeof testBody>) {
  return {
    filial: body.filial,
    title: body.title,
    kind: body.kind,
    subject: body.subject,
    level: body.level ?? null,
    duration_minutes: body.duration_minutes,
    questions: body.questions.length,
    max_score: body.questions.reduce((sum, q) => sum + q.points, 0),
  };
}

/** The test's own columns from its body (created and replaced alike). */
function testColumns(body: z.output<typeof testBody>) {
  return {
    filialId: body.filial,
    title: body.title,
    kind: body.kind,
    subjectId: body.subject,
    levelId: body.level ?? null,
    durationMinutes: body.duration_minutes,
  };
}

/** POST /tests/ */
export async function createTest(db: Db, actor: Actor, body: z.output<typeof testBody>): Promise<TestDetail> {
  return db.transaction(async (tx) => {
    // In scope and existing: a director's scope is every branch, including ids that name none.
    await assertOwnBranch(tx, actor.user, body.filial);
    await assertSubjectAndLevel(tx, body.subject, body.level);
    const [row] = await tx
      .insert(tests)
      .values({ ...testColumns(body), createdBy: actor.user.id })
      .returning({ id: tests.id });
    await writeQuestions(tx, row.id, body);
    await audit(tx, { actorId: actor.user.id, action: 'test.create', entity: 'test', entityId: row.id, filialId: body.filial, after: summaryOf(body), ip: actor.ip });
    return getTest(tx, actor.user, row.id);
  });
}

/** PUT /tests/{id}/: replaces the fields and the questions of a test nobody has sat yet. */
export async function updateTest(db: Db, actor: Actor, id: number, body: z.output<typeof testBody>): Promise<TestDetail> {
  return db.transaction(async (tx) => {
    await assertOwnBranch(tx, actor.user, body.filial);
    const before = await findTest(tx, actor.user, id, { forUpdate: true });
    const [{ n }] = await tx.select({ n: count() }).from(testResults).where(eq(testResults.testId, id));
    if (n > 0) throw conflict('Students have taken this test; archive it and create a new one');
    await assertSubjectAndLevel(tx, body.subject, body.level);
    await tx
      .update(tests)
      .set(testColumns(body))
      .where(eq(tests.id, id));
    await tx.delete(testQuestions).where(eq(testQuestions.testId, id));
    await writeQuestions(tx, id, body);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'test.update',
      entity: 'test',
      entityId: id,
      filialId: body.filial,
      before: { title: before.title, kind: before.kind, filial: before.filial, questions: before.question_count, max_score: before.max_score },
      after: summaryOf(body),
      ip: actor.ip,
    });
    return getTest(tx, actor.user, id);
  });
}

/** PATCH /tests/{id}/ {is_archived} */
export async function setTestArchived(db: Db, actor: Actor, id: number, isArchived: boolean): Promise<TestDetail> {
  return db.transaction(async (tx) => {
    const before = await findTest(tx, actor.user, id, { forUpdate: true });
    await tx.update(tests).set({ isArchived }).where(eq(tests.id, id));
    await audit(tx, {
      actorId: actor.user.id,
      action: isArchived ? 'test.archive' : 'test.unarchive',
      entity: 'test',
      entityId: id,
      filialId: before.filial,
      before: { is_archived: before.is_archived },
      after: { is_archived: isArchived },
      ip: actor.ip,
    });
    return getTest(tx, actor.user, id);
  });
}

/** POST /tests/{id}/results/: scores a student's answers and stores the sitting. */
export async function submitTestResult(db: Db, actor: Actor, id: number, body: { student: number; answers: number[][] }): Promise<TestResult> {
  return db.transaction(async (tx) => {
    const test = await getTest(tx, actor.user, id);
    if (test.is_archived) throw conflict('The test is archived');
    const student = await findStudent(tx, actor.user, body.student);
    const problems = answerProblems(test.questions, body.answers);
    if (Object.keys(problems).length) throw fieldMessages(problems);
    const { score, max_score } = scoreTest(test.questions, body.answers);
    const [row] = await tx
      .insert(testResults)
      .values({ testId: id, studentId: student.id, score, maxScore: max_score, answers: body.answers, createdBy: actor.user.id })
      .returning({ id: testResults.id, createdAt: testResults.createdAt });
    await audit(tx, {
      actorId: actor.user.id,
      action: 'test.result',
      entity: 'test_result',
      entityId: row.id,
      filialId: test.filial,
      after: { test: id, student: student.id, score, max_score },
      ip: actor.ip,
    });
    return {
      id: row.id,
      test: { id, title: test.title, kind: test.kind },
      student: { id: student.id, full_name: student.full_name },
      score,
      max_score,
      created_at: row.createdAt.toISOString(),
    };
  });
}
