import type { PageKey, Role } from '../../contract/roles';
import { SALARY_ROLES } from '../../contract/salaryRoles';

// The sidebar of spec section 2: sections with child links, each gated by page keys (spec section 6).

export type NavIcon = 'leads' | 'students' | 'edu' | 'monitoring' | 'cashiers' | 'tasks' | 'employees' | 'control';

/** `roles`: shown only to these roles as well (the server checks the same, e.g. salaries). */
export type NavChild = { key: string; title: string; href: string; page: PageKey; roles?: readonly Role[] };
export type NavSection = {
  key: string;
  title: string;
  icon: NavIcon;
  /** The section's own link; followed on click only when `page` (or, without `page`, any child) is readable. */
  href?: string;
  page?: PageKey;
  children: NavChild[];
  /** Shown only in the desktop menu (spec: /monitoring). */
  desktopOnly?: boolean;
};

export const NAV: NavSection[] = [
  {
    key: 'leads',
    title: 'nav.sections.leads',
    icon: 'leads',
    children: [
      { key: 'newLeads', title: 'nav.pages.newLeads', href: '/leads', page: 'new_leads' },
      { key: 'orders', title: 'nav.pages.orders', href: '/leads/orders', page: 'orders' },
      { key: 'archivedLeads', title: 'nav.pages.archivedLeads', href: '/leads?stage=ARCHIVED', page: 'archived_leads' },
    ],
  },
  {
    key: 'students',
    title: 'nav.sections.students',
    icon: 'students',
    children: [
      { key: 'testing', title: 'nav.pages.testingStudents', href: '/students/testing', page: 'testing_students' },
      { key: 'new', title: 'nav.pages.newStudents', href: '/students/new', page: 'new_students' },
      { key: 'active', title: 'nav.pages.activeStudents', href: '/students/active', page: 'active_students' },
      { key: 'all', title: 'nav.pages.allStudents', href: '/students', page: 'all_students' },
      { key: 'archived', title: 'nav.pages.archivedStudents', href: '/students/archived', page: 'archived_students' },
    ],
  },
  {
    key: 'edu',
    title: 'nav.sections.edu',
    icon: 'edu',
    children: [
      { key: 'materials', title: 'nav.pages.materials', href: '/edu/materials', page: 'materials' },
      { key: 'groups', title: 'nav.pages.groups', href: '/edu/groups', page: 'groups' },
      { key: 'rooms', title: 'nav.pages.rooms', href: '/edu/rooms', page: 'rooms' },
      { key: 'schedule', title: 'nav.pages.schedule', href: '/edu/schedule', page: 'schedule' },
      { key: 'test', title: 'nav.pages.testCreate', href: '/edu/test/create', page: 'test' },
    ],
  },
  { key: 'monitoring', title: 'nav.sections.monitoring', icon: 'monitoring', href: '/monitoring', page: 'monitoring_page', children: [], desktopOnly: true },
  {
    key: 'cashiers',
    title: 'nav.sections.cashiers',
    icon: 'cashiers',
    children: [
      { key: 'cashiers', title: 'nav.pages.cashiers', href: '/cashiers', page: 'cashiers_data' },
      { key: 'archive', title: 'nav.pages.cashiersArchive', href: '/cashiers/archive', page: 'cashiers_archive' },
    ],
  },
  { key: 'tasks', title: 'nav.sections.tasks', icon: 'tasks', href: '/tasks', page: 'tasks', children: [] },
  {
    key: 'employees',
    title: 'nav.sections.employees',
    icon: 'employees',
    children: [
      { key: 'employees', title: 'nav.pages.employees', href: '/employees', page: 'employees' },
      { key: 'attendance', title: 'nav.pages.employeesAttendance', href: '/employees?tab=attendance', page: 'employees_att' },
      { key: 'archive', title: 'nav.pages.employeesArchive', href: '/employees/archive', page: 'employees_archive' },
    ],
  },
  {
    key: 'control',
    title: 'nav.sections.control',
    icon: 'control',
    href: '/control',
    page: 'control',
    children: [
      { key: 'finance', title: 'nav.pages.finance', href: '/control/finance', page: 'finance_report' },
      { key: 'financeReport', title: 'nav.pages.financeReport', href: '/control/reports/finance', page: 'finance_report' },
      { key: 'debtors', title: 'nav.pages.debtors', href: '/control/debtors', page: 'cashiers_data' },
      { key: 'salary', title: 'nav.pages.salary', href: '/control/salary', page: 'employees', roles: SALARY_ROLES },
      { key: 'sales', title: 'nav.pages.sales', href: '/control/sales', page: 'cashiers' },
      { key: 'adminReport', title: 'nav.pages.adminReport', href: '/control/reports/admin', page: 'admin_report' },
      { key: 'eduReport', title: 'nav.pages.eduReport', href: '/control/reports/edu', page: 'edu_report' },
      { key: 'shop', title: 'nav.pages.shop', href: '/control/shop', page: 'shop' },
      { key: 'bonuses', title: 'nav.pages.bonuses', href: '/control/bonuses', page: 'add_bonus' },
      { key: 'branches', title: 'nav.pages.branches', href: '/control/branches', page: 'control' },
      { key: 'marketing', title: 'nav.pages.marketing', href: '/control/marketing', page: 'control' },
      { key: 'roles', title: 'nav.pages.roles', href: '/control/roles', page: 'control' },
      { key: 'settings', title: 'nav.pages.settings', href: '/control/settings', page: 'control' },
      { key: 'messages', title: 'nav.pages.messages', href: '/control/messages', page: 'control' },
      { key: 'import', title: 'nav.pages.import', href: '/control/import', page: 'control' },
      { key: 'logs', title: 'nav.pages.logs', href: '/control/logs', page: 'control' },
      { key: 'apiDocs', title: 'nav.pages.apiDocs', href: '/control/api', page: 'control' },
    ],
  },
];

