// Vouchers: a one-time credit to a student's balance in a group. The balance follows by trigger (migration 0004);
// cancelling keeps the row with who and when, and the trigger takes the amount back off.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Voucher, voucherCreateBody } from '../../../contract/sales';
import type { Db, DbOrTx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { employees, groups, studentGroups, students, vouchers } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { conflict, notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { type Actor, findGroup } from '../lessons/access';
import { allowedFilials, inScope } from '../core/scope';
import { findStudent } from '../students/students';

const creators = alias(employees, 'voucher_creators');
const cancellers = alias(employees, 'voucher_cancellers');
const iso = (column: unknown) => sql<string | null>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

function voucherSelect(q: DbOrTx) {
  return q
    .select({
      id: vouchers.id,
      student: personColumns(students),
      group: namedColumns(groups),
      filial: vouchers.filialId,
      amount: vouchers.amount,
      reason: vouchers.reason,
      created_by: personColumns(creators),
      created_at: iso(vouchers.createdAt),
      cancelled_at: iso(vouchers.cancelledAt),
      cancelled_by: personColumns(cancellers),
    })
    .from(vouchers)
    .innerJoin(students, eq(students.id, vouchers.studentId))
    .innerJoin(groups, eq(groups.id, vouchers.groupId))
    .leftJoin(creators, eq(creators.id, vouchers.createdBy))
    .leftJoin(cancellers, eq(cancellers.id, vouchers.cancelledBy));
}

type VoucherRow = Awaited<ReturnType<ReturnType<typeof voucherSelect>['execute']>>[number];

// created_at is never null; iso() is typed for the nullable cancelled_at as well.
const toVoucher = (r: VoucherRow): Voucher => ({ ...r, created_at: r.created_at! });

/** GET /finance/voucher/student/?id=: the student's vouchers, newest first (another branch's student: 404). */
export async function listVouchers(db: DbOrTx, user: AuthUser, studentId: number): Promise<Voucher[]> {
  await findStudent(db, user, studentId);
  const rows = await voucherSelect(db).where(eq(vouchers.studentId, studentId)).orderBy(desc(vouchers.id));
  return rows.map(toVoucher);
}

async function voucherById(q: DbOrTx, id: number): Promise<Voucher> {
  const [row] = await voucherSelect(q).where(eq(vouchers.id, id));
  return toVoucher(row);
}

/** POST /finance/voucher/student/: the student must be (or have been) in the group. */
export async function giveVoucher(db: Db, actor: Actor, body: z.output<typeof voucherCreateBody>): Promise<Voucher> {
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, actor.user, body.group);
    const student = await findStudent(tx, actor.user, body.student, { filialId: group.filialId, forUpdate: true });
    const [member] = await tx
      .select({ id: studentGroups.id })
      .from(studentGroups)
      .where(and(eq(studentGroups.studentId, student.id), eq(studentGroups.groupId, group.id)))
      .limit(1);
    if (!member) throw fieldError('group', 'validation.notInGroup');
    const [row] = await tx
      .insert(vouchers)
      .values({ studentId: student.id, groupId: group.id, filialId: group.filialId, amount: body.amount, reason: body.reason, createdBy: actor.user.id })
      .returning({ id: vouchers.id });
    const created = await voucherById(tx, row.id);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'voucher.create',
      entity: 'voucher',
      entityId: row.id,
      filialId: group.filialId,
      after: { student: student.id, group: group.id, amount: created.amount, reason: body.reason },
      ip: actor.ip,
    });
    return created;
  });
}

/** DELETE /finance/voucher/student/{id}/: cancels (a second cancel is a 409). */
export async function cancelVoucher(db: Db, actor: Actor, id: number): Promise<Voucher> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(vouchers).where(eq(vouchers.id, id)).for('update');
    if (!row || !inScope(allowedFilials(actor.user), row.filialId)) throw notFound('Voucher not found');
    if (row.cancelledAt) throw conflict('The voucher is already cancelled');
    await tx.update(vouchers).set({ cancelledAt: sql`now()`, cancelledBy: actor.user.id }).where(eq(vouchers.id, id));
    const after = await voucherById(tx, id);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'voucher.cancel',
      entity: 'voucher',
      entityId: id,
      filialId: row.filialId,
      before: { amount: row.amount, cancelled_at: null },
      after: { cancelled_at: after.cancelled_at },
      ip: actor.ip,
    });
    return after;
  });
}
