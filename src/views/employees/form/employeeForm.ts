// The add / edit dialog's values and their conversion to the request body; validated with the contract's own
// body schemas (the server runs the same), so the form and the API never disagree.
import type { z } from 'zod';
import { employeeCreateBody, employeeUpdateBody, type EmployeeDetail, type SalaryKind } from '../../../../contract/employees';
import type { PageKey, Role } from '../../../../contract/roles';
import { formatPhoneInput } from '../../../lib/phone';

export type EmployeeFormValues = {
  full_name: string;
  phone: string;
  password: string;
  role: Role | '';
  filials: number[];
  pages: PageKey[];
  subject: string;
  is_call_operator: boolean;
  salary_kind: SalaryKind | '';
  salary_amount: string;
  salary_percent: string;
  work_days: number[];
  work_start: string;
  work_end: string;
};

export const EMPLOYEE_FORM_FIELDS = [
  'full_name', 'phone', 'password', 'role', 'filials', 'pages', 'subject', 'is_call_operator',
  'salary_kind', 'salary_amount', 'salary_percent', 'work_days', 'work_start', 'work_end',
] as const satisfies readonly (keyof EmployeeFormValues)[];

export function emptyEmployee(filial: number | null): EmployeeFormValues {
  return {
    full_name: '',
    phone: '+998 ',
    password: '',
    role: '',
    filials: filial === null ? [] : [filial],
    pages: [],
    subject: '',
    is_call_operator: false,
    salary_kind: '',
    salary_amount: '',
    salary_percent: '',
    work_days: [1, 2, 3, 4, 5, 6],
    work_start: '09:00',
    work_end: '18:00',
  };
}

export function valuesOf(e: EmployeeDetail): EmployeeFormValues {
  return {
    full_name: e.full_name,
    phone: formatPhoneInput(e.phone),
    password: '',
    role: e.role,
    filials: e.filials,
    pages: e.pages.filter((p) => p.is_readable).map((p) => p.name),
    subject: e.subject ? String(e.subject.id) : '',
    is_call_operator: e.is_call_operator,
    salary_kind: e.salary_kind ?? '',
    salary_amount: e.salary_amount ?? '',
    salary_percent: e.salary_percent ?? '',
    work_days: e.work_days,
    work_start: e.work_start ?? '',
    work_end: e.work_end ?? '',
  };
}

/** The body: empty choices become null, the pay figure that does not fit the kind is dropped. */
export function toBody(v: EmployeeFormValues) {
  const kind = v.salary_kind || null;
  return {
    full_name: v.full_name,
    phone: v.phone,
    password: v.password,
    role: v.role,
    filials: v.filials,
    pages: v.pages,
    subject: v.subject ? Number(v.subject) : null,
    is_call_operator: v.is_call_operator,
    salary_kind: kind,
    salary_amount: kind && kind !== 'percent' ? v.salary_amount.replace(/\s/g, '').replace(',', '.') || null : null,
    salary_percent: kind === 'percent' ? v.salary_percent || null : null,
    work_days: v.work_days,
    work_start: v.work_start || null,
    work_end: v.work_end || null,
  };
}

/**
 * The form's validator: the request body's schema over the converted values, so the form checks exactly what the
 * server will; each field gets its first issue (a message key with its limits).
 */
export function validateEmployeeForm(mode: 'create' | 'edit') {
  const schema = mode === 'create' ? employeeCreateBody : employeeUpdateBody;
  return ({ value }: { value: EmployeeFormValues }) => {
    const result = schema.safeParse(toBody(value));
    if (result.success) return undefined;
    const fields: Record<string, z.core.$ZodIssue> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '');
      if (name && !(name in fields)) fields[name] = issue;
    }
    return { fields };
  };
}

/** Toggles `item` in a list, keeping the rest in order. */
export function toggle<T>(list: readonly T[], item: T, on: boolean): T[] {
  return on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
}
