// The requests under load: the student, lead, group, ledger, debtor and report lists with their common filters
// (query names from contract/*.ts), as the demo director (every branch) and a branch manager (one branch) call
// them. Ids, a name and a phone to search for are read from the seeded data through the API itself.
import type { Role } from '../contract/roles';
import type { EndpointKind } from './model';

export type Endpoint = { name: string; path: string; role: Role; kind: EndpointKind };
export const BRANCH_ROLE: Role = 'FILIAL_Manager';

type Get = (path: string) => Promise<unknown>;
type Page<T> = { results: T[] };

const iso = (d: Date) => d.toISOString().slice(0, 10);

/** The previous calendar month, [first day, last day] (UTC). */
export function previousMonth(today: Date): [string, string] {
  const first = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 0));
  return [iso(first), iso(last)];
}

export async function benchEndpoints(getAsDirector: Get, today = new Date()): Promise<Endpoint[]> {
  const groups = ((await getAsDirector('/api/groups/?page_size=100')) as Page<{ id: number; students_count: number }>).results;
  const group = [...groups].sort((a, b) => b.students_count - a.students_count)[0];
  const students = ((await getAsDirector('/api/students/?page=1')) as Page<{ full_name: string; phone: string }>).results;
  const cashiers = (await getAsDirector('/api/finance/casher/no-pg/')) as { id: number; is_archived: boolean }[];
  const cashier = cashiers.find((c) => !c.is_archived) ?? cashiers[0];
  if (!group || !students.length || !cashier) throw new Error('the seeded data has no groups, students or cashiers');
  const name = encodeURIComponent(students[0].full_name.split(' ')[0].toLowerCase());
  const phoneDigits = students[0].phone.replace(/\D/g, '').slice(-7);
  const [monthStart, monthEnd] = previousMonth(today);
  const since = iso(new Date(today.getTime() - 30 * 86_400_000));
  const until = iso(today);
  const d = (name: string, path: string, kind: EndpointKind = 'list'): Endpoint => ({ name, path, role: 'DIRECTOR', kind });
  const b = (name: string, path: string, kind: EndpointKind = 'list'): Endpoint => ({ name, path, role: BRANCH_ROLE, kind });
  return [
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
    b('students, page 1', '/api/students/?page=1'),
    b('leads, page 1', '/api/lid/?page=1&is_student=false&is_archived=false'),
    b('ledger, page 1', '/api/finance/?page=1'),
    b('debtors, page 1', '/api/finance/debtors/?page=1'),
  ];
}
