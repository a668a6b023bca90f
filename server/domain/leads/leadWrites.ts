// Writes of /lid/: create (with a same-phone warning), edit / stage move / archive / restore, create_order and
// change_order.
// Each runs in one transaction and leaves a lead_logs row and an audit entry.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Lead, LeadDuplicate, leadCreateBody, leadOrderBody, leadPatchBody } from '../../../contract/leads';
import { leadTransition, type LeadMove, type LeadPosition } from '../../../contract/leadStages';
import type { Db, DbOrTx } from '../../db/client';
import { employeeFilials, employees, filials, leads, marketingSources, subjectLevels, subjects } from '../../db/schema';
import { conflictMessage, notFound, fieldError } from '../core/errors';
import { audit } from '../audit/record';
import type { Actor } from '../catalogue/common';
import { allowedFilials, inScope, resolveFilial } from '../core/scope';
import { asDuplicates, findSamePhone, refuseSamePhone } from '../students/samePhone';
import { writeLeadLog } from './leadLogs';
import { selectLeads } from './leadRows';
import { checkOrder } from './orderDay';
import { orderWelcome } from '../messages/events';
import { moveToStage } from './stages';

/** 409 for a move the pipeline does not allow from where the lead stands. */
function illegalMove(from: LeadPosition, move: LeadMove) {
  const where = `${from.stage}${from.is_archived ? ' (archived)' : ''}`;
  return conflictMessage('errors.leadMove', { move: move.type, stage: where }, { stage: from.stage, is_archived: from.is_archived });
}

type CreateInput = z.output<typeof leadCreateBody>;
type PatchInput = z.output<typeof leadPatchBody>;
type OrderInput = z.output<typeof leadOrderBody>;

async function readLead(tx: DbOrTx, id: number): Promise<Lead> {
  const [row] = await selectLeads(tx, eq(leads.id, id));
  return row;
}

/** The lead in the user's scope, locked for the rest of the transaction; 404 otherwise. */
async function lockLead(tx: DbOrTx, actor: Actor, id: number) {
  const [row] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
  if (!row || !inScope(allowedFilials(actor.user), row.filialId)) throw notFound('Lead not found');
  return row;
}

/** An active employee who works in `filial`: it is in their branch list, or their list is empty (every branch). */
async function worksInBranch(tx: DbOrTx, employeeId: number, filial: number | undefined): Promise<boolean> {
  const [e] = await tx.select({ id: employees.id }).from(employees).where(and(eq(employees.id, employeeId), eq(employees.isArchived, false)));
  if (!e || filial === undefined) return Boolean(e);
  const branches = await tx.select({ filialId: employeeFilials.filialId }).from(employeeFilials).where(eq(employeeFilials.employeeId, employeeId));
  return branches.length === 0 || branches.some((b) => b.filialId === filial);
}

/** Referenced rows must exist and be active; a level must belong to the lead's subject; the operator must work in
 * the lead's branch (`filial`). 400 on the field. */
async function checkRefs(
  tx: DbOrTx,
  refs: { subject?: number | null; level?: number | null; source?: number | null; operator?: number | null; filial?: number },
) {
  if (refs.subject != null) {
    const [s] = await tx.select({ id: subjects.id }).from(subjects).where(and(eq(subjects.id, refs.subject), eq(subjects.isArchived, false)));
    if (!s) throw fieldError('subject', 'validation.notFound');
  }
  if (refs.level != null) {
    const [l] = await tx.select({ subjectId: subjectLevels.subjectId }).from(subjectLevels).where(and(eq(subjectLevels.id, refs.level), eq(subjectLevels.isArchived, false)));
    if (!l || (refs.subject != null && l.subjectId !== refs.subject)) throw fieldError('level', 'validation.notFound');
  }
  if (refs.source != null) {
    const [m] = await tx.select({ id: marketingSources.id }).from(marketingSources).where(and(eq(marketingSources.id, refs.source), eq(marketingSources.isArchived, false)));
    if (!m) throw fieldError('source', 'validation.notFound');
  }
  if (refs.operator != null && !(await worksInBranch(tx, refs.operator, refs.filial))) throw fieldError('operator', 'validation.operatorBranch');
}