export type VisibleSection = Omit<NavSection, 'href'> & { href?: string; showHeader: boolean };

const FLAT_ROLES: readonly Role[] = ['TEACHER', 'ASSISTANT'];

/**
 * Spec section 6: a section shows if any of its keys is readable, a child link if its own key is readable;
 * for TEACHER and ASSISTANT the section rows are hidden (their links are listed flat).
 */
export function visibleNav(readable: ReadonlySet<string>, role: Role, nav: NavSection[] = NAV): VisibleSection[] {
  const out: VisibleSection[] = [];
  for (const section of nav) {
    const children = section.children.filter((c) => readable.has(c.page) && (!c.roles || c.roles.includes(role)));
    const ownReadable = section.page ? readable.has(section.page) : false;
    if (!ownReadable && children.length === 0) continue;
    out.push({
      ...section,
      href: ownReadable ? section.href : undefined,
      children,
      showHeader: !FLAT_ROLES.includes(role),
    });
  }
  return out;
}

/** The section whose own link or child link is `path` (query ignored), for opening it on arrival. */
export function sectionOfPath(path: string, nav: NavSection[] = NAV): string | null {
  const pathname = path.split('?')[0].replace(/\/+$/, '') || '/';
  const hit = nav.find((s) => s.href === pathname || s.children.some((c) => c.href.split('?')[0] === pathname));
  return hit?.key ?? null;
}

/**
 * The one link that stands for the current page: its path equals the location and every parameter of its query
 * is in the current search; among several (`/leads` and `/leads?stage=ARCHIVED`) the most specific wins.
 */
export function activeHref(hrefs: readonly string[], location: string, search: string): string | null {
  const current = new URLSearchParams(search);
  let best: { href: string; params: number } | null = null;
  for (const href of hrefs) {
    const [path, query = ''] = href.split('?');
    if (path !== location) continue;
    const params = [...new URLSearchParams(query)];
    if (!params.every(([k, v]) => current.get(k) === v)) continue;
    if (!best || params.length > best.params) best = { href, params: params.length };
  }
  return best?.href ?? null;
}

/** Every link of the menu, for `activeHref`. */
export const NAV_HREFS: string[] = NAV.flatMap((s) => [...(s.href ? [s.href] : []), ...s.children.map((c) => c.href)]);
