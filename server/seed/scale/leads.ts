// A branch's leads (about 0.3 per student) at every stage, with a marketing source for most and their history in
// lead_logs. Joined leads are the students who came through the call centre (students.lead_id ↔ leads.student_id);
// open ones are recent, orders point at a group still running or about to start.
import type { Faker } from '@faker-js/faker';
import { ARCHIVE_REASONS, type LeadStage } from '../../../contract/leadStages';
import type { Db } from '../../db/client';
import { TableWriter, reserveIds, type WriteMode } from './bulk';
import { dateOf, stamp } from './calendar';
import type { Branch } from './branches';
import type { BranchHistory, Student } from './history';
import { DAY_PATTERNS, HISTORY_DAYS, LEADS_PER_STUDENT, TIMES } from './plan';
import { personName, type PhoneBook, type Rng } from './random';
import type { Reference } from './reference';

type Lead = {
  id: number;
  name: string;
  phone: string;
  created: number;
  stage: LeadStage;
  archived: boolean;
  archivedReason: string | null;
  archivedAt: number | null;
  student: Student | null;
  orderGroup: number | null;
  firstLesson: number | null;
  subject: number;
  level: number | null;
  source: number | null;
  days: readonly number[];
  time: string;
};

export type LeadPlan = { leads: Lead[] };

/** Decides the branch's leads and links the joined ones to their students (before the students are written). */
export async function planLeads(db: Db, branch: Branch, h: BranchHistory, ref: Reference, today: number, rng: Rng, faker: Faker, phones: PhoneBook): Promise<LeadPlan> {
  const total = Math.round(branch.students * LEADS_PER_STUDENT);
  const eligible = h.students.filter((s) => s.memberships.length > 0 && s.created > today - HISTORY_DAYS + 20);
  const joined = Math.min(eligible.length, Math.round(total * 0.35));
  const first = await reserveIds(db, 'leads', total);
  const open = h.groups.filter((g) => g.status === 'planned' || (g.status === 'active' && g.endDay > today + 30));
  const leads: Lead[] = [];
  const source = () => (ref.sourceIds.length && rng.chance(0.85) ? rng.pick(ref.sourceIds) : null);
  const preferences = () => ({ days: rng.pick(DAY_PATTERNS), time: rng.pick(TIMES)[0] });
  // Every k-th eligible student came as a lead, spread over the whole history.
  const step = joined ? eligible.length / joined : 0;
  for (let i = 0; i < joined; i++) {
    const s = eligible[Math.floor(i * step)];
    const g = s.memberships[0].group;
    const lead: Lead = {
      id: first + leads.length, name: s.name, phone: s.phone, created: s.created - rng.int(2, 20), stage: 'JOINED', archived: false,
      archivedReason: null, archivedAt: null, student: s, orderGroup: g.id, firstLesson: s.memberships[0].joined,
      subject: g.course.subject, level: g.course.level, source: source(), ...preferences(),
    };
    s.leadId = lead.id;
    leads.push(lead);
  }
  while (leads.length < total) {
    const subject = rng.pick(ref.subjects);
    const level = rng.chance(0.6) ? rng.pick(subject.levels).id : null;
    const roll = rng.next();
    const archived = roll < 0.4;
    let stage: LeadStage = archived ? (rng.chance(0.6) ? 'YANGI_LEAD' : 'KUTULMOQDA') : roll < 0.65 ? 'YANGI_LEAD' : roll < 0.88 ? 'KUTULMOQDA' : 'ORDER_CREATED';
    const created = archived ? today - rng.int(10, HISTORY_DAYS) : today - rng.int(1, 45);
    const group = stage === 'ORDER_CREATED' && open.length ? rng.pick(open) : null;
    if (stage === 'ORDER_CREATED' && !group) stage = 'KUTULMOQDA';
    const sex = rng.chance(0.5) ? 'female' : 'male';
    leads.push({
      id: first + leads.length, name: personName(faker, sex), phone: phones.next(), created, stage, archived,
      archivedReason: archived ? rng.pick(ARCHIVE_REASONS) : null, archivedAt: archived ? Math.min(today - 1, created + rng.int(1, 20)) : null,
      student: null, orderGroup: group?.id ?? null, firstLesson: group ? Math.max(group.startDay, today + rng.int(1, 10)) : null,
      subject: subject.id, level, source: source(), ...preferences(),
    });
  }
  return { leads };
}

export async function writeLeads(db: Db, mode: WriteMode, branch: Branch, plan: LeadPlan): Promise<void> {
  const leads = new TableWriter(db, mode, 'leads', [
    ['id', 'int'], ['filial_id', 'int'], ['full_name', 'text'], ['phone', 'text'], ['subject_id', 'int'], ['level_id', 'int'], ['source_id', 'int'],
    ['preferred_days', 'smallint[]'], ['preferred_time', 'time'], ['operator_id', 'int'], ['stage', 'text'], ['is_archived', 'bool'],
    ['archived_reason', 'text'], ['archived_at', 'timestamptz'], ['order_group_id', 'int'], ['first_lesson_date', 'date'], ['student_id', 'int'],
    ['created_by', 'int'], ['created_at', 'timestamptz'], ['updated_at', 'timestamptz'],
  ], 5_000);
  const logs = new TableWriter(db, mode, 'lead_logs', [
    ['lead_id', 'int'], ['actor_id', 'int'], ['action', 'text'], ['from_stage', 'text'], ['to_stage', 'text'], ['comment', 'text'], ['created_at', 'timestamptz'],
  ]);
  const op = branch.operatorId;
  for (const l of plan.leads) {
    const at = (day: number, minute: number) => stamp(day, 540 + ((l.id * 37 + minute) % 600));
    const last = l.archivedAt ?? (l.student ? l.student.created : l.created + (l.stage === 'YANGI_LEAD' ? 0 : 1));
    await leads.push(l.id, branch.id, l.name, l.phone, l.subject, l.level, l.source, `{${l.days.join(',')}}`, l.time, op, l.stage, l.archived,
      l.archivedReason, l.archivedAt === null ? null : at(l.archivedAt, 30), l.orderGroup, l.firstLesson === null ? null : dateOf(l.firstLesson),
      l.student?.id ?? null, op, at(l.created, 0), at(last, 30));
  }
  await leads.flush();
  for (const l of plan.leads) {
    const at = (day: number, minute: number) => stamp(day, 540 + ((l.id * 37 + minute) % 600));
    await logs.push(l.id, op, 'create', null, 'YANGI_LEAD', '', at(l.created, 0));
    if (l.stage === 'KUTULMOQDA') await logs.push(l.id, op, 'stage', 'YANGI_LEAD', 'KUTULMOQDA', '', at(l.created + 1, 10));
    if (l.stage === 'ORDER_CREATED' || l.stage === 'JOINED') await logs.push(l.id, op, 'order', 'YANGI_LEAD', 'ORDER_CREATED', '', at(l.created + 1, 10));
    if (l.stage === 'JOINED') await logs.push(l.id, op, 'join', 'ORDER_CREATED', 'JOINED', dateOf(l.firstLesson!), at(l.student!.created, 20));
    if (l.archived) await logs.push(l.id, op, 'archive', l.stage, l.stage, l.archivedReason!, at(l.archivedAt!, 30));
  }
  await logs.flush();
}
