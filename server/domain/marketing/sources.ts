// Marketing sources and their groups (spec section 7, "Marketing"). Sources are shared by every branch; archiving
// replaces deleting, so old leads keep their source. Active names are unique, ignoring case.
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { MarketingGroup, MarketingSource, marketingGroupBody, marketingSourceBody, marketingSourcesQuery } from '../../../contract/marketing';
import type { Db, DbOrTx } from '../../db/client';
import { leads, marketingGroups, marketingSources } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { allowedFilials } from '../core/scope';
import { assertNameFree } from '../core/names';

export type { Actor };
type SourceInput = z.output<typeof marketingSourceBody>;
type GroupInput = z.output<typeof marketingGroupBody>;

const groupColumns = { id: marketingGroups.id, name: marketingGroups.name };

/** Sources with their group and the number of leads from them in the user's branches. */
async function selectSources(db: DbOrTx, user: AuthUser, where: SQL | undefined): Promise<MarketingSource[]> {
  const scope = allowedFilials(user);
  const counts = db
    .select({ sourceId: leads.sourceId, n: count().as('n') })
    .from(leads)
    .where(scope === 'all' ? undefined : scope.length ? inArray(leads.filialId, scope) : sql`false`)
    .groupBy(leads.sourceId)
    .as('lead_counts');
  const rows = await db
    .select({
      id: marketingSources.id,
      name: marketingSources.name,
      groupId: marketingGroups.id,
      groupName: marketingGroups.name,
      is_archived: marketingSources.isArchived,
      leads_count: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number),
    })
    .from(marketingSources)
    .leftJoin(marketingGroups, eq(marketingGroups.id, marketingSources.groupId))
    .leftJoin(counts, eq(counts.sourceId, marketingSources.id))
    .where(where)
    .orderBy(asc(marketingSources.name), asc(marketingSources.id));
  return rows.map(({ groupId, groupName, ...r }) => ({ ...r, group: groupId == null ? null : { id: groupId, name: groupName! } }));
}

export function listSources(db: DbOrTx, user: AuthUser, query: z.output<typeof marketingSourcesQuery>): Promise<MarketingSource[]> {
  return selectSources(db, user, eq(marketingSources.isArchived, query.is_archived ?? false));
}

async function sourceById(tx: DbOrTx, user: AuthUser, id: number): Promise<MarketingSource> {
  const [row] = await selectSources(tx, user, eq(marketingSources.id, id));
  if (!row) throw notFound('Marketing source not found');
  return row;
}

