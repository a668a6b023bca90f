// Themes (lesson topics) of a level, in teaching order. Every write first locks the level row (both levels when
// a theme moves, in id order), so writes to one level's themes run one after another and positions stay dense.
import { and, asc, count, eq, gt, max, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  catalogueMsg,
  type Theme,
  type ThemeCreate,
  type ThemePatch,
  type themesQuery,
  type ThemesReorder,
} from '../../../contract/catalogue';
import type { Db, DbOrTx } from '../../db/client';
import { subjectLevels, themes } from '../../db/schema';
import { notFound, fieldError } from '../core/errors';
import { audit, auditBy } from '../audit/record';
import { archiveAction, type Actor } from './common';
import { reorderChildren } from './ordering';
import { pageOffset, toPage, type Page, type PageRequest } from './paging';
import { assertNameFree } from '../core/names';

const columns = {
  id: themes.id,
  level: themes.levelId,
  subject: subjectLevels.subjectId,
  name: themes.name,
  description: themes.description,
  position: themes.position,
  is_archived: themes.isArchived,
};

const selectThemes = (db: DbOrTx) => db.select(columns).from(themes).innerJoin(subjectLevels, eq(subjectLevels.id, themes.levelId));
const fromThemes = (db: DbOrTx) => db.select({ n: count() }).from(themes).innerJoin(subjectLevels, eq(subjectLevels.id, themes.levelId));
const inOrder = [asc(subjectLevels.subjectId), asc(subjectLevels.position), asc(themes.levelId), asc(themes.position), asc(themes.id)];

type ThemeFilter = z.output<typeof themesQuery>;

function filterOf(query: ThemeFilter): SQL | undefined {
  const where: SQL[] = [eq(themes.isArchived, query.is_archived)];
  if (query.level) where.push(eq(themes.levelId, query.level));
  if (query.subject) where.push(eq(subjectLevels.subjectId, query.subject));
  return and(...where);
}

export async function listThemes(db: Db, query: ThemeFilter): Promise<Theme[]> {
  return selectThemes(db).where(filterOf(query)).orderBy(...inOrder);
}

export async function listThemesPage(db: Db, query: ThemeFilter & PageRequest, url: string): Promise<Page<Theme>> {
  const where = filterOf(query);
  const [[{ n }], rows] = await Promise.all([
    fromThemes(db).where(where),
    selectThemes(db).where(where).orderBy(...inOrder).limit(query.page_size).offset(pageOffset(query)),
  ]);
  return toPage(url, query, n, rows);
}

export async function getTheme(db: DbOrTx, id: number): Promise<Theme> {
  const [row] = await selectThemes(db).where(eq(themes.id, id));
  if (!row) throw notFound('Theme not found');
  return row;
}

/** Locks level rows in id order (the lock every write to their themes takes first). */
export async function lockLevels(tx: DbOrTx, ids: number[]) {
  const rows = [];
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const [row] = await tx
      .select({ id: subjectLevels.id, isArchived: subjectLevels.isArchived })
      .from(subjectLevels)
      .where(eq(subjectLevels.id, id))
      .for('update');
    if (row) rows.push(row);
  }
  return rows;
}

/** The level a body names, locked: a 400 on `level` when it is unknown or archived. */
async function lockActiveLevel(tx: DbOrTx, id: number) {
  const [row] = await lockLevels(tx, [id]);
  if (!row) throw fieldError('level', catalogueMsg.notFound);
  if (row.isArchived) throw fieldError('level', catalogueMsg.archived);
}

/** 400 on `name` when another active theme of the level has it (case-insensitive). */
async function assertThemeNameFree(tx: DbOrTx, levelId: number, name: string, exceptId?: number) {
  await assertNameFree(tx, themes, name, eq(themes.levelId, levelId), exceptId, catalogueMsg.nameTaken);
}

