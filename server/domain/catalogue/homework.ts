// Homework: set per theme by a branch. Branch-owned: lists show the user's branches only, and homework of
// another branch is as unknown as a missing one (404).
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { catalogueMsg, type Homework, type HomeworkCreate, type homeworkQuery, type HomeworkUpdate } from '../../../contract/catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { employees, homework, themes } from '../../db/schema';
import { notFound, fieldError } from '../core/errors';
import { auditBy } from '../audit/record';
import { inScope, resolveFilial, allowedFilials } from '../core/scope';
import { assertOwnBranch } from './branch';
import type { Actor } from './common';
import { pageOffset, toPage, type Page } from './paging';

const columns = {
  id: homework.id,
  filial: homework.filialId,
  theme: homework.themeId,
  theme_name: themes.name,
  title: homework.title,
  description: homework.description,
  created_at: homework.createdAt,
  created_by_name: employees.fullName,
};

const selectHomework = (db: DbOrTx) =>
  db
    .select(columns)
    .from(homework)
    .innerJoin(themes, eq(themes.id, homework.themeId))
    .leftJoin(employees, eq(employees.id, homework.createdBy));

type Row = Omit<Homework, 'created_at'> & { created_at: Date };
const toHomework = (row: Row): Homework => ({ ...row, created_at: row.created_at.toISOString() });

export async function listHomework(db: Db, user: Actor['user'], query: z.output<typeof homeworkQuery>, url: string): Promise<Page<Homework>> {
  const scope = resolveFilial(user, query.filial);
  const where: SQL[] = [];
  if (scope !== 'all') where.push(inArray(homework.filialId, scope));
  if (query.theme) where.push(eq(homework.themeId, query.theme));
  const [[{ n }], rows] = await Promise.all([
    db.select({ n: count() }).from(homework).where(and(...where)),
    selectHomework(db)
      .where(and(...where))
      .orderBy(desc(homework.createdAt), desc(homework.id))
      .limit(query.page_size)
      .offset(pageOffset(query)),
  ]);
  return toPage(url, query, n, rows.map(toHomework));
}

async function getHomework(tx: DbOrTx, id: number): Promise<Homework> {
  const [row] = await selectHomework(tx).where(eq(homework.id, id));
  if (!row) throw notFound('Homework not found');
  return toHomework(row);
}

/** 400 on `theme` unless it is an active theme. */
async function assertActiveTheme(tx: DbOrTx, themeId: number) {
  const [row] = await tx.select({ isArchived: themes.isArchived }).from(themes).where(eq(themes.id, themeId));
  if (!row) throw fieldError('theme', catalogueMsg.notFound);
  if (row.isArchived) throw fieldError('theme', catalogueMsg.archived);
}

export async function createHomework(db: Db, actor: Actor, input: HomeworkCreate): Promise<Homework> {
  return db.transaction(async (tx) => {
    await assertOwnBranch(tx, actor.user, input.filial);
    await assertActiveTheme(tx, input.theme);
    const [{ id }] = await tx
      .insert(homework)
      .values({
        filialId: input.filial,
        themeId: input.theme,
        title: input.title,
        description: input.description ?? '',
        createdBy: actor.user.id,
      })
      .returning({ id: homework.id });
    const created = await getHomework(tx, id);
    await auditBy(tx, actor, {
      action: 'homework.create',
      entity: 'homework',
      entityId: id,
      filialId: input.filial,
      after: created,
    });
    return created;
  });
}

/** PUT: the whole homework; it may move to another of the user's branches or to another active theme. */
export async function updateHomework(db: Db, actor: Actor, id: number, input: HomeworkUpdate): Promise<Homework> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ filialId: homework.filialId }).from(homework).where(eq(homework.id, id)).for('update');
    if (!locked || !inScope(allowedFilials(actor.user), locked.filialId)) throw notFound('Homework not found');
    const before = await getHomework(tx, id);
    if (input.filial !== before.filial) await assertOwnBranch(tx, actor.user, input.filial);
    if (input.theme !== before.theme) await assertActiveTheme(tx, input.theme);
    await tx
      .update(homework)
      .set({ filialId: input.filial, themeId: input.theme, title: input.title, description: input.description ?? '' })
      .where(eq(homework.id, id));
    const after = await getHomework(tx, id);
    await auditBy(tx, actor, {
      action: 'homework.update',
      entity: 'homework',
      entityId: id,
      filialId: after.filial,
      before,
      after,
    });
    return after;
  });
}
