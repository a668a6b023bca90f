// The staff workload model: the roles in the proportions of a real centre and what each does, one screen at a
// time. A step is what one click costs the server: the requests the app sends for that screen, side by side.
// Writes are real writes: a payment, a lesson's attendance, a lead moved along the pipeline.
import type { Actor, KnownLead, WorkRole } from './types';

export type Req = { method: 'GET' | 'POST' | 'PUT' | 'PATCH'; path: string; body?: unknown; idempotencyKey?: string };
export type Answer = { status: number; body: unknown };
export type Http = (req: Req) => Promise<Answer>;
export type StepContext = { actor: Actor; http: Http; month: [string, string]; pick<T>(items: readonly T[]): T | undefined; random(): number };
export type Step = { name: string; run(ctx: StepContext): Promise<Answer[]> };

/** Sessions per role, out of 100: a chain's front desk and call centre outnumber its directors. */
export const ROLE_MIX: Record<WorkRole, number> = { ADMINISTRATOR: 35, CALL_OPERATOR: 25, TEACHER: 25, ACCOUNTING: 10, DIRECTOR: 5 };

const get = (path: string): Req => ({ method: 'GET', path });
/** The branch filter of a list: none for the chain's accountant and director (filial 0). */
const inBranch = (c: StepContext) => (c.actor.filial ? `&filial=${c.actor.filial}` : '');
const all = (ctx: StepContext, reqs: Req[]) => Promise.all(reqs.map((r) => ctx.http(r)));

const studentsList: Step = {
  name: 'students: open the list',
  run: (c) => all(c, [get(`/api/students/?page=1${inBranch(c)}`), get(`/api/students/counts/?${inBranch(c).slice(1)}`)]),
};
const studentsSearch: Step = {
  name: 'students: search by name',
  run: (c) => all(c, [get(`/api/students/?page=1${inBranch(c)}&q=${encodeURIComponent(c.pick(c.actor.students)?.name ?? 'a')}`)]),
};
const studentCard: Step = {
  name: 'student: open the card',
  run: (c) => {
    const id = c.pick(c.actor.students)?.id;
    if (id === undefined) return Promise.resolve([]);
    return all(c, [get(`/api/students/${id}/`), get(`/api/add-group/student/${id}/`), get(`/api/api/v2/students/stats/${id}`)]);
  },
};
const payment: Step = {
  name: 'payment: take',
  run(c) {
    const payer = c.pick(c.actor.payers);
    if (!payer) return Promise.resolve([]);
    const amount = String(50_000 + Math.floor(c.random() * 20) * 10_000);
    const body = { casher: c.actor.cashier, kind: c.actor.kind, action: 'income', method: 'cash', amount, student: payer.student, group: payer.group, comment: '' };
    return all(c, [{ method: 'POST', path: '/api/finance/', idempotencyKey: crypto.randomUUID(), body }]);
  },
};
const groupsList: Step = { name: 'groups: open the list', run: (c) => all(c, [get(`/api/groups/?page=1${inBranch(c)}`)]) };
const leadsList: Step = {
  name: 'leads: open the list',
  run: (c) => all(c, [get(`/api/lid/?page=1&is_student=false&is_archived=false${inBranch(c)}`)]),
};
const leadsWaiting: Step = { name: 'leads: waiting stage', run: (c) => all(c, [get(`/api/lid/?page=1&stage=KUTULMOQDA&is_archived=false${inBranch(c)}`)]) };
const leadOpen: Step = {
  name: 'lead: open',
  run: (c) => {
    const id = c.pick(c.actor.leads)?.id;
    if (id === undefined) return Promise.resolve([]);
    return all(c, [get(`/api/lid/${id}`), get(`/api/logs/?lead=${id}&page_size=20`)]);
  },
};

