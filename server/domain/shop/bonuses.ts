// Bonus coins: awards to one student or to several (a group's lesson) in one transaction, the entries list, a
// student's coins, the leaderboard, and the student and group lists the award and sell dialogs pick from.
import { aliasedTable, and, asc, count, desc, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  BONUS_STUDENTS_LIMIT,
  type BonusAwardResult,
  type BonusBalance,
  type BonusEntry,
  type BonusGroup,
  type BonusStudent,
  type BonusTopRow,
  type bonusEntriesQuery,
  type bonusGroupsQuery,
  type bonusStudentsQuery,
  type bonusTopQuery,
} from '../../../contract/bonuses';
import type { Db, DbOrTx } from '../../db/client';
import { bonusEntries, employees, groups, studentGroups, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { audit } from '../audit/record';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import type { Actor } from '../marketing/sources';
import { ownGroupCondition } from '../lessons/access';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';
import { ownStudentCondition } from '../students/teacherScope';
import { searchCondition } from '../students/picker';
import { coinsOf, studentCoinsSql, lockCoins, scopedStudent, scopedStudents } from './coins';
import { shopConflict } from './errors';

const author = aliasedTable(employees, 'bonus_author');

async function selectEntries(q: DbOrTx, where: SQL | undefined, limit: number, offset: number): Promise<BonusEntry[]> {
  const rows = await q
    .select({
      id: bonusEntries.id,
      filial: bonusEntries.filialId,
      student: { id: students.id, name: students.fullName },
      coins: bonusEntries.coins,
      reason: bonusEntries.reason,
      purchase: bonusEntries.purchaseId,
      author: { id: author.id, name: author.fullName },
      createdAt: bonusEntries.createdAt,
    })
    .from(bonusEntries)
    .innerJoin(students, eq(students.id, bonusEntries.studentId))
    .innerJoin(author, eq(author.id, bonusEntries.authorId))
    .where(where)
    .orderBy(desc(bonusEntries.createdAt), desc(bonusEntries.id))
    .limit(limit)
    .offset(offset);
  return rows.map(({ createdAt, ...r }) => ({ ...r, created_at: new Date(createdAt).toISOString() }));
}

function filialWhere(column: typeof bonusEntries.filialId | typeof students.filialId, scope: 'all' | number[]): SQL | undefined {
  return scope === 'all' ? undefined : inArray(column, scope.length ? scope : [-1]);
}

export async function listEntries(db: DbOrTx, user: AuthUser, query: z.output<typeof bonusEntriesQuery>, url: string): Promise<Page<BonusEntry>> {
  if (query.student) await scopedStudent(db, user, query.student);
  const where = and(
    filialWhere(bonusEntries.filialId, resolveFilial(user, query.filial)),
    ownStudentCondition(user, bonusEntries.studentId),
    query.student ? eq(bonusEntries.studentId, query.student) : undefined,
    query.kind === 'award' ? gt(bonusEntries.coins, 0) : query.kind === 'spend' ? lt(bonusEntries.coins, 0) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(bonusEntries).where(where);
  return toPage(url, query, n, await selectEntries(db, where, query.page_size, pageOffset(query)));
}

export async function balanceOf(db: DbOrTx, user: AuthUser, studentId: number): Promise<BonusBalance> {
  await scopedStudent(db, user, studentId);
  return { student: studentId, coins: (await coinsOf(db, [studentId])).get(studentId) ?? 0 };
}

/** Awards `coins` with `reason` to every student named, all or none; archived students cannot receive coins. */
export async function award(db: Db, actor: Actor, body: { students: number[]; coins: number; reason: string }): Promise<BonusAwardResult> {
  return db.transaction(async (tx) => {
    const found = await scopedStudents(tx, actor.user, body.students);
    const archived = found.find((s) => s.isArchived);
    if (archived) throw shopConflict('student_archived', 'shop.errors.studentArchived', { student: archived.fullName });
    await lockCoins(tx, body.students);
    const inserted = await tx
      .insert(bonusEntries)
      .values(found.map((s) => ({ studentId: s.id, filialId: s.filialId, coins: body.coins, reason: body.reason, authorId: actor.user.id })))
      .returning({ id: bonusEntries.id });
    const ids = inserted.map((r) => r.id);
    const entries = await selectEntries(tx, inArray(bonusEntries.id, ids), ids.length, 0);
    const coins = await coinsOf(tx, body.students);
    const balances = body.students.map((id) => ({ student: id, coins: coins.get(id) ?? 0 }));
    for (const entry of entries) {
      await audit(tx, {
        actorId: actor.user.id,
        action: 'bonus.award',
        entity: 'bonus_entry',
        entityId: entry.id,
        filialId: entry.filial,
        after: { ...entry, balance: coins.get(entry.student.id) },
        ip: actor.ip,
      });
    }
    return { entries: entries.reverse(), balances };
  });
}

/** A group of the user's branches (404 otherwise). */
async function scopedGroup(q: DbOrTx, user: AuthUser, id: number): Promise<{ id: number; filialId: number }> {
  const [row] = await q.select({ id: groups.id, filialId: groups.filialId }).from(groups).where(eq(groups.id, id));
  if (!row || !inScope(allowedFilials(user), row.filialId)) throw notFound('Group not found');
  return row;
}

// Correlated subqueries name the outer row's table explicitly: drizzle leaves columns of a one-table select bare.
const inGroup = (groupId: number) =>
  sql`exists (select 1 from ${studentGroups} sg where sg.student_id = "students"."id" and sg.group_id = ${groupId} and sg.left_on is null)`;

export async function leaderboard(db: DbOrTx, user: AuthUser, query: z.output<typeof bonusTopQuery>): Promise<BonusTopRow[]> {
  const scope = resolveFilial(user, query.filial);
  if (query.group) await scopedGroup(db, user, query.group);
  const earned = sql<number>`coalesce(sum(${bonusEntries.coins}) filter (where ${bonusEntries.coins} > 0), 0)`.mapWith(Number);
  const held = sql<number>`coalesce(sum(${bonusEntries.coins}), 0)`.mapWith(Number);
  const rows = await db
    .select({ id: students.id, name: students.fullName, earned, coins: held })
    .from(bonusEntries)
    .innerJoin(students, eq(students.id, bonusEntries.studentId))
    .where(and(filialWhere(students.filialId, scope), ownStudentCondition(user, students.id), eq(students.isArchived, false), query.group ? inGroup(query.group) : undefined))
    .groupBy(students.id, students.fullName)
    .having(sql`${earned} > 0`)
    .orderBy(desc(earned), desc(held), asc(students.fullName), asc(students.id))
    .limit(query.limit);
  return rows.map((r) => ({ student: { id: r.id, name: r.name }, earned: r.earned, coins: r.coins }));
}

export async function studentsWithCoins(db: DbOrTx, user: AuthUser, query: z.output<typeof bonusStudentsQuery>): Promise<BonusStudent[]> {
  const scope = resolveFilial(user, query.filial);
  if (query.group) await scopedGroup(db, user, query.group);
  return db
    .select({ id: students.id, full_name: students.fullName, phone: students.phone, filial: students.filialId, coins: studentCoinsSql })
    .from(students)
    .where(
      and(
        filialWhere(students.filialId, scope),
        ownStudentCondition(user, students.id),
        eq(students.isArchived, false),
        query.q ? searchCondition(query.q) : undefined,
        query.group ? inGroup(query.group) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${students.fullName})`), asc(students.id))
    .limit(query.group ? 500 : BONUS_STUDENTS_LIMIT);
}

export async function groupsForAwards(db: DbOrTx, user: AuthUser, query: z.output<typeof bonusGroupsQuery>): Promise<BonusGroup[]> {
  const scope = resolveFilial(user, query.filial);
  const members = sql<number>`(select count(*) from ${studentGroups} sg where sg.group_id = "groups"."id" and sg.left_on is null)`.mapWith(Number);
  return db
    .select({ id: groups.id, name: groups.name, students: members })
    .from(groups)
    .where(and(scope === 'all' ? undefined : inArray(groups.filialId, scope.length ? scope : [-1]), ownGroupCondition(user), inArray(groups.status, ['planned', 'active'])))
    .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
}

