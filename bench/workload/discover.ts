// Who works in the capacity run: signed in over HTTP, with the records each one's steps touch, read through the API
// as the director. Per branch (the `branches` largest): its administrator and call operator, teachers with lessons
// that have begun by the run's afternoon, the branch's cashier, students and open leads; plus the demo
// accountant and the demo director.
import { DEMO_SIGN_INS } from '../../server/seed/demo';
import { demoSignIn, signIn } from '../server';
import { GENERATED_PASSWORD, previousMonth } from '../endpoints';
import type { Actor, KnownLead, WorkloadSetup } from './types';

type Page<T> = { results: T[] };

const digits = (phone: string) => phone.replace(/\D/g, '');
/** The demo centre's staff have their own passwords; the scale seed's generated staff share one. */
const passwordOf = (phone: string) => DEMO_SIGN_INS.find((s) => digits(s.phone) === digits(phone))?.password ?? GENERATED_PASSWORD;

/**
 * The run's afternoon: the latest 17:30 in Tashkent (UTC+5 all year) that has passed, today's or yesterday's. Never
 * one still ahead: the server's own jobs run on the real clock, and a workload marking lessons the real clock has
 * not reached yet made charges the billing job then took back, thousands a run, contending with the workload.
 */
export function runAfternoon(today = new Date()): { date: string; now: string } {
  const afternoonPassed = (at: Date) => new Date(at.getTime() + 5 * 3600_000).toISOString().slice(11, 16) >= '17:30';
  const day = afternoonPassed(today) ? today : new Date(today.getTime() - 86_400_000);
  const date = new Date(day.getTime() + 5 * 3600_000).toISOString().slice(0, 10);
  return { date, now: `${date}T17:30:00+05:00` };
}

export async function discoverStaff(baseUrl: string, opts: { branches: number; teachersPerBranch: number; log(line: string): void }): Promise<WorkloadSetup> {
  const { now } = runAfternoon();
  const director = await signIn(baseUrl, demoSignIn('DIRECTOR'));
  const get = async <T,>(path: string, authorization = director): Promise<T> => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { authorization, 'x-test-now': now } });
    if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return (await res.json()) as T;
  };
  const staff = (role: string, filial: number) => get<Page<{ phone: string }>>(`/api/api/employees/?role=${role}&filial=${filial}&page_size=100`).then((p) => p.results);
  const branches = (await get<{ id: number; name: string }[]>('/api/filial/no-pg/')).slice(0, opts.branches);
  const actors: Actor[] = [];
  for (const branch of branches) {
    const students = (await get<Page<{ id: number; full_name: string }>>(`/api/students/?page=1&page_size=100&filial=${branch.id}`)).results.map((s) => ({
      id: s.id,
      name: s.full_name.split(' ')[0].toLowerCase(),
    }));
    const cashiers = await get<{ id: number; is_archived: boolean }[]>(`/api/finance/casher/no-pg/?filial=${branch.id}`);
    const cashier = cashiers.find((c) => !c.is_archived)?.id ?? null;
    const leads: KnownLead[] = (await get<{ id: number; stage: string; is_archived: boolean }[]>(`/api/lid/no-pg/?filial=${branch.id}&is_archived=false`))
      .filter((l) => l.stage === 'YANGI_LEAD' || l.stage === 'KUTULMOQDA')
      .map((l) => ({ id: l.id, stage: l.stage, is_archived: l.is_archived }));
    const payers: Actor['payers'] = [];
    const groups = (await get<Page<{ id: number; students_count: number }>>(`/api/groups/?page=1&page_size=100&filial=${branch.id}`)).results;
    for (const g of groups.filter((x) => x.students_count > 0).slice(0, 10)) {
      for (const m of await get<{ student: { id: number } }[]>(`/api/add-group/group/${g.id}/`)) payers.push({ student: m.student.id, group: g.id });
    }
    const kinds = await get<{ id: number; system_key: string | null }[]>('/api/finance/kind/?action=income');
    const base = { filial: branch.id, students, payers, cashier, kind: kinds.find((k) => k.system_key === 'student_payment')?.id ?? null, leads: [] as KnownLead[], lessons: [] as number[] };
    const [admin] = await staff('ADMINISTRATOR', branch.id);
    const [operator] = await staff('CALL_OPERATOR', branch.id);
    if (admin) actors.push({ ...base, role: 'ADMINISTRATOR', authorization: await signIn(baseUrl, { phone: admin.phone, password: passwordOf(admin.phone) }) });
    // An operator whose branch has no open lead left (earlier runs archive them) has nothing to move: left out.
    if (operator && leads.length) actors.push({ ...base, role: 'CALL_OPERATOR', leads, authorization: await signIn(baseUrl, { phone: operator.phone, password: passwordOf(operator.phone) }) });
    let teachers = 0;
    for (const t of await staff('TEACHER', branch.id)) {
      if (teachers >= opts.teachersPerBranch) break;
      const authorization = await signIn(baseUrl, { phone: t.phone, password: passwordOf(t.phone) });
      const day = await get<{ lessons: { id: number; state: string; status: string }[] }>('/api/lessons/my-day/', authorization);
      const lessons = day.lessons.filter((l) => l.status !== 'cancelled' && l.state !== 'not_started').map((l) => l.id);
      if (!lessons.length) continue;
      actors.push({ ...base, role: 'TEACHER', lessons, authorization });
      teachers++;
    }
    opts.log(`branch ${branch.name}: ${students.length} students, ${payers.length} payers, ${leads.length} open leads, ${teachers} teachers with lessons begun`);
  }
  // The chain's accountant and director work across their branches: no branch filter (filial 0).
  for (const role of ['ACCOUNTING', 'DIRECTOR'] as const) {
    const authorization = role === 'DIRECTOR' ? director : await signIn(baseUrl, demoSignIn(role));
    actors.push({ role, authorization, filial: 0, students: actors[0]?.students ?? [], payers: [], kind: null, cashier: null, leads: [], lessons: [] });
  }
  return { baseUrl, actors, now, month: previousMonth(new Date()) };
}