export async function createLead(db: Db, actor: Actor, body: CreateInput): Promise<Lead & { duplicates: LeadDuplicate[] }> {
  return db.transaction(async (tx) => {
    resolveFilial(actor.user, body.filial);
    const [branch] = await tx.select({ id: filials.id }).from(filials).where(and(eq(filials.id, body.filial), eq(filials.isArchived, false)));
    if (!branch) throw fieldError('filial', 'validation.notFound');
    // A call operator's leads are their own; others may name the operator who handles the lead.
    const operator = actor.user.role === 'CALL_OPERATOR' ? actor.user.id : (body.operator ?? null);
    await checkRefs(tx, { subject: body.subject, level: body.level, source: body.source, operator: actor.user.role === 'CALL_OPERATOR' ? null : operator, filial: body.filial });
    await refuseSamePhone(tx, allowedFilials(actor.user), [body.phone, body.extra_phone], body.confirm_duplicate);
    const [row] = await tx
      .insert(leads)
      .values({
        filialId: body.filial,
        fullName: body.full_name,
        phone: body.phone,
        extraPhone: body.extra_phone ?? null,
        subjectId: body.subject ?? null,
        levelId: body.level ?? null,
        sourceId: body.source ?? null,
        preferredDays: body.preferred_days ?? [],
        preferredTime: body.preferred_time ?? null,
        comment: body.comment ?? '',
        operatorId: operator,
        createdBy: actor.user.id,
      })
      .returning({ id: leads.id });
    await writeLeadLog(tx, { leadId: row.id, actorId: actor.user.id, action: 'create', toStage: 'YANGI_LEAD', comment: body.comment ?? '' });
    const created = await readLead(tx, row.id);
    await audit(tx, { actorId: actor.user.id, action: 'lead.create', entity: 'lead', entityId: row.id, filialId: body.filial, after: created, ip: actor.ip });
    return { ...created, duplicates: asDuplicates(await findSamePhone(tx, allowedFilials(actor.user), body.phone, { lead: row.id })) };
  });
}

const FIELD_COLUMNS = {
  full_name: 'fullName',
  phone: 'phone',
  extra_phone: 'extraPhone',
  subject: 'subjectId',
  level: 'levelId',
  source: 'sourceId',
  preferred_days: 'preferredDays',
  preferred_time: 'preferredTime',
  comment: 'comment',
  operator: 'operatorId',
} as const satisfies Record<string, keyof typeof leads.$inferInsert>;

