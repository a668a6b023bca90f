// Reading leads as the API shows them: one select joining the names of the subject, level, source, operator and
// ordered group, and the filters of GET /lid/ and /lid/no-pg/.
import { and, eq, gte, ilike, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Lead, LeadStage as ContractStage, leadsQuery } from '../../../contract/leads';
import type { DbOrTx } from '../../db/client';
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
  subjectId: subjects.id,
  subjectName: subjects.name,
  levelId: subjectLevels.id,
  levelName: subjectLevels.name,
  sourceId: marketingSources.id,
  sourceName: marketingSources.name,
  preferred_days: leads.preferredDays,
  preferred_time: leads.preferredTime,
  comment: leads.comment,
  operatorId: operators.id,
  operatorName: operators.fullName,
  stage: leads.stage,
  is_archived: leads.isArchived,
  archived_reason: leads.archivedReason,
  groupId: groups.id,
  groupName: groups.name,
  first_lesson_date: leads.firstLessonDate,
  created_at: leads.createdAt,
};

type Row = {
  id: number; filial: number; full_name: string; phone: string; extra_phone: string | null;
  subjectId: number | null; subjectName: string | null; levelId: number | null; levelName: string | null;
  sourceId: number | null; sourceName: string | null; preferred_days: number[]; preferred_time: string | null;
  comment: string; operatorId: number | null; operatorName: string | null; stage: ContractStage; is_archived: boolean;
  archived_reason: string | null; groupId: number | null; groupName: string | null; first_lesson_date: string | null;
  created_at: Date;
};

const ref = (id: number | null, name: string | null) => (id == null || name == null ? null : { id, name });

function toLead(r: Row): Lead {
  return {
    id: r.id,
    filial: r.filial,
    full_name: r.full_name,
    phone: r.phone,
    extra_phone: r.extra_phone,
    subject: ref(r.subjectId, r.subjectName),
    level: ref(r.levelId, r.levelName),
    source: ref(r.sourceId, r.sourceName),
    preferred_days: r.preferred_days,
    preferred_time: r.preferred_time ? hhmm(r.preferred_time) : null,
    comment: r.comment,
    operator: r.operatorId == null ? null : { id: r.operatorId, full_name: r.operatorName ?? '' },
    stage: r.stage,
    is_archived: r.is_archived,
    archived_reason: r.archived_reason,
    order_group: ref(r.groupId, r.groupName),
    first_lesson_date: r.first_lesson_date,
    is_student: r.stage === 'JOINED',
    created_at: r.created_at.toISOString(),
  };
}

/** Leads with their names joined, newest first, under `where`. */
export async function selectLeads(q: DbOrTx, where: SQL | undefined, page?: { limit: number; offset: number }): Promise<Lead[]> {
  let query = q
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
  if (page) query = query.limit(page.limit).offset(page.offset);
  return (await query).map(toLead);
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
