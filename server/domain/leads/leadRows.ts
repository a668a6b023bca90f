// Reading leads as the API shows them: one select joining the names of the subject, level, source, operator and
// ordered group, and the filters of GET /lid/ and /lid/no-pg/.
import { and, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Lead, LeadStage as ContractStage, leadsQuery } from '../../../contract/leads';
import type { DbOrTx } from '../../db/client';
import { namedColumns, personColumns } from '../../db/refs';
import { employees, groups, leads, marketingSources, subjectLevels, subjects } from '../../db/schema';
import { containsPattern } from '../catalogue/common';
import { CENTRE_TIME_ZONE, hhmm } from '../lessons/dates';
import type { FilialScope } from '../core/scope';

const operators = alias(employees, 'lead_operator');

const selection = {
  id: leads.id,
  filial: leads.filialId,
  full_name: leads.fullName,
  phone: leads.phone,
  extra_phone: leads.extraPhone,
  subject: namedColumns(subjects),
  level: namedColumns(subjectLevels),
  source: namedColumns(marketingSources),
  preferred_days: leads.preferredDays,
  preferred_time: leads.preferredTime,
  comment: leads.comment,
  operator: personColumns(operators),
  stage: leads.stage,
  is_archived: leads.isArchived,
  archived_reason: leads.archivedReason,
  order_group: namedColumns(groups),
  first_lesson_date: leads.firstLessonDate,
  created_at: leads.createdAt,
};

function fromLeads(q: DbOrTx, where: SQL | undefined) {
  return q
    .select(selection)
    .from(leads)
    .leftJoin(subjects, eq(subjects.id, leads.subjectId))
    .leftJoin(subjectLevels, eq(subjectLevels.id, leads.levelId))
    .leftJoin(marketingSources, eq(marketingSources.id, leads.sourceId))
    .leftJoin(operators, eq(operators.id, leads.operatorId))
    .leftJoin(groups, eq(groups.id, leads.orderGroupId))
    .where(where)
    .orderBy(sql`${leads.createdAt} desc`, sql`${leads.id} desc`)
    .$dynamic();
}

type Row = Awaited<ReturnType<typeof fromLeads>>[number];

function toLead(r: Row): Lead {
  return {
    ...r,
    preferred_time: r.preferred_time ? hhmm(r.preferred_time) : null,
    is_student: r.stage === 'JOINED',
    created_at: r.created_at.toISOString(),
  };
}

/** Leads with their names joined, newest first, under `where`. */
export async function selectLeads(q: DbOrTx, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<Lead[]> {
  const query = fromLeads(q, where);
  return (await (page ? query.limit(page.limit).offset(page.offset) : query)).map(toLead);
}

export function scopeWhere(scope: FilialScope): SQL | undefined {
  return scope === 'all' ? undefined : inArray(leads.filialId, scope);
}

/** created_at's date in the centre's time zone, for start_date/end_date filters. */
export const createdOn = sql`(${leads.createdAt} at time zone ${sql.raw(`'${CENTRE_TIME_ZONE}'`)})::date`;

export function periodWhere(start?: string, end?: string): SQL | undefined {
  return and(start ? gte(createdOn, start) : undefined, end ? lte(createdOn, end) : undefined);
}

type Filters = Omit<z.output<typeof leadsQuery>, 'page' | 'page_size'>;

/** The list filters; absent ones are ignored. A stage given both ways must match both (no rows otherwise). */
export function filtersWhere(f: Filters): SQL | undefined {
  const stages = [f.stage, f.lid_stage_type].filter((s): s is ContractStage => s != null);
  return and(
    eq(leads.isArchived, f.is_archived ?? false),
    ...stages.map((s) => eq(leads.stage, s)),
    // Leads that became students are not leads any more for the lists that ask is_student=false.
    f.is_student === false ? sql`${leads.stage} <> 'JOINED'` : undefined,
    f.is_student === true ? eq(leads.stage, 'JOINED') : undefined,
    f.source ? eq(leads.sourceId, f.source) : undefined,
    f.operator ? eq(leads.operatorId, f.operator) : undefined,
    f.subject ? eq(leads.subjectId, f.subject) : undefined,
    periodWhere(f.start_date, f.end_date),
    f.q ? or(ilike(leads.fullName, containsPattern(f.q)), ilike(leads.phone, containsPattern(f.q.replace(/[\s\-()]/g, '')))) : undefined,
  );
}
