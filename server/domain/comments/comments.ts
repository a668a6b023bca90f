// Comments on a student, a lead or an employee (spec section 7: /comments/all/{id}/, /comments/,
// /comments/stuff/), newest first with their author. Branch scope goes through the target: a student's or
// lead's branch; an employee is visible when they share a branch with the user (or work in every branch, or
// the user does). Outside it: 404.
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CommentItem,
  CommentTarget,
  commentCreate,
  commentsQuery,
  staffCommentCreate,
  staffCommentsQuery,
} from '../../../contract/comments';
import type { Db, DbOrTx } from '../../db/client';
import { personColumns } from '../../db/refs';
import { comments, employeeFilials, employees, leads } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import { notify } from '../notifications/notifications';
import { mentionText } from '../tasks/texts';
import { pageOffset, toPage, type Page } from '../catalogue/paging';
import type { Actor } from '../lessons/access';
import { allowedFilials, inScope } from '../core/scope';
import { findStudent } from '../students/students';

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

/** Comments with their author (null where the account is gone), for the caller's conditions. */
function fromComments(q: DbOrTx) {
  return q
    .select({
      id: comments.id,
      text: comments.text,
      author: personColumns(employees),
      student: comments.studentId,
      lead: comments.leadId,
      employee: comments.employeeId,
      at: comments.createdAt,
    })
    .from(comments)
    .leftJoin(employees, eq(employees.id, comments.authorId));
}
type Row = Awaited<ReturnType<typeof fromComments>>[number];
const toItem = ({ at, ...r }: Row): CommentItem => ({ ...r, created_at: new Date(at).toISOString() });

async function page(db: Db, where: SQL | undefined, query: { page: number; page_size: number }, url: string): Promise<Page<CommentItem>> {
  const [{ n }] = await db.select({ n: count() }).from(comments).where(where);
  const rows = await fromComments(db)
    .where(where)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(query.page_size)
    .offset(pageOffset(query));
  return toPage(url, query, n, rows.map(toItem));
}

async function byId(tx: DbOrTx, id: number): Promise<CommentItem> {
  const [row] = await fromComments(tx).where(eq(comments.id, id));
  return toItem(row);
}

/** Where a notification about a comment on this object leads. */
function commentLink(target: CommentTarget | 'employee', id: number): string {
  if (target === 'student') return `/students/info?id=${id}&tab=comments`;
  if (target === 'lead') return `/leads/lead_info?id=${id}`;
  return `/employees/info?id=${id}`;
}

/**
 * Notifies the mentioned employees (not the author, each once). Each must be an active employee working in
 * `filialIds` (one of them; an employee with no branches works in all, and so does a target with none): 400 otherwise.
 */
async function notifyMentions(
  tx: DbOrTx,
  actor: Actor,
  localesDir: string,
  mentions: number[] | undefined,
  place: { filialIds: number[] | 'all'; filialId: number | null; link: string; text: string },
): Promise<void> {
  const ids = [...new Set(mentions ?? [])].filter((id) => id !== actor.user.id);
  if (ids.length === 0) return;
  const people = await tx
    .select({ id: employees.id, archived: employees.isArchived })
    .from(employees)
    .where(inArray(employees.id, ids));
  const branches = await tx.select({ employeeId: employeeFilials.employeeId, filialId: employeeFilials.filialId }).from(employeeFilials).where(inArray(employeeFilials.employeeId, ids));
  for (const id of ids) {
    const person = people.find((p) => p.id === id);
    const theirs = branches.filter((b) => b.employeeId === id).map((b) => b.filialId);
    const shares = place.filialIds === 'all' || theirs.length === 0 || theirs.some((f) => (place.filialIds as number[]).includes(f));
    if (!person || person.archived || !shares) throw fieldError('mentions', 'tasks.errors.mention');
  }
  const [author] = await tx.select({ name: employees.fullName }).from(employees).where(eq(employees.id, actor.user.id));
  const comment = mentionText(localesDir, { author: author?.name ?? '', text: place.text });
  await notify(tx, ids.map((userId) => ({ userId, comment, filialId: place.filialId, link: place.link })));
}

/** GET /comments/all/{id}/ */
export async function listComments(db: Db, user: AuthUser, id: number, query: z.output<typeof commentsQuery>, url: string) {
  await targetFilial(db, user, query.target, id);
  const target = query.target === 'student' ? eq(comments.studentId, id) : eq(comments.leadId, id);
  return page(db, and(target, query.creator ? eq(comments.authorId, query.creator) : undefined), query, url);
}

/** POST /comments/ */
export async function addComment(db: Db, actor: Actor, body: z.output<typeof commentCreate>, localesDir = 'locales'): Promise<CommentItem> {
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
      after: { [target]: targetId, text: body.text, mentions: body.mentions ?? [] },
      ip: actor.ip,
    });
    await notifyMentions(tx, actor, localesDir, body.mentions, { filialIds: [filialId], filialId, link: commentLink(target, targetId), text: body.text });
    return byId(tx, row.id);
  });
}

/** GET /comments/stuff/?id= */
export async function listStaffComments(db: Db, user: AuthUser, query: z.output<typeof staffCommentsQuery>, url: string) {
  await assertEmployeeVisible(db, user, query.id);
  return page(db, eq(comments.employeeId, query.id), query, url);
}

/** POST /comments/stuff/ */
export async function addStaffComment(db: Db, actor: Actor, body: z.output<typeof staffCommentCreate>, localesDir = 'locales'): Promise<CommentItem> {
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
      after: { employee: body.employee, text: body.text, mentions: body.mentions ?? [] },
      ip: actor.ip,
    });
    // Mentioned people must share a branch with the employee commented on (one with no branches: any).
    const targetBranches = await tx.select({ filialId: employeeFilials.filialId }).from(employeeFilials).where(eq(employeeFilials.employeeId, body.employee));
    const filialIds = targetBranches.length ? targetBranches.map((b) => b.filialId) : ('all' as const);
    await notifyMentions(tx, actor, localesDir, body.mentions, {
      filialIds,
      filialId: filialIds === 'all' ? null : filialIds[0]!,
      link: commentLink('employee', body.employee),
      text: body.text,
    });
    return byId(tx, row.id);
  });
}
