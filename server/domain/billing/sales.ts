// Sales: the centre's catalogue of discounts (shared by every branch) and the sales given to students in a group
// from a date. One running sale per student and group (student_sales_open_uq); ending one sets its last
// discounted day. Giving or ending a sale re-syncs that student's charges in the group from that month on.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type {
  Sale,
  StudentSale,
  saleCreateBody,
  salePatchBody,
  salesQuery,
  studentSaleCreateBody,
  studentSaleEndBody,
  studentSalesQuery,
} from '../../../contract/sales';
import type { DbOrTx, Db, Tx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { employees, groups, sales, studentGroups, studentSales, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { conflict, notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import { addDays, centreToday } from '../lessons/dates';
import { type Actor, findGroup } from '../lessons/access';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';
import { findStudent } from '../students/students';
import { syncCharges } from './charges';

// Written out: drizzle leaves a lone table's columns unqualified, and an unqualified id here would be r.id.
const runningCount = sql<number>`(select count(*)::int from student_sales r where r.sale_id = "sales"."id" and r.ended_on is null)`;

const saleColumns = {
  id: sales.id,
  name: sales.name,
  kind: sales.kind,
  value: sales.value,
  is_archived: sales.isArchived,
  students: runningCount,
  created_at: sql<string>`to_char(${sales.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
};

export async function listSales(db: DbOrTx, query: z.output<typeof salesQuery>): Promise<Sale[]> {
  return db
    .select(saleColumns)
    .from(sales)
    .where(query.is_archived === undefined ? undefined : eq(sales.isArchived, query.is_archived))
    .orderBy(asc(sales.isArchived), asc(sales.name), asc(sales.id));
}

async function saleById(q: DbOrTx, id: number): Promise<Sale> {
  const [row] = await q.select(saleColumns).from(sales).where(eq(sales.id, id));
  if (!row) throw notFound('Sale not found');
  return row;
}

export async function createSale(db: Db, actor: Actor, body: z.output<typeof saleCreateBody>): Promise<Sale> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sales)
      .values({ name: body.name, kind: body.kind, value: body.value, createdBy: actor.user.id })
      .returning({ id: sales.id });
    const created = await saleById(tx, row.id);
    await audit(tx, { actorId: actor.user.id, action: 'sale.create', entity: 'sale', entityId: row.id, after: created, ip: actor.ip });
    return created;
  });
}

export async function patchSale(db: Db, actor: Actor, id: number, body: z.output<typeof salePatchBody>): Promise<Sale> {
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: sales.id }).from(sales).where(eq(sales.id, id)).for('update');
    if (!locked) throw notFound('Sale not found');
    const before = await saleById(tx, id);
    const set: Partial<typeof sales.$inferInsert> = {};
    if (body.name !== undefined) set.name = body.name;
    if (body.is_archived !== undefined) set.isArchived = body.is_archived;
    if (Object.keys(set).length) await tx.update(sales).set(set).where(eq(sales.id, id));
    const after = await saleById(tx, id);
    await audit(tx, { actorId: actor.user.id, action: 'sale.update', entity: 'sale', entityId: id, before, after, ip: actor.ip });
    return after;
  });
}

// ---- Sales given to students ---------------------------------------------------------------------------------

const creators = alias(employees, 'sale_creators');

/** Student sales as the API shows them (contract studentSale), for the caller's conditions and order. */
function studentSaleSelect(q: DbOrTx) {
  return q
    .select({
      id: studentSales.id,
      student: personColumns(students),
      group: namedColumns(groups),
      filial: studentSales.filialId,
      sale: { id: sales.id, name: sales.name, kind: sales.kind, value: sales.value },
      from_date: studentSales.fromDate,
      ended_on: studentSales.endedOn,
      reason: studentSales.reason,
      created_by: personColumns(creators),
      created_at: sql<string>`to_char(${studentSales.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`,
    })
    .from(studentSales)
    .innerJoin(students, eq(students.id, studentSales.studentId))
    .innerJoin(groups, eq(groups.id, studentSales.groupId))
    .innerJoin(sales, eq(sales.id, studentSales.saleId))
    .leftJoin(creators, eq(creators.id, studentSales.createdBy));
}

function scopeWhere(user: AuthUser, filial?: number): SQL | undefined {
  const scope = resolveFilial(user, filial);
  return scope === 'all' ? undefined : inArray(studentSales.filialId, scope.length ? scope : [-1]);
}

export async function listStudentSales(
  db: DbOrTx,
  user: AuthUser,
  query: z.output<typeof studentSalesQuery>,
  url: string,
): Promise<Page<StudentSale>> {
  const where = and(
    scopeWhere(user, query.filial),
    query.student ? eq(studentSales.studentId, query.student) : undefined,
    query.group ? eq(studentSales.groupId, query.group) : undefined,
    query.sale ? eq(studentSales.saleId, query.sale) : undefined,
    query.running === true ? isNull(studentSales.endedOn) : query.running === false ? sql`${studentSales.endedOn} is not null` : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(studentSales).where(where);
  const rows = await studentSaleSelect(db)
    .where(where)
    .orderBy(sql`${studentSales.endedOn} is not null`, desc(studentSales.fromDate), desc(studentSales.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  return toPage(url, query, n, rows);
}

export async function getStudentSale(q: DbOrTx, user: AuthUser, id: number): Promise<StudentSale> {
  const [row] = await studentSaleSelect(q).where(eq(studentSales.id, id));
  if (!row || !inScope(allowedFilials(user), row.filial)) throw notFound('Student sale not found');
  return row;
}

/** The student's running sales, one per group at most (for the card's payments tab). */
export async function runningSalesOf(q: DbOrTx, studentId: number): Promise<StudentSale[]> {
  const rows = await studentSaleSelect(q).where(and(eq(studentSales.studentId, studentId), isNull(studentSales.endedOn)));
  return rows;
}

/** Throws 409 when a running sale (or an open membership check) conflicts; PostgreSQL's unique index backs it. */
async function assertNoRunningSale(tx: Tx, studentId: number, groupId: number) {
  const [open] = await tx
    .select({ id: studentSales.id })
    .from(studentSales)
    .where(and(eq(studentSales.studentId, studentId), eq(studentSales.groupId, groupId), isNull(studentSales.endedOn)));
  if (open) throw conflict('The student already has a running sale in this group: end it first', { student_sale: open.id });
}

export async function giveSale(db: Db, actor: Actor, body: z.output<typeof studentSaleCreateBody>): Promise<StudentSale> {
  const fromDate = body.from_date ?? centreToday(actor.now);
  return db.transaction(async (tx) => {
    const group = await findGroup(tx, actor.user, body.group, { forUpdate: true });
    const student = await findStudent(tx, actor.user, body.student, { filialId: group.filialId, forUpdate: true });
    const [member] = await tx
      .select({ id: studentGroups.id })
      .from(studentGroups)
      .where(and(eq(studentGroups.studentId, student.id), eq(studentGroups.groupId, group.id), isNull(studentGroups.leftOn)));
    if (!member) throw fieldError('group', 'validation.notInGroup');
    const [sale] = await tx.select({ id: sales.id, isArchived: sales.isArchived }).from(sales).where(eq(sales.id, body.sale));
    if (!sale) throw fieldError('sale', 'validation.notFound');
    if (sale.isArchived) throw fieldError('sale', 'validation.archived');
    await assertNoRunningSale(tx, student.id, group.id);
    const [row] = await tx
      .insert(studentSales)
      .values({
        studentId: student.id,
        groupId: group.id,
        filialId: group.filialId,
        saleId: sale.id,
        fromDate,
        reason: body.reason,
        createdBy: actor.user.id,
      })
      .returning({ id: studentSales.id });
    await syncCharges(tx, { studentId: student.id, groupIds: [group.id], from: fromDate }, actor.now);
    const created = await getStudentSale(tx, actor.user, row.id);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'student_sale.create',
      entity: 'student_sale',
      entityId: row.id,
      filialId: group.filialId,
      after: { student: student.id, group: group.id, sale: sale.id, from_date: fromDate, reason: body.reason },
      ip: actor.ip,
    });
    return created;
  });
}

/** Ends a running sale: `ended_on` (default today) is its last discounted day; a sale not begun yet covers no day. */
export async function endSale(db: Db, actor: Actor, id: number, body: z.output<typeof studentSaleEndBody>): Promise<StudentSale> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(studentSales).where(eq(studentSales.id, id)).for('update');
    if (!row || !inScope(allowedFilials(actor.user), row.filialId)) throw notFound('Student sale not found');
    if (row.endedOn !== null) throw conflict(`The sale already ended on ${row.endedOn}`);
    const wanted = body.ended_on ?? centreToday(actor.now);
    const endedOn = wanted < row.fromDate ? addDays(row.fromDate, -1) : wanted;
    await tx.update(studentSales).set({ endedOn }).where(eq(studentSales.id, id));
    await syncCharges(tx, { studentId: row.studentId, groupIds: [row.groupId], from: endedOn < row.fromDate ? row.fromDate : endedOn }, actor.now);
    const after = await getStudentSale(tx, actor.user, id);
    await audit(tx, {
      actorId: actor.user.id,
      action: 'student_sale.end',
      entity: 'student_sale',
      entityId: id,
      filialId: row.filialId,
      before: { ended_on: null },
      after: { ended_on: endedOn },
      ip: actor.ip,
    });
    return after;
  });
}