export async function patchLead(db: Db, actor: Actor, id: number, body: PatchInput): Promise<Lead> {
  return db.transaction(async (tx) => {
    const current = await lockLead(tx, actor, id);
    const before = await readLead(tx, id);
    const set: Partial<typeof leads.$inferInsert> = {};
    for (const [field, column] of Object.entries(FIELD_COLUMNS) as [keyof typeof FIELD_COLUMNS, (typeof FIELD_COLUMNS)[keyof typeof FIELD_COLUMNS]][]) {
      if (body[field] !== undefined) (set as Record<string, unknown>)[column] = body[field];
    }
    // A level is checked against the subject the lead will have after the change.
    const subject = body.subject !== undefined ? body.subject : current.subjectId;
    await checkRefs(tx, { subject: body.subject, level: body.level === undefined ? undefined : body.level, source: body.source, operator: body.operator, filial: current.filialId });
    if (body.level != null && subject != null) await checkRefs(tx, { subject, level: body.level });
    const logs: Parameters<typeof writeLeadLog>[1][] = [];
    if (Object.keys(set).length) logs.push({ leadId: id, actorId: actor.user.id, action: 'update' });

    // Moves go one at a time through the shared rule: restore, then the stage, then archive. A flag already as
    // asked is no move (a whole form sent back unchanged is not refused).
    let position: LeadPosition = { stage: current.stage, is_archived: current.isArchived };
    const step = (move: LeadMove) => {
      const next = leadTransition(position, move);
      if (!next) throw illegalMove(position, move);
      position = { stage: next.stage, is_archived: next.is_archived };
      return next;
    };
    if (body.is_archived === false && position.is_archived) {
      step({ type: 'restore' });
      Object.assign(set, { isArchived: false, archivedReason: null, archivedAt: null });
      logs.push({ leadId: id, actorId: actor.user.id, action: 'restore', fromStage: current.stage, toStage: current.stage });
    }
    if (body.stage !== undefined && body.stage !== position.stage) {
      const from = position.stage;
      const move = moveToStage(from, body.stage);
      if (!move) throw conflictMessage('errors.leadMove', { move: body.stage, stage: from }, { stage: from });
      const next = step(move);
      set.stage = next.stage;
      // Taking an order back forgets its group and date.
      if (next.order === null) Object.assign(set, { orderGroupId: null, firstLessonDate: null });
      logs.push({ leadId: id, actorId: actor.user.id, action: 'stage', fromStage: from, toStage: next.stage });
    }
    if (body.is_archived === true && !position.is_archived) {
      const next = step({ type: 'archive', reason: body.archived_reason! });
      Object.assign(set, { isArchived: true, archivedReason: next.archived_reason, archivedAt: new Date() });
      logs.push({ leadId: id, actorId: actor.user.id, action: 'archive', fromStage: position.stage, toStage: position.stage, comment: body.archived_reason });
    }
    if (logs.length === 0) return before;
    await tx.update(leads).set({ ...set, updatedAt: new Date() }).where(eq(leads.id, id));
    for (const entry of logs) await writeLeadLog(tx, entry);
    const after = await readLead(tx, id);
    const kinds = new Set(logs.map((l) => l.action));
    const action = kinds.has('archive') ? 'lead.archive' : kinds.has('restore') ? 'lead.unarchive' : kinds.has('stage') ? 'lead.stage' : 'lead.update';
    await audit(tx, { actorId: actor.user.id, action, entity: 'lead', entityId: id, filialId: current.filialId, before, after, ip: actor.ip });
    return after;
  });
}

export async function createOrder(db: Db, actor: Actor, id: number, body: OrderInput): Promise<Lead> {
  return writeOrder(db, actor, id, { type: 'order', ...body });
}

/** PATCH /lid/{id}/change_order: another group or first-lesson day for an ordered lead, in one write. */
export async function changeOrder(db: Db, actor: Actor, id: number, body: OrderInput): Promise<Lead> {
  return writeOrder(db, actor, id, { type: 'changeOrder', ...body });
}

async function writeOrder(db: Db, actor: Actor, id: number, move: Extract<LeadMove, { type: 'order' | 'changeOrder' }>): Promise<Lead> {
  return db.transaction(async (tx) => {
    const current = await lockLead(tx, actor, id);
    const before = await readLead(tx, id);
    const position: LeadPosition = { stage: current.stage, is_archived: current.isArchived };
    const next = leadTransition(position, move);
    if (!next) throw illegalMove(position, move);
    const order = { group: move.group, first_lesson_date: move.first_lesson_date };
    // The same group and day again changes nothing (a dialog saved unchanged).
    if (move.type === 'changeOrder' && current.orderGroupId === order.group && current.firstLessonDate === order.first_lesson_date) return before;
    await checkOrder(tx, current.filialId, order);
    await tx
      .update(leads)
      .set({ stage: next.stage, orderGroupId: order.group, firstLessonDate: order.first_lesson_date, updatedAt: new Date() })
      .where(eq(leads.id, id));
    const action = move.type === 'order' ? 'order' : 'reorder';
    if (move.type === 'order') await orderWelcome(tx, current, order, actor.now);
    await writeLeadLog(tx, { leadId: id, actorId: actor.user.id, action, fromStage: current.stage, toStage: next.stage, comment: order.first_lesson_date });
    const after = await readLead(tx, id);
    await audit(tx, { actorId: actor.user.id, action: `lead.${action}`, entity: 'lead', entityId: id, filialId: current.filialId, before, after, ip: actor.ip });
    return after;
  });
}
