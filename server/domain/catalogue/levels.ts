// Levels of a subject, in teaching order. Every write first locks the subject row, so writes to one subject's
// levels (create, rename, archive, reorder) run one after another and positions stay dense.
import { and, asc, eq, max, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogueMsg, type Level, type LevelCreate, type LevelsReorder, type LevelUpdate, type levelsQuery } from '../../../contract/catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { subjectLevels, subjects, themes } from '../../db/schema';
import { notFound, fieldError } from '../core/errors';
import { audit, auditBy } from '../audit/record';
import { archiveAction, type Actor } from './common';
import { lockSubject } from './subjects';
import { reorderChildren } from './ordering';
import { assertNameFree } from '../core/names';

const columns = {
  id: subjectLevels.id,
  subject: subjectLevels.subjectId,
  subject_name: subjects.name,
  name: subjectLevels.name,
  position: subjectLevels.position,
  is_archived: subjectLevels.isArchived,
  themes_count: sql<number>`(select count(*)::int from ${themes} t where t.level_id = ${subjectLevels}.id and not t.is_archived)`,
};

const selectLevels = (db: DbOrTx) => db.select(columns).from(subjectLevels).innerJoin(subjects, eq(subjects.id, subjectLevels.subjectId));
const inOrder = [asc(sql`lower(${subjects.name})`), asc(subjectLevels.subjectId), asc(subjectLevels.position), asc(subjectLevels.id)];

export async function listLevels(db: Db, query: z.output<typeof levelsQuery>): Promise<Level[]> {
  const where: SQL[] = [eq(subjectLevels.isArchived, query.is_archived)];
  if (query.subject) where.push(eq(subjectLevels.subjectId, query.subject));
  return selectLevels(db).where(and(...where)).orderBy(...inOrder);
}

export async function getLevel(db: DbOrTx, id: number): Promise<Level> {
  const [row] = await selectLevels(db).where(eq(subjectLevels.id, id));
  if (!row) throw notFound('Level not found');
  return row;
}

/** 400 on `name` when another active level of the subject has it (case-insensitive). */
async function assertLevelNameFree(tx: DbOrTx, subjectId: number, name: string, exceptId?: number) {
  await assertNameFree(tx, subjectLevels, name, eq(subjectLevels.subjectId, subjectId), exceptId, catalogueMsg.nameTaken);
}

/** Inserts a level at the end of its subject; the caller holds the subject's lock. */
export async function appendLevel(tx: DbOrTx, subjectId: number, name: string): Promise<number> {
  const [{ last }] = await tx.select({ last: max(subjectLevels.position) }).from(subjectLevels).where(eq(subjectLevels.subjectId, subjectId));
  const [{ id }] = await tx
    .insert(subjectLevels)
    .values({ subjectId, name, position: (last ?? 0) + 1 })
    .returning({ id: subjectLevels.id });
  return id;
}

export async function createLevel(db: Db, actor: Actor, input: LevelCreate): Promise<Level> {
  return db.transaction(async (tx) => {
    const subject = await lockSubject(tx, input.subject);
    if (!subject) throw fieldError('subject', catalogueMsg.notFound);
    if (subject.isArchived) throw fieldError('subject', catalogueMsg.archived);
    await assertLevelNameFree(tx, input.subject, input.name);
    const id = await appendLevel(tx, input.subject, input.name);
    const created = await getLevel(tx, id);
    await audit(tx, { actorId: actor.user.id, action: 'level.create', entity: 'level', entityId: id, after: created, ip: actor.ip });
    return created;
  });
}

export async function updateLevel(db: Db, actor: Actor, id: number, input: LevelUpdate): Promise<Level> {
  return db.transaction(async (tx) => {
    // A level never changes subject, so its subject can be read before taking the subject's lock.
    const [found] = await tx.select({ subjectId: subjectLevels.subjectId }).from(subjectLevels).where(eq(subjectLevels.id, id));
    if (!found) throw notFound('Level not found');
    await lockSubject(tx, found.subjectId);
    const before = await getLevel(tx, id);
    const name = input.name ?? before.name;
    const isArchived = input.is_archived ?? before.is_archived;
    if (!isArchived && (name.toLowerCase() !== before.name.toLowerCase() || before.is_archived)) {
      await assertLevelNameFree(tx, found.subjectId, name, id);
    }
    await tx.update(subjectLevels).set({ name, isArchived }).where(eq(subjectLevels.id, id));
    const after = await getLevel(tx, id);
    await auditBy(tx, actor, {
      action: archiveAction('level', before.is_archived, after.is_archived),
      entity: 'level',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * A subject's active levels in a new order. The subject row is locked first, so concurrent reorders of one
 * subject run one after the other and the result is exactly one of the requested orders.
 */
export async function reorderLevels(db: Db, actor: Actor, input: LevelsReorder): Promise<Level[]> {
  return db.transaction(async (tx) => {
    if (!(await lockSubject(tx, input.subject))) throw fieldError('subject', catalogueMsg.notFound);
    await reorderChildren(tx, actor, subjectLevels, { column: subjectLevels.subjectId, id: input.subject, entity: 'subject' }, input.ids, 'level.reorder');
    return selectLevels(tx)
      .where(and(eq(subjectLevels.subjectId, input.subject), eq(subjectLevels.isArchived, false)))
      .orderBy(...inOrder);
  });
}
