// The demo centre's leads: 15 per branch spread over new, waiting and ordered (into a running group of the
// branch), a few archived, most with a marketing source, all handled by the demo call operator, each with its history. Runs in the demo
// seed's transaction, after the students (students have 97x phones, leads 99x, so no false duplicates).
import { and, asc, eq, notInArray } from 'drizzle-orm';
import { CLOSED_GROUP_STATUSES } from '../../contract/groups';
import type { LeadStage } from '../../contract/leads';
import type { DbOrTx } from '../db/client';
import { employees, groups, leadLogs, leads, marketingSources, subjects } from '../db/schema';
import { addDays, centreToday } from '../domain/lessons/dates';
import { DEMO_FILIALS, type DemoFilial } from './demo';

const NAMES = ['Aziza Karimova', 'Bekzod Aliyev', 'Diyora Saidova', 'Elyor Tursunov', 'Feruza Qodirova', 'Gʻayrat Nazarov',
  'Hilola Ergasheva', 'Islom Hamidov', 'Jasmina Sobirova', 'Kamron Usmonov', 'Lola Rahimova', 'Mirjalol Yoqubov',
  'Nargiza Karimova', 'Oybek Aliyev', 'Parizoda Saidova'];
const STAGES: LeadStage[] = ['YANGI_LEAD', 'YANGI_LEAD', 'KUTULMOQDA', 'YANGI_LEAD', 'KUTULMOQDA', 'ORDER_CREATED'];
const LEADS_PER_BRANCH = 15;
const OPERATOR_PHONE = '+998900000002';

export async function seedLeads(tx: DbOrTx, filialId: (name: DemoFilial) => number, now: Date): Promise<void> {
  const [operator] = await tx.select({ id: employees.id }).from(employees).where(eq(employees.phone, OPERATOR_PHONE));
  const subjectRows = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.isArchived, false)).orderBy(asc(subjects.id));
  // The demo marketing sources when they are seeded first; every fifth lead has none.
  const sourceRows = await tx.select({ id: marketingSources.id }).from(marketingSources).where(eq(marketingSources.isArchived, false)).orderBy(asc(marketingSources.id));
  const today = centreToday(now);
  for (const [b, branch] of DEMO_FILIALS.entries()) {
    const fid = filialId(branch);
    const [group] = await tx
      .select({ id: groups.id, startDate: groups.startDate, endDate: groups.endDate })
      .from(groups)
      .where(and(eq(groups.filialId, fid), eq(groups.isSecondary, false), notInArray(groups.status, [...CLOSED_GROUP_STATUSES])))
      .orderBy(asc(groups.id))
      .limit(1);
    for (let i = 0; i < LEADS_PER_BRANCH; i++) {
      let stage = STAGES[i % STAGES.length];
      // The first lesson is a few days ahead, inside the group's dates; without a running group no order.
      const firstLesson = group ? [addDays(today, 3 + (i % 5)), group.startDate].sort()[1] : null;
      if (stage === 'ORDER_CREATED' && (!group || !firstLesson || firstLesson > group.endDate)) stage = 'KUTULMOQDA';
      const archived = i % 7 === 6;
      const createdAt = new Date(Date.now() - (i * 26 + b * 5 + 1) * 3600_000);
      const [row] = await tx
        .insert(leads)
        .values({
          filialId: fid,
          fullName: NAMES[(i + b * 4) % NAMES.length],
          phone: `+99899${String(1_000_000 + b * 1000 + i).padStart(7, '0')}`,
          subjectId: subjectRows.length ? subjectRows[i % subjectRows.length].id : null,
          sourceId: sourceRows.length && i % 5 !== 4 ? sourceRows[(i + b) % sourceRows.length].id : null,
          preferredDays: i % 2 ? [2, 4, 6] : [1, 3, 5],
          preferredTime: i % 3 ? '15:00' : '10:00',
          comment: i % 4 === 0 ? 'Kechki vaqt qulay' : '',
          operatorId: operator?.id ?? null,
          stage,
          isArchived: archived,
          archivedReason: archived ? 'no_answer' : null,
          archivedAt: archived ? createdAt : null,
          orderGroupId: stage === 'ORDER_CREATED' ? group!.id : null,
          firstLessonDate: stage === 'ORDER_CREATED' ? firstLesson : null,
          createdBy: operator?.id ?? null,
          createdAt,
          updatedAt: createdAt,
        })
        .returning({ id: leads.id });
      const history: (typeof leadLogs.$inferInsert)[] = [{ leadId: row.id, actorId: operator?.id, action: 'create', toStage: 'YANGI_LEAD', createdAt }];
      if (stage !== 'YANGI_LEAD') history.push({ leadId: row.id, actorId: operator?.id, action: stage === 'ORDER_CREATED' ? 'order' : 'stage', fromStage: 'YANGI_LEAD', toStage: stage, createdAt: new Date(createdAt.getTime() + 3600_000) });
      if (archived) history.push({ leadId: row.id, actorId: operator?.id, action: 'archive', fromStage: stage, toStage: stage, comment: 'no_answer', createdAt: new Date(createdAt.getTime() + 7200_000) });
      await tx.insert(leadLogs).values(history);
    }
  }
}
