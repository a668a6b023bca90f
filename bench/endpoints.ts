// The requests under load: the student, lead, group, ledger, debtor and report lists with their common filters
// (query names from contract/*.ts), as the demo director (every branch) and as the administrator of the largest
// branch (one branch). Ids, a name and a phone to search for are read from the seeded data through the API.
import type { EndpointKind } from './model';

/** `role` names the signed-in user: the demo DIRECTOR or the branch's ADMINISTRATOR. */
export type Endpoint = { name: string; path: string; role: 'DIRECTOR' | 'ADMINISTRATOR'; kind: EndpointKind };
/** The scale seed's generated employees share this password. */
export const GENERATED_PASSWORD = 'teacher';

type Get = (path: string) => Promise<unknown>;
type Page<T> = { results: T[] };

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The previous calendar month, [first day, last day] (UTC). */
export function previousMonth(today: Date): [string, string] {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return [iso(first), iso(last)];
}

export type Discovered = { endpoints: Endpoint[]; branch: number; adminPhone: string };

export async function benchEndpoints(getAsDirector: Get, today = new Date()): Promise<Discovered> {
  const branches = (await getAsDirector('/api/filial/no-pg/')) as { id: number }[];
  let branch = branches[0]?.id;
  let most = -1;
  for (const { id } of branches) {
    const { all } = (await getAsDirector(`/api/students/counts/?filial=${id}`)) as { all: number };
    if (all > most) [branch, most] = [id, all];
  }
  const admins = ((await getAsDirector(`/api/api/employees/?role=ADMINISTRATOR&filial=${branch}`)) as Page<{ phone: string }>).results;
  const groups = ((await getAsDirector(`/api/groups/?page_size=100&filial=${branch}`)) as Page<{ id: number; students_count: number }>).results;
  const group = [...groups].sort((a, b) => b.students_count - a.students_count)[0];
  const students = ((await getAsDirector(`/api/students/?page=1&filial=${branch}`)) as Page<{ full_name: string; phone: string }>).results;
  const cashiers = (await getAsDirector(`/api/finance/casher/no-pg/?filial=${branch}`)) as { id: number; is_archived: boolean }[];
  const cashier = cashiers.find((c) => !c.is_archived) ?? cashiers[0];
  if (!admins.length || !group || !students.length || !cashier) throw new Error(`branch ${branch} has no administrator, groups, students or cashiers`);
  const name = encodeURIComponent(students[0].full_name.split(' ')[0].toLowerCase());
  const phoneDigits = students[0].phone.replace(/\D/g, '').slice(-7);
  const [monthStart, monthEnd] = previousMonth(today);
  const since = iso(new Date(today.getTime() - 30 * 86_400_000));
  const until = iso(today);
  const d = (name: string, path: string, kind: EndpointKind = 'list'): Endpoint => ({ name, path, role: 'DIRECTOR', kind });
  const a = (name: string, path: string, kind: EndpointKind = 'list'): Endpoint => ({ name, path, role: 'ADMINISTRATOR', kind });
  const endpoints = [
    d('students, page 1', '/api/students/?page=1'),
    d('students, name search', `/api/students/?page=1&q=${name}`),
    d('students, phone search', `/api/students/?page=1&q=${phoneDigits}`),
    d('students, one group', `/api/students/?page=1&group=${group.id}`),
    d('students, debtors', '/api/students/?page=1&balance_status=debtor'),
    d('student tab counts', '/api/students/counts/'),
    d('leads, page 1', '/api/lid/?page=1&is_student=false&is_archived=false'),
    d('leads, waiting stage', '/api/lid/?page=1&stage=KUTULMOQDA&is_archived=false'),
    d('groups, 100 a page', '/api/groups/?page_size=100'),
    d('ledger, page 1', '/api/finance/?page=1'),
    d('ledger, cashier, 30 days', `/api/finance/?page=1&casher_id=${cashier.id}&start_date=${since}&end_date=${until}`),
    d('debtors, page 1', '/api/finance/debtors/?page=1'),
    d('admin report, a month', `/api/reports/admin/?start_date=${monthStart}&end_date=${monthEnd}`, 'report'),
    d('finance report, a month', `/api/finance/report/?start_date=${monthStart}&end_date=${monthEnd}`, 'report'),
    a('students, page 1', '/api/students/?page=1'),
    a('students, name search', `/api/students/?page=1&q=${name}`),
    a('leads, page 1', '/api/lid/?page=1&is_student=false&is_archived=false'),
    a('groups, 100 a page', '/api/groups/?page_size=100'),
  ];
  return { endpoints, branch, adminPhone: admins[0].phone };
}
