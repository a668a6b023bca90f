// The outbox as people see it (GET /api/messages/): filtered, newest first, each message with its history; the
// month's count and SMS parts per branch; a failed message sent again. Always within the user's branches.
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { addDays, addMonths, centreInstant, centreToday } from '../../../contract/centreDay';
import { smsLength, gsmFriendly } from '../../../contract/smsText';
import type { MessageStats, MessagesQuery, ParentMessage } from '../../../contract/parentMessagesApi';
import type { Db, DbOrTx } from '../../db/client';
import { filials, leads, parentMessageHistory, parentMessages, students } from '../../db/schema';
import type { Actor, AuthUser } from '../core/actor';
import { conflict, notFound } from '../core/errors';
import { type FilialScope, resolveFilial } from '../core/scope';
import { audit } from '../audit/record';
import { type Page, type PageRequest, pageOffset, toPage } from '../catalogue/paging';

type ParsedQuery = Omit<MessagesQuery, 'page' | 'page_size'> & PageRequest;

const inBranches = (scope: FilialScope): SQL | undefined => (scope === 'all' ? undefined : inArray(parentMessages.filialId, scope.length ? scope : [-1]));

/** A Tashkent day's start as an instant. */
const dayStart = (day: string) => new Date(centreInstant(day, '00:00'));

function conditions(user: AuthUser, q: Omit<ParsedQuery, 'page' | 'page_size'>): SQL | undefined {
  const scope = resolveFilial(user, q.filial);
  return and(
    inBranches(scope),
    q.student ? eq(parentMessages.studentId, q.student) : undefined,
    q.status ? eq(parentMessages.status, q.status) : undefined,
    q.channel ? eq(parentMessages.channel, q.channel) : undefined,
    q.event ? eq(parentMessages.event, q.event) : undefined,
    q.start_date ? gte(parentMessages.createdAt, dayStart(q.start_date)) : undefined,
    q.end_date ? lt(parentMessages.createdAt, dayStart(addDays(q.end_date, 1))) : undefined,
  );
}

const columns = {
  id: parentMessages.id,
  filialId: parentMessages.filialId,
  studentId: parentMessages.studentId,
  studentName: students.fullName,
  leadId: parentMessages.leadId,
  leadName: leads.fullName,
  phone: parentMessages.phone,
  channel: parentMessages.channel,
  event: parentMessages.event,
  sourceId: parentMessages.sourceId,
  text: parentMessages.text,
  parts: parentMessages.parts,
  status: parentMessages.status,
  attempts: parentMessages.attempts,
  reason: parentMessages.reason,
  createdAt: parentMessages.createdAt,
  nextAttemptAt: parentMessages.nextAttemptAt,
  sentAt: parentMessages.sentAt,
  deliveredAt: parentMessages.deliveredAt,
};

async function selectMessages(q: DbOrTx, where: SQL | undefined, limit: number, offset: number): Promise<ParentMessage[]> {
  const rows = await q
    .select(columns)
    .from(parentMessages)
    .leftJoin(students, eq(students.id, parentMessages.studentId))
    .leftJoin(leads, eq(leads.id, parentMessages.leadId))
    .where(where)
    .orderBy(desc(parentMessages.createdAt), desc(parentMessages.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((r) => r.id);
  const history = ids.length
    ? await q.select().from(parentMessageHistory).where(inArray(parentMessageHistory.messageId, ids)).orderBy(asc(parentMessageHistory.id))
    : [];
  return rows.map((r) => ({
    id: r.id,
    filial: r.filialId,
    student: r.studentId !== null ? { id: r.studentId, full_name: r.studentName ?? '' } : null,
    lead: r.leadId !== null ? { id: r.leadId, full_name: r.leadName ?? '' } : null,
    phone: r.phone,
    channel: r.channel,
    event: r.event,
    source_id: r.sourceId,
    text: r.text,
    // Until it is sent, the parts it will cost: the text as the sender will hand it over.
    parts: r.parts || smsLength(gsmFriendly(r.text)).parts,
    status: r.status,
    attempts: r.attempts,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    next_attempt_at: r.nextAttemptAt.toISOString(),
    sent_at: r.sentAt?.toISOString() ?? null,
    delivered_at: r.deliveredAt?.toISOString() ?? null,
    history: history.filter((h) => h.messageId === r.id).map((h) => ({ status: h.status, reason: h.reason, at: h.at.toISOString() })),
  }));
}

export async function listMessages(db: DbOrTx, user: AuthUser, query: ParsedQuery, url: string): Promise<Page<ParentMessage>> {
  const where = conditions(user, query);
  const [{ n }] = await db.select({ n: count() }).from(parentMessages).where(where);
  return toPage(url, query, n, await selectMessages(db, where, query.page_size, pageOffset(query)));
}

async function messageInScope(q: DbOrTx, user: AuthUser, id: number): Promise<ParentMessage> {
  const [m] = await selectMessages(q, and(eq(parentMessages.id, id), inBranches(resolveFilial(user))), 1, 0);
  if (!m) throw notFound('Message not found');
  return m;
}

/** POST /api/messages/{id}/resend/: a failed message waits again, its attempts from zero. */
export async function resendMessage(db: Db, actor: Actor, id: number): Promise<ParentMessage> {
  return db.transaction(async (tx) => {
    await tx.select({ id: parentMessages.id }).from(parentMessages).where(eq(parentMessages.id, id)).for('update');
    const before = await messageInScope(tx, actor.user, id);
    if (before.status !== 'failed') throw conflict('Only a failed message is sent again');
    await tx.update(parentMessages).set({ status: 'waiting', attempts: 0, reason: null, nextAttemptAt: actor.now, leaseUntil: null }).where(eq(parentMessages.id, id));
    await tx.insert(parentMessageHistory).values({ messageId: id, status: 'waiting', reason: 'resent', at: actor.now });
    await audit(tx, { actorId: actor.user.id, action: 'message.resend', at: actor.now, entity: 'parent_message', entityId: id, filialId: before.filial, ip: actor.ip });
    return messageInScope(tx, actor.user, id);
  });
}

/** GET /api/messages/stats/: messages created in the month (Tashkent), their parts and failures, per branch. */
export async function messageStats(db: DbOrTx, user: AuthUser, q: { month?: string; filial?: number }, provider: string | null, now: Date): Promise<MessageStats> {
  const month = q.month ?? centreToday(now).slice(0, 7);
  const first = `${month}-01`;
  const scope = resolveFilial(user, q.filial);
  const rows = await db
    .select({
      filial: filials.id,
      name: filials.name,
      count: count(parentMessages.id),
      // The cost: parts of what the gateway accepted (a refused or waiting message costs nothing).
      parts: sql<string>`sum(${parentMessages.parts}) filter (where ${parentMessages.status} in ('sent', 'delivered'))`,
      failed: sql<number>`count(*) filter (where ${parentMessages.status} = 'failed')`.mapWith(Number),
    })
    .from(filials)
    .leftJoin(
      parentMessages,
      and(eq(parentMessages.filialId, filials.id), gte(parentMessages.createdAt, dayStart(first)), lt(parentMessages.createdAt, dayStart(addMonths(first, 1)))),
    )
    .where(scope === 'all' ? eq(filials.isArchived, false) : inArray(filials.id, scope.length ? scope : [-1]))
    .groupBy(filials.id, filials.name)
    .orderBy(asc(filials.name));
  return { month, provider, branches: rows.map((r) => ({ filial: r.filial, name: r.name, count: r.count, parts: Number(r.parts ?? 0), failed: r.failed })) };
}
