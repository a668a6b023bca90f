// Subjects: shared by every branch; a name is unique among active subjects (case-insensitive, a database index).
import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogueMsg, type Subject, type SubjectCreate, type SubjectUpdate, type subjectsNoPgQuery } from '../../../contract/catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { subjectLevels, subjects } from '../../db/schema';
import { notFound, fieldError } from '../core/errors';
import { audit, auditBy } from '../audit/record';
import { archiveAction, containsPattern, isUniqueViolation, type Actor } from './common';
import { pageOffset, toPage, type Page, type PageRequest } from './paging';

// Correlated counts name their tables explicitly: drizzle leaves columns of a one-table select unqualified.
const columns = {
  id: subjects.id,
  name: subjects.name,
  is_archived: subjects.isArchived,
  levels_count: sql<number>`(select count(*)::int from ${subjectLevels} l where l.subject_id = ${subjects}.id and not l.is_archived)`,
};

type SubjectFilter = z.output<typeof subjectsNoPgQuery>;

function filterOf(query: SubjectFilter): SQL | undefined {
  return and(eq(subjects.isArchived, query.is_archived), query.q ? ilike(subjects.name, containsPattern(query.q)) : undefined);
}

const byName = [asc(sql`lower(${subjects.name})`), asc(subjects.id)];

export async function listSubjects(db: Db, query: SubjectFilter & PageRequest, url: string): Promise<Page<Subject>> {
  const where = filterOf(query);
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(subjects).where(where),
    db.select(columns).from(subjects).where(where).orderBy(...byName).limit(query.page_size).offset(pageOffset(query)),
  ]);
  return toPage(url, query, n, rows);
}

export async function listSubjectsNoPg(db: Db, query: SubjectFilter): Promise<Subject[]> {
  return db.select(columns).from(subjects).where(filterOf(query)).orderBy(...byName);
}

export async function getSubject(db: DbOrTx, id: number): Promise<Subject> {
  const [row] = await db.select(columns).from(subjects).where(eq(subjects.id, id));
  if (!row) throw notFound('Subject not found');
  return row;
}

/** Locks a subject row: every write to its levels takes this lock first. Undefined when there is none. */
export async function lockSubject(tx: DbOrTx, id: number) {
  const [row] = await tx.select({ id: subjects.id, isArchived: subjects.isArchived }).from(subjects).where(eq(subjects.id, id)).for('update');
  return row;
}

/** Runs a write whose only unique constraint is the active-name index; a clash is a 400 on `name`. */
async function nameUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw fieldError('name', catalogueMsg.nameTaken);
    throw err;
  }
}

export async function createSubject(db: Db, actor: Actor, input: SubjectCreate): Promise<Subject> {
  return nameUnique(() =>
    db.transaction(async (tx) => {
      const [{ id }] = await tx.insert(subjects).values({ name: input.name }).returning({ id: subjects.id });
      const created = await getSubject(tx, id);
      await audit(tx, { actorId: actor.user.id, action: 'subject.create', entity: 'subject', entityId: id, after: created, ip: actor.ip });
      return created;
    }),
  );
}

export async function updateSubject(db: Db, actor: Actor, id: number, input: SubjectUpdate): Promise<Subject> {
  return nameUnique(() =>
    db.transaction(async (tx) => {
      const [locked] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, id)).for('update');
      if (!locked) throw notFound('Subject not found');
      const before = await getSubject(tx, id);
      const changes = { name: input.name, isArchived: input.is_archived };
      if (Object.values(changes).some((v) => v !== undefined)) await tx.update(subjects).set(changes).where(eq(subjects.id, id));
      const after = await getSubject(tx, id);
      await auditBy(tx, actor, {
        action: archiveAction('subject', before.is_archived, after.is_archived),
        entity: 'subject',
        entityId: id,
        before,
        after,
      });
      return after;
    }),
  );
}