const busyLeads = new WeakSet<KnownLead>();
/** The lead's next move in a loop that never runs dry: new → waiting → archived (no answer) → restored (waiting) → … */
function leadMove(lead: KnownLead): { body: Record<string, unknown>; next: Omit<KnownLead, 'id'> } {
  if (lead.is_archived) return { body: { is_archived: false }, next: { stage: lead.stage, is_archived: false } };
  if (lead.stage === 'YANGI_LEAD') return { body: { stage: 'KUTULMOQDA' }, next: { stage: 'KUTULMOQDA', is_archived: false } };
  return { body: { is_archived: true, archived_reason: 'no_answer' }, next: { stage: lead.stage, is_archived: true } };
}
const leadMoveStep: Step = {
  name: 'lead: move',
  async run(c) {
    const free = c.actor.leads.filter((l) => !busyLeads.has(l));
    const lead = c.pick(free);
    if (!lead) return [];
    busyLeads.add(lead);
    try {
      const { body, next } = leadMove(lead);
      const answer = await c.http({ method: 'PATCH', path: `/api/lid/${lead.id}/`, body });
      if (answer.status < 300) Object.assign(lead, next);
      return [answer];
    } finally {
      busyLeads.delete(lead);
    }
  },
};
const myDay: Step = { name: 'teacher: my day', run: (c) => all(c, [get('/api/lessons/my-day/')]) };
const attendance: Step = {
  name: 'attendance: open and mark a lesson',
  async run(c) {
    const lesson = c.pick(c.actor.lessons);
    if (lesson === undefined) return [];
    const opened = await c.http(get(`/api/lessons/${lesson}/`));
    const roster = (opened.body as { roster?: { student: { id: number } }[] } | null)?.roster ?? [];
    if (opened.status >= 300 || roster.length === 0) return [opened];
    const items = roster.map((r) => ({ student: r.student.id, status: c.random() < 0.9 ? 'present' : 'absent' }));
    return [opened, await c.http({ method: 'PUT', path: `/api/lessons/${lesson}/attendance/`, body: { items } })];
  },
};
const ledger: Step = { name: 'ledger: open', run: (c) => all(c, [get(`/api/finance/?page=1${inBranch(c)}`)]) };
const debtors: Step = { name: 'debtors: open', run: (c) => all(c, [get(`/api/finance/debtors/?page=1${inBranch(c)}`)]) };
const financeReport: Step = {
  name: 'finance report: a month',
  run: (c) => all(c, [get(`/api/finance/report/?start_date=${c.month[0]}&end_date=${c.month[1]}`)]),
};
const adminReport: Step = {
  name: 'admin report: a month',
  run: (c) => all(c, [get(`/api/reports/admin/?start_date=${c.month[0]}&end_date=${c.month[1]}`)]),
};
const chainCounts: Step = { name: 'students: counts of the chain', run: (c) => all(c, [get('/api/students/counts/')]) };

/** Each role's round of work, repeated for as long as the session lasts. */
export const ROLE_SCRIPTS: Record<WorkRole, Step[]> = {
  ADMINISTRATOR: [studentsList, studentsSearch, studentCard, payment, studentsList, groupsList, studentCard],
  CALL_OPERATOR: [leadsList, leadOpen, leadMoveStep, leadsWaiting, leadOpen, leadMoveStep],
  TEACHER: [myDay, attendance, myDay, attendance],
  ACCOUNTING: [ledger, debtors, ledger, financeReport],
  DIRECTOR: [chainCounts, adminReport, studentsList, financeReport],
};

/** Assigns `n` sessions to roles by ROLE_MIX (largest remainders), deterministic for a given n. */
export function sessionRoles(n: number): WorkRole[] {
  const roles = Object.keys(ROLE_MIX) as WorkRole[];
  const exact = roles.map((r) => (n * ROLE_MIX[r]) / 100);
  const counts = exact.map(Math.floor);
  const order = roles.map((_, i) => i).sort((a, b) => exact[b] - counts[b] - (exact[a] - counts[a]));
  for (let k = 0; counts.reduce((a, b) => a + b, 0) < n; k++) counts[order[k % roles.length]]++;
  return roles.flatMap((r, i) => Array.from({ length: counts[i] }, () => r));
}
