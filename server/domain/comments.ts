// Comments on a student, a lead or an employee (spec section 7: /comments/all/{id}/, /comments/,
// /comments/stuff/), newest first with their author. Branch scope goes through the target: a student's or
// lead's branch; an employee is visible when they share a branch with the user (or work in every branch, or
// the user does). Outside it: 404.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CommentItem,
  CommentTarget,
  commentCreate,
  commentsQuery,
  staffCommentCreate,
  staffCommentsQuery,
} from '../../contract/comments';
import type { Db, DbOrTx } from '../db/client';
import { comments, employeeFilials, employees, leads } from '../db/schema';
import type { AuthUser } from '../http/context';
import { notFound } from '../http/errors';
import { audit } from './audit';
import { pageOffset, toPage, type Page } from './catalogue/paging';
import type { Actor } from './lessons/access';
import { allowedFilials, inScope } from './scope';
import { findStudent } from './students/students';

/** The lead's branch when the user may see it; 404 otherwise. */
async function leadFilial(db: DbOrTx, user: AuthUser, id: number): Promise<number> {
  const [row] = await db.select({ filialId: leads.filialId }).from(leads).where(eq(leads.id, id));
  if (!row || !inScope(allowedFilials(user), row.filialId)) throw notFound('Lead not found');
  return row.filialId;
}

/** The branch of a student or lead the user may see (404 otherwise). */
async function targetFilial(db: DbOrTx, user: AuthUser, target: CommentTarget, id: number): Promise<number> {
  return target === 'student' ? (await findStudent(db, user, id)).filial : leadFilial(db, user, id);
}

/** 404 unless the employee exists and shares a branch with the user. */
async function assertEmployeeVisible(db: DbOrTx, user: AuthUser, id: number): Promise<void> {
  const [row] = await db.select({ id: employees.id }).from(employees).where(eq(employees.id, id));
  if (!row) throw notFound('Employee not found');
  const scope = allowedFilials(user);
  if (scope === 'all') return;
  const theirs = await db.select({ filialId: employeeFilials.filialId }).from(employeeFilials).where(eq(employeeFilials.employeeId, id));
  // No branches means every branch, which the user's branches are part of.
  if (theirs.length && !theirs.some((f) => scope.includes(f.filialId))) throw notFound('Employee not found');
}

const itemColumns = {
  id: comments.id,
  text: comments.text,
  authorId: employees.id,
  authorName: employees.fullName,
  student: comments.studentId,
  lead: comments.leadId,
  employee: comments.employeeId,
  at: comments.createdAt,
};
type Row = {
  id: number;
  text: string;
  authorId: number | null;
  authorName: string | null;
  student: number | null;
  lead: number | null;
  employee: number | null;
  at: Date;
};
const toItem = (r: Row): CommentItem => ({
  id: r.id,
  text: r.text,
  author: r.authorId == null ? null : { id: r.authorId, full_name: r.authorName ?? '' },
  student: r.student,
  lead: r.lead,
  employee: r.employee,
  created_at: new Date(r.at).toISOString(),
});

async function page(db: Db, where: SQL | undefined, query: { page: number; page_size: number }, url: string): Promise<Page<CommentItem>> {
  const [{ n }] = await db.select({ n: count() }).from(comments).where(where);
  const rows = await db
    .select(itemColumns)
    .from(comments)
    .leftJoin(employees, eq(employees.id, comments.authorId))
    .where(where)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  return toPage(url, query, n, rows.map(toItem));
}

async function byId(tx: DbOrTx, id: number): Promise<CommentItem> {
  const [row] = await tx
    .select(itemColumns)
    .from(comments)
    .leftJoin(employees, eq(employees.id, comments.authorId))
    .where(eq(comments.id, id));
  return toItem(row);
}

/** GET /comments/all/{id}/ */
export async function listComments(db: Db, user: AuthUser, id: number, query: z.output<typeof commentsQuery>, url: string) {
  await targetFilial(db, user, query.target, id);
  const target = query.target === 'student' ? eq(comments.studentId, id) : eq(comments.leadId, id);
  return page(db, and(target, query.creator ? eq(comments.authorId, query.creator) : undefined), query, url);
}

/** POST /comments/ */
export async function addComment(db: Db, actor: Actor, body: z.output<typeof commentCreate>): Promise<CommentItem> {
  const target: CommentTarget = body.student !== undefined ? 'student' : 'lead';
  const targetId = (body.student ?? body.lead)!;
  return db.transaction(async (tx) => {
    const filialId = await targetFilial(tx, actor.user, target, targetId);
    const [row] = await tx
      .insert(comments)
      .values({ filialId, studentId: body.student ?? null, leadId: body.lead ?? null, authorId: actor.user.id, text: body.text })
      .returning({ id: comments.id });
    await audit(tx, {
      actorId: actor.user.id,
      action: 'comment.create',
      entity: 'comment',
      entityId: row.id,
      filialId,
      after: { [target]: targetId, text: body.text },
      ip: actor.ip,
    });
    return byId(tx, row.id);
  });
}

/** GET /comments/stuff/?id= */
export async function listStaffComments(db: Db, user: AuthUser, query: z.output<typeof staffCommentsQuery>, url: string) {
  await assertEmployeeVisible(db, user, query.id);
  return page(db, eq(comments.employeeId, query.id), query, url);
}

/** POST /comments/stuff/ */
export async function addStaffComment(db: Db, actor: Actor, body: z.output<typeof staffCommentCreate>): Promise<CommentItem> {
  return db.transaction(async (tx) => {
    await assertEmployeeVisible(tx, actor.user, body.employee);
    const [row] = await tx
      .insert(comments)
      .values({ employeeId: body.employee, authorId: actor.user.id, text: body.text })
      .returning({ id: comments.id });
    await audit(tx, {
      actorId: actor.user.id,
      action: 'comment.create',
      entity: 'comment',
      entityId: row.id,
      after: { employee: body.employee, text: body.text },
      ip: actor.ip,
    });
    return byId(tx, row.id);
  });
}
