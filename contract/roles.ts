// Roles and page keys of spec section 6 and section 3, and each role's default readable pages.
export const ROLES = [
  'CALL_OPERATOR',
  'ADMINISTRATOR',
  'SERVICE_SALES',
  'SERVICE_MANAGER',
  'ACCOUNTING',
  'ATTENDANCE_MANAGER',
  'FILIAL_Manager',
  'HEAD_TEACHER',
  'MONITORING_MANAGER',
  'TESTOLOG',
  'TEACHER',
  'ASSISTANT',
  'DIRECTOR',
  'MULTIPLE_FILIAL_MANAGER',
] as const;
export type Role = (typeof ROLES)[number];

/** Every page key the server delivers in `me.pages`. */
export const PAGE_KEYS = [
  'new_leads',
  'orders',
  'archived_leads',
  'all_students',
  'active_students',
  'new_students',
  'archived_students',
  'testing_students',
  'materials',
  'groups',
  'rooms',
  'schedule',
  'results',
  'control',
  'test',
  'monitoring_page',
  'cashiers_data',
  'cashiers_archive',
  'tasks',
  'employees',
  'employees_archive',
  'employees_att',
  'admin_report',
  'monitoring',
  'edu_report',
  'finance_report',
  'employees_data',
  'cashiers',
  'settings',
  'shop',
  'add_bonus',
] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

const LEADS: PageKey[] = ['new_leads', 'orders', 'archived_leads'];
const STUDENTS: PageKey[] = ['all_students', 'active_students', 'new_students', 'archived_students', 'testing_students'];
const EDU: PageKey[] = ['materials', 'groups', 'rooms', 'schedule', 'results', 'test'];
const CASH: PageKey[] = ['cashiers_data', 'cashiers_archive', 'cashiers'];
/** The branch's cash desks as the front desk uses them: take payments, see the desks and their archive. */
const FRONT_DESK_CASH: PageKey[] = ['cashiers_data', 'cashiers_archive'];
const STAFF: PageKey[] = ['employees', 'employees_archive', 'employees_att', 'employees_data'];
const REPORTS: PageKey[] = ['admin_report', 'edu_report', 'finance_report'];

const ALL_BUT_CONTROL = PAGE_KEYS.filter((k) => k !== 'control' && k !== 'settings');

/** Pages a new employee of each role may read until a director changes them. */
export const ROLE_DEFAULT_PAGES: Record<Role, readonly PageKey[]> = {
  DIRECTOR: PAGE_KEYS,
  MULTIPLE_FILIAL_MANAGER: ALL_BUT_CONTROL,
  FILIAL_Manager: [...LEADS, ...STUDENTS, ...EDU, ...CASH, ...STAFF, ...REPORTS, 'tasks', 'monitoring_page', 'monitoring', 'shop', 'add_bonus'],
  // The front desk takes payments (design page, "Who sees what"); keeping the desks themselves, the kinds and the
  // sales catalogue stays with the `cashiers` page (ACCOUNTING and managers).
  ADMINISTRATOR: [...LEADS, ...STUDENTS, ...FRONT_DESK_CASH, 'groups', 'rooms', 'schedule', 'tasks', 'admin_report', 'shop'],
  SERVICE_SALES: [...LEADS, ...STUDENTS, ...FRONT_DESK_CASH, 'groups', 'schedule', 'tasks', 'admin_report'],
  SERVICE_MANAGER: [...STUDENTS, 'groups', 'schedule', 'tasks', 'shop', 'add_bonus'],
  CALL_OPERATOR: [...LEADS, 'testing_students', 'tasks'],
  ACCOUNTING: [...CASH, 'all_students', 'finance_report', 'tasks', 'shop', 'add_bonus'],
  ATTENDANCE_MANAGER: ['employees', 'employees_att', 'tasks'],
  HEAD_TEACHER: [...EDU, 'active_students', 'all_students', 'monitoring_page', 'edu_report', 'tasks'],
  MONITORING_MANAGER: ['monitoring_page', 'monitoring', 'groups', 'schedule', 'results', 'edu_report', 'tasks'],
  TESTOLOG: ['testing_students', 'test', 'results', 'tasks'],
  TEACHER: ['groups', 'schedule', 'results', 'tasks'],
  ASSISTANT: ['groups', 'schedule', 'tasks'],
};

export type PagePermission = { name: PageKey; is_readable: boolean };

/** The full `pages` list for a role's defaults: every key, readable or not. */
export function defaultPagesFor(role: Role): PagePermission[] {
  const readable = new Set(ROLE_DEFAULT_PAGES[role]);
  return PAGE_KEYS.map((name) => ({ name, is_readable: readable.has(name) }));
}

/** Roles that see every branch regardless of their own branch list. */
export const ALL_BRANCH_ROLES: readonly Role[] = ['DIRECTOR'];
/** Roles that see the branch switcher in the header (spec section 6). */
export const BRANCH_SWITCHER_ROLES: readonly Role[] = ['DIRECTOR', 'MULTIPLE_FILIAL_MANAGER'];