/** Writers of sources (or of groups) take turns, so two requests cannot both take a free name. */
async function lockNames(tx: DbOrTx, table: 'sources' | 'groups'): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`markaz.marketing_${table}`}))`);
}

/** An active source (or group) of the same name, letters' case aside, is a 400 on `name`; the names are locked first. */
async function checkName(tx: DbOrTx, table: typeof marketingSources | typeof marketingGroups, name: string, exceptId?: number): Promise<void> {
  await lockNames(tx, table === marketingSources ? 'sources' : 'groups');
  await assertNameFree(tx, table, name, undefined, exceptId);
}

const checkSourceName = (tx: DbOrTx, name: string, exceptId?: number) => checkName(tx, marketingSources, name, exceptId);

/** A source's group must exist and be active; 400 on `group` otherwise. */
async function checkGroup(tx: DbOrTx, groupId: number | null | undefined): Promise<number | null> {
  if (groupId == null) return null;
  const [row] = await tx
    .select({ id: marketingGroups.id })
    .from(marketingGroups)
    .where(and(eq(marketingGroups.id, groupId), eq(marketingGroups.isArchived, false)));
  if (!row) throw fieldError('group', 'validation.notFound');
  return row.id;
}

export async function createSource(db: Db, actor: Actor, body: SourceInput): Promise<MarketingSource> {
  return db.transaction(async (tx) => {
    const groupId = await checkGroup(tx, body.group);
    await checkSourceName(tx, body.name);
    const [{ id }] = await tx.insert(marketingSources).values({ name: body.name, groupId }).returning({ id: marketingSources.id });
    const after = await sourceById(tx, actor.user, id);
    await audit(tx, { actorId: actor.user.id, action: 'marketing_source.create', entity: 'marketing_source', entityId: id, after, ip: actor.ip });
    return after;
  });
}

export async function updateSource(db: Db, actor: Actor, id: number, body: SourceInput): Promise<MarketingSource> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: marketingSources.id }).from(marketingSources).where(eq(marketingSources.id, id)).for('update');
    if (!locked) throw notFound('Marketing source not found');
    const before = await sourceById(tx, actor.user, id);
    const isArchived = body.is_archived ?? before.is_archived;
    // An unchanged group may stay even if it was archived meanwhile; a new one must be active.
    const groupId = body.group === undefined ? (before.group?.id ?? null) : body.group === before.group?.id ? body.group : await checkGroup(tx, body.group);
    if (!isArchived) await checkSourceName(tx, body.name, id);
    await tx.update(marketingSources).set({ name: body.name, groupId, isArchived }).where(eq(marketingSources.id, id));
    const after = await sourceById(tx, actor.user, id);
    const action = before.is_archived === isArchived ? 'update' : isArchived ? 'archive' : 'unarchive';
    await audit(tx, { actorId: actor.user.id, action: `marketing_source.${action}`, entity: 'marketing_source', entityId: id, before, after, ip: actor.ip });
    return after;
  });
}

/** DELETE archives the source; archiving an archived source changes nothing and answers the same. */
export async function archiveSource(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [locked] = await tx.select({ isArchived: marketingSources.isArchived }).from(marketingSources).where(eq(marketingSources.id, id)).for('update');
    if (!locked) throw notFound('Marketing source not found');
    if (locked.isArchived) return;
    const before = await sourceById(tx, actor.user, id);
    await tx.update(marketingSources).set({ isArchived: true }).where(eq(marketingSources.id, id));
    const after = await sourceById(tx, actor.user, id);
    await audit(tx, { actorId: actor.user.id, action: 'marketing_source.archive', entity: 'marketing_source', entityId: id, before, after, ip: actor.ip });
  });
}

export function listGroups(db: DbOrTx): Promise<MarketingGroup[]> {
  return db.select(groupColumns).from(marketingGroups).where(eq(marketingGroups.isArchived, false)).orderBy(asc(marketingGroups.name), asc(marketingGroups.id));
}

const checkGroupName = (tx: DbOrTx, name: string, exceptId?: number) => checkName(tx, marketingGroups, name, exceptId);

export async function createGroup(db: Db, actor: Actor, body: GroupInput): Promise<MarketingGroup> {
  return db.transaction(async (tx) => {
    await checkGroupName(tx, body.name);
    const [after] = await tx.insert(marketingGroups).values({ name: body.name }).returning(groupColumns);
    await audit(tx, { actorId: actor.user.id, action: 'marketing_group.create', entity: 'marketing_group', entityId: after.id, after, ip: actor.ip });
    return after;
  });
}

/** Renames an active group; an archived (or unknown) one answers 404. */
export async function renameGroup(db: Db, actor: Actor, id: number, body: GroupInput): Promise<MarketingGroup> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select(groupColumns)
      .from(marketingGroups)
      .where(and(eq(marketingGroups.id, id), eq(marketingGroups.isArchived, false)))
      .for('update');
    if (!before) throw notFound('Marketing group not found');
    await checkGroupName(tx, body.name, id);
    const [after] = await tx.update(marketingGroups).set({ name: body.name }).where(eq(marketingGroups.id, id)).returning(groupColumns);
    await audit(tx, { actorId: actor.user.id, action: 'marketing_group.update', entity: 'marketing_group', entityId: id, before, after, ip: actor.ip });
    return after;
  });
}
