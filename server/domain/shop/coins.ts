// A student's bonus coins: the sum of their entries (awards positive, purchases negative). Writers of one
// student's coins take turns through a transaction-scoped advisory lock, so a purchase never spends coins another
// purchase is spending at the same moment.
import { and, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { bonusEntries, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { allowedFilials, inScope } from '../core/scope';
import { ownStudentCondition } from '../students/teacherScope';

/** The advisory lock class of students' coins (the second key is the student id). */
const COINS_LOCK = sql`hashtext('markaz.bonus_coins')`;

/** Waits for, then holds until commit, the coins of these students (in id order, so two bulk awards never deadlock). */
export async function lockCoins(tx: Tx, studentIds: readonly number[]): Promise<void> {
  for (const id of [...new Set(studentIds)].sort((a, b) => a - b)) {
    await tx.execute(sql`select pg_advisory_xact_lock(${COINS_LOCK}, ${id}::int)`);
  }
}

/** SQL: the coins of the outer query's `students` row (named explicitly: drizzle leaves one-table columns bare). */
export const studentCoinsSql = sql<number>`(select coalesce(sum(be.coins), 0) from ${bonusEntries} be where be.student_id = "students"."id")`.mapWith(Number);

export async function coinsOf(q: DbOrTx, studentIds: readonly number[]): Promise<Map<number, number>> {
  const out = new Map(studentIds.map((id) => [id, 0]));
  if (studentIds.length === 0) return out;
  const rows = await q
    .select({ id: bonusEntries.studentId, coins: sql<number>`coalesce(sum(${bonusEntries.coins}), 0)`.mapWith(Number) })
    .from(bonusEntries)
    .where(inArray(bonusEntries.studentId, [...studentIds]))
    .groupBy(bonusEntries.studentId);
  for (const r of rows) out.set(r.id, r.coins);
  return out;
}

export type ScopedStudent = { id: number; filialId: number; fullName: string; isArchived: boolean };

/** Students by id within the user's branches (a teacher's: their groups'); any id unknown or outside them answers 404. */
export async function scopedStudents(q: DbOrTx, user: AuthUser, ids: readonly number[]): Promise<ScopedStudent[]> {
  const rows = await q
    .select({ id: students.id, filialId: students.filialId, fullName: students.fullName, isArchived: students.isArchived })
    .from(students)
    .where(and(inArray(students.id, [...ids]), ownStudentCondition(user, students.id)));
  const scope = allowedFilials(user);
  const found = new Map(rows.filter((r) => inScope(scope, r.filialId)).map((r) => [r.id, r]));
  if (ids.some((id) => !found.has(id))) throw notFound('Student not found');
  return ids.map((id) => found.get(id)!);
}

export async function scopedStudent(q: DbOrTx, user: AuthUser, id: number): Promise<ScopedStudent> {
  const [row] = await scopedStudents(q, user, [id]);
  return row;
}