async function nextThemePosition(tx: DbOrTx, levelId: number): Promise<number> {
  const [{ last }] = await tx.select({ last: max(themes.position) }).from(themes).where(eq(themes.levelId, levelId));
  return (last ?? 0) + 1;
}

/** Inserts a theme at the end of its level; the caller holds the level's lock. */
export async function appendTheme(tx: DbOrTx, levelId: number, name: string, description = ''): Promise<number> {
  const position = await nextThemePosition(tx, levelId);
  const [{ id }] = await tx.insert(themes).values({ levelId, name, description, position }).returning({ id: themes.id });
  return id;
}

export async function createTheme(db: Db, actor: Actor, input: ThemeCreate): Promise<Theme> {
  return db.transaction(async (tx) => {
    await lockActiveLevel(tx, input.level);
    await assertThemeNameFree(tx, input.level, input.name);
    const id = await appendTheme(tx, input.level, input.name, input.description);
    const created = await getTheme(tx, id);
    await audit(tx, { actorId: actor.user.id, action: 'theme.create', entity: 'theme', entityId: id, after: created, ip: actor.ip });
    return created;
  });
}

/**
 * Locks the theme's level (and `target` when it moves) before touching the theme. The theme's level is read
 * before the lock, so it is read again under it; a concurrent move in between means trying once more.
 */
async function lockThemeLevels(tx: DbOrTx, id: number, target: number | undefined) {
  const levelOf = async () => (await tx.select({ levelId: themes.levelId, position: themes.position }).from(themes).where(eq(themes.id, id)))[0];
  let current = await levelOf();
  for (;;) {
    if (!current) throw notFound('Theme not found');
    await lockLevels(tx, [current.levelId, target ?? current.levelId]);
    const again = await levelOf();
    if (again && again.levelId === current.levelId) return again;
    current = again;
  }
}

/** PUT and PATCH: rename, describe, archive or unarchive, or move to the end of another level. */
export async function updateTheme(db: Db, actor: Actor, id: number, input: ThemePatch): Promise<Theme> {
  return db.transaction(async (tx) => {
    const current = await lockThemeLevels(tx, id, input.level);
    const before = await getTheme(tx, id);
    const levelId = input.level ?? before.level;
    const moves = levelId !== before.level;
    if (moves) await lockActiveLevel(tx, levelId);
    const name = input.name ?? before.name;
    const isArchived = input.is_archived ?? before.is_archived;
    if (!isArchived && (moves || before.is_archived || name.toLowerCase() !== before.name.toLowerCase())) {
      await assertThemeNameFree(tx, levelId, name, id);
    }
    let position = current.position;
    if (moves) {
      position = await nextThemePosition(tx, levelId);
      // Close the gap it leaves behind.
      await tx
        .update(themes)
        .set({ position: sql`${themes.position} - 1` })
        .where(and(eq(themes.levelId, before.level), gt(themes.position, current.position)));
    }
    await tx
      .update(themes)
      .set({ levelId, name, description: input.description, isArchived, position })
      .where(eq(themes.id, id));
    const after = await getTheme(tx, id);
    await auditBy(tx, actor, {
      action: moves ? 'theme.move' : archiveAction('theme', before.is_archived, after.is_archived),
      entity: 'theme',
      entityId: id,
      before,
      after,
    });
    return after;
  });
}

/**
 * A level's active themes in a new order. The level row is locked first, so concurrent reorders of one level
 * run one after the other and the result is exactly one of the requested orders.
 */
export async function reorderThemes(db: Db, actor: Actor, input: ThemesReorder): Promise<Theme[]> {
  return db.transaction(async (tx) => {
    if ((await lockLevels(tx, [input.level])).length === 0) throw fieldError('level', catalogueMsg.notFound);
    await reorderChildren(tx, actor, themes, { column: themes.levelId, id: input.level, entity: 'level' }, input.ids, 'theme.reorder');
    return selectThemes(tx)
      .where(and(eq(themes.levelId, input.level), eq(themes.isArchived, false)))
      .orderBy(...inOrder);
  });
}

