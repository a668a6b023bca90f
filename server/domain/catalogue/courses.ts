// Courses: a subject and one of its levels at a monthly price, offered by one branch. Branch-owned: lists show
// the user's branches only, another branch's course answers 404, and a course stays in its branch for life
// (its groups, charges and payments belong to that branch).
import { and, asc, count, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  catalogueMsg,
  type Course,
  type CourseCreate,
  type CoursePatch,
  type coursesNoPgQuery,
} from '../../../contract/catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { courses, filials, groups, subjectLevels, subjects } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound, fieldError } from '../core/errors';
import { auditBy } from '../audit/record';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';
import { assertOwnBranch } from './branch';
import { archiveAction, containsPattern, type Actor } from './common';
import { pageOffset, toPage, type Page, type PageRequest } from './paging';

const columns = {
  id: courses.id,
  filial: courses.filialId,
  filial_name: filials.name,
  subject: courses.subjectId,
  subject_name: subjects.name,
  level: courses.levelId,
  level_name: subjectLevels.name,
  name: courses.name,
  price: courses.price,
  lessons_per_month: courses.lessonsPerMonth,
  duration_months: courses.durationMonths,
  is_archived: courses.isArchived,
  groups_count: sql<number>`(select count(*)::int from ${groups} g where g.course_id = ${courses}.id and g.status <> 'archived')`,
};

const selectCourses = (db: DbOrTx) =>
  db
    .select(columns)
    .from(courses)
    .innerJoin(filials, eq(filials.id, courses.filialId))
    .innerJoin(subjects, eq(subjects.id, courses.subjectId))
    .innerJoin(subjectLevels, eq(subjectLevels.id, courses.levelId));

const inOrder = [asc(sql`lower(${subjects.name})`), asc(subjectLevels.position), asc(courses.filialId), asc(courses.name), asc(courses.id)];

type CourseFilter = z.output<typeof coursesNoPgQuery>;

function filterOf(user: AuthUser, query: CourseFilter): SQL | undefined {
  const scope = resolveFilial(user, query.filial);
  const where: SQL[] = [eq(courses.isArchived, query.is_archived)];
  if (scope !== 'all') where.push(inArray(courses.filialId, scope));
  if (query.subject) where.push(eq(courses.subjectId, query.subject));
  if (query.level) where.push(eq(courses.levelId, query.level));
  if (query.q) where.push(ilike(courses.name, containsPattern(query.q)));
  return and(...where);
}

export async function listCourses(db: Db, user: AuthUser, query: CourseFilter & PageRequest, url: string): Promise<Page<Course>> {
  const where = filterOf(user, query);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(courses).where(where),
    selectCourses(db).where(where).orderBy(...inOrder).limit(query.page_size).offset(pageOffset(query)),
  ]);
  return toPage(url, query, n, rows);
}

export async function listCoursesNoPg(db: Db, user: AuthUser, query: CourseFilter): Promise<Course[]> {
  return selectCourses(db).where(filterOf(user, query)).orderBy(...inOrder);
}

export async function getCourse(db: DbOrTx, user: AuthUser, id: number): Promise<Course> {
  const [row] = await selectCourses(db).where(eq(courses.id, id));
  if (!row || !inScope(allowedFilials(user), row.filial)) throw notFound('Course not found');
  return row;
}

/** 400 unless the subject and the level are active and the level is one of the subject's. */
async function assertSubjectLevel(tx: DbOrTx, subjectId: number, levelId: number) {
  const [subject] = await tx.select({ isArchived: subjects.isArchived }).from(subjects).where(eq(subjects.id, subjectId));
  if (!subject) throw fieldError('subject', catalogueMsg.notFound);
  if (subject.isArchived) throw fieldError('subject', catalogueMsg.archived);
  const [level] = await tx
    .select({ subjectId: subjectLevels.subjectId, isArchived: subjectLevels.isArchived })
    .from(subjectLevels)
    .where(eq(subjectLevels.id, levelId));
  if (!level) throw fieldError('level', catalogueMsg.notFound);
  if (level.subjectId !== subjectId) throw fieldError('level', catalogueMsg.levelNotInSubject);
  if (level.isArchived) throw fieldError('level', catalogueMsg.archived);
}

export async function createCourse(db: Db, actor: Actor, input: CourseCreate): Promise<Course> {
  return db.transaction(async (tx) => {
    await assertOwnBranch(tx, actor.user, input.filial);
    await assertSubjectLevel(tx, input.subject, input.level);
    const [{ id }] = await tx
      .insert(courses)
      .values({
        filialId: input.filial,
        subjectId: input.subject,
        levelId: input.level,
        name: input.name,
        price: input.price,
        lessonsPerMonth: input.lessons_per_month,
        durationMonths: input.duration_months,
      })
      .returning({ id: courses.id });
    const created = await getCourse(tx, actor.user, id);
    await auditBy(tx, actor, {
      action: 'course.create',
      entity: 'course',
      entityId: id,
      filialId: input.filial,
      after: created,
    });
    return created;
  });
}

/** PUT (every field) and PATCH (any of them): rename, reprice, move to another subject or level, archive. */
export async function updateCourse(db: Db, actor: Actor, id: number, input: CoursePatch): Promise<Course> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ filialId: courses.filialId }).from(courses).where(eq(courses.id, id)).for('update');
    if (!locked || !inScope(allowedFilials(actor.user), locked.filialId)) throw notFound('Course not found');
    if (input.filial !== undefined && input.filial !== locked.filialId) throw fieldError('filial', catalogueMsg.filialFixed);
    const before = await getCourse(tx, actor.user, id);
    const subjectId = input.subject ?? before.subject;
    const levelId = input.level ?? before.level;
    if (subjectId !== before.subject || levelId !== before.level) await assertSubjectLevel(tx, subjectId, levelId);
    await tx
      .update(courses)
      .set({
        subjectId,
        levelId,
        name: input.name,
        price: input.price,
        lessonsPerMonth: input.lessons_per_month,
        durationMonths: input.duration_months,
        isArchived: input.is_archived,
      })
      .where(eq(courses.id, id));
    const after = await getCourse(tx, actor.user, id);
    await auditBy(tx, actor, {
      action: archiveAction('course', before.is_archived, after.is_archived),
      entity: 'course',
      entityId: id,
      filialId: after.filial,
      before,
      after,
    });
    return after;
  });
}

