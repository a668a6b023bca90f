import type { ComponentType } from 'react';
import type { PageKey } from '../../contract/roles';
import { currentLang, loadNamespaces } from '../i18n';
import { pathnameOf } from '../lib/storage';
import { lazyLoaded, type LazyLoaded } from './lazyLoaded';

// Every route of spec section 2 and the control sub-areas of the design page. `pages` guards the route the same
// way the server guards the API: any readable key lets the user in. Detail routes carry the object in the query.

export type RouteDef = {
  path: string;
  /** Match every path that starts with `path + '/'` too. */
  prefix?: boolean;
  pages?: PageKey[];
  /** i18n key of the page title; the last breadcrumb. */
  title: string;
  /** i18n key of the section crumb shown before the title, and its link if any. */
  section?: { title: string; href?: string };
  /** Sidebar and header hidden, no padding (spec: /edu/test/create). */
  bare?: boolean;
  component: LazyPage;
};

/** A lazily loaded page; `preload()` starts loading its code and translations now (a signed-in deep link). */
export type LazyPage = LazyLoaded;

/** A lazily loaded page whose translation namespaces arrive with its code (the first bundle stays small). */
export function lazyPage(load: () => Promise<{ default: ComponentType }>, namespaces: readonly string[]): LazyPage {
  return lazyLoaded(() => Promise.all([load(), loadNamespaces(currentLang(), namespaces)]).then(([page]) => page));
}

// The home page opens a teacher's attendance sheets (their lessons of today): the sheet's namespaces come with it.
const Home = lazyPage(() => import('../views/home/HomePage'), ['group_detail', 'edu']);
const Profile = lazyPage(() => import('../views/profile/ProfilePage'), []);

const leads = { title: 'nav.sections.leads', href: '/leads' };
const students = { title: 'nav.sections.students', href: '/students' };
// One page for the five student lists; the list comes from the path.
const studentLists = lazyPage(() => import('../views/students/StudentsListPage'), ['students', 'student_status']);
const edu = { title: 'nav.sections.edu' };
const cashiers = { title: 'nav.sections.cashiers', href: '/cashiers' };
const employees = { title: 'nav.sections.employees', href: '/employees' };
const control = { title: 'nav.sections.control', href: '/control' };
// The two employee lists are one page (the list from the path); /employees?tab=attendance shows staff attendance.
const employeeList = lazyPage(() => import('../views/employees/EmployeesPage'), ['employees', 'roles', 'timetracker', 'edu', 'group_detail']);

export const ROUTES: RouteDef[] = [
  { path: '/', title: 'nav.home', component: Home },
  { path: '/profile', title: 'nav.profile', component: Profile },
  { path: '/leads', title: 'nav.pages.newLeads', pages: ['new_leads', 'archived_leads'], section: leads, component: lazyPage(() => import('../views/leads/LeadsPage'), ['leads', 'lead_detail', 'edu', 'group_detail']) },
  { path: '/leads/orders', title: 'nav.pages.orders', pages: ['orders'], section: leads, component: lazyPage(() => import('../views/leads/OrdersPage'), ['leads', 'edu']) },
  { path: '/leads/lead_info', title: 'nav.pages.leadInfo', pages: ['new_leads', 'archived_leads', 'orders'], section: leads, component: lazyPage(() => import('../views/leads/detail/LeadInfoPage'), ['leads', 'lead_detail', 'edu', 'group_detail']) },
  { path: '/leads/orders/info', title: 'nav.pages.orderInfo', pages: ['orders'], section: leads, component: lazyPage(() => import('../views/leads/detail/OrderInfoPage'), ['leads', 'lead_detail', 'edu', 'group_detail']) },
  { path: '/students/testing', title: 'nav.pages.testingStudents', pages: ['testing_students'], section: students, component: studentLists },
  { path: '/students/new', title: 'nav.pages.newStudents', pages: ['new_students'], section: students, component: studentLists },
  { path: '/students/active', title: 'nav.pages.activeStudents', pages: ['active_students'], section: students, component: studentLists },
  { path: '/students', title: 'nav.pages.allStudents', pages: ['all_students'], section: students, component: studentLists },
  { path: '/students/archived', title: 'nav.pages.archivedStudents', pages: ['archived_students'], section: students, component: studentLists },
  { path: '/students/info', title: 'nav.pages.studentInfo', pages: ['all_students', 'active_students', 'new_students', 'archived_students', 'testing_students'], section: students, component: lazyPage(() => import('../views/students/info/StudentInfoPage'), ['student_detail', 'student_status', 'group_detail', 'edu', 'billing', 'finance', 'parent_messages']) },
  { path: '/edu/materials', title: 'nav.pages.materials', pages: ['materials'], section: edu, component: lazyPage(() => import('../views/edu/materials/MaterialsPage'), ['edu', 'materials']) },
  { path: '/edu/groups', title: 'nav.pages.groups', pages: ['groups'], section: edu, component: lazyPage(() => import('../views/edu/groups/GroupsPage'), ['edu', 'groups', 'rooms', 'group_detail']) },
  { path: '/edu/rooms', title: 'nav.pages.rooms', pages: ['rooms'], section: edu, component: lazyPage(() => import('../views/edu/rooms/RoomsPage'), ['edu', 'rooms']) },
  { path: '/edu/schedule', title: 'nav.pages.schedule', pages: ['schedule'], section: edu, component: lazyPage(() => import('../views/edu/schedule/SchedulePage'), ['edu', 'schedule']) },
  { path: '/edu/test/create', title: 'nav.pages.testCreate', pages: ['test'], section: edu, bare: true, component: lazyPage(() => import('../views/edu/tests/TestCreatePage'), ['edu', 'tests']) },
  { path: '/monitoring', title: 'nav.pages.monitoring', pages: ['monitoring_page', 'monitoring'], component: lazyPage(() => import('../views/monitoring/MonitoringPage'), ['monitoring', 'edu', 'students', 'student_status']) },
  { path: '/cashiers', title: 'nav.pages.cashiers', pages: ['cashiers_data'], section: cashiers, component: lazyPage(() => import('../views/cashiers/CashiersPage'), ['cashiers', 'finance', 'edu']) },
  { path: '/cashiers/archive', title: 'nav.pages.cashiersArchive', pages: ['cashiers_archive'], section: cashiers, component: lazyPage(() => import('../views/cashiers/CashiersArchivePage'), ['cashiers', 'finance', 'edu']) },
  { path: '/cashiers/receipt', title: 'nav.pages.receipt', pages: ['cashiers_data', 'cashiers_archive', 'cashiers', 'finance_report'], section: cashiers, bare: true, component: lazyPage(() => import('../views/cashiers/receipt/ReceiptPage'), ['receipt', 'finance']) },
  { path: '/tasks', title: 'nav.pages.tasks', pages: ['tasks'], component: lazyPage(() => import('../views/tasks/TasksPage'), ['tasks']) },
  { path: '/employees', title: 'nav.pages.employees', pages: ['employees', 'employees_att'], section: employees, component: employeeList },
  { path: '/employees/archive', title: 'nav.pages.employeesArchive', pages: ['employees_archive'], section: employees, component: employeeList },
  { path: '/employees/info', title: 'nav.pages.employeeInfo', pages: ['employees', 'employees_archive', 'employees_data'], section: employees, component: lazyPage(() => import('../views/employees/info/EmployeeInfoPage'), ['employees', 'roles', 'timetracker', 'edu', 'group_detail']) },
  { path: '/control/finance', title: 'nav.pages.finance', pages: ['cashiers', 'finance_report'], section: control, component: lazyPage(() => import('../views/finance/ledger/FinancePage'), ['cashiers', 'finance', 'edu']) },
  { path: '/control/sales', title: 'nav.pages.sales', pages: ['cashiers'], section: control, component: lazyPage(() => import('../views/finance/sales/SalesPage'), ['billing', 'finance']) },
  { path: '/control/marketing', title: 'nav.pages.marketing', pages: ['control'], section: control, component: lazyPage(() => import('../views/control/marketing/MarketingPage'), ['control']) },
  { path: '/control/shop', title: 'nav.pages.shop', pages: ['shop'], section: control, component: lazyPage(() => import('../views/shop/ShopPage'), ['shop', 'edu', 'finance']) },
  { path: '/control/bonuses', title: 'nav.pages.bonuses', pages: ['add_bonus'], section: control, component: lazyPage(() => import('../views/bonuses/BonusesPage'), ['bonuses', 'shop', 'edu', 'finance']) },
  { path: '/control/reports/admin', title: 'nav.pages.adminReport', pages: ['admin_report'], section: control, component: lazyPage(() => import('../views/reports/admin/AdminReportPage'), ['admin_report']) },
  { path: '/control/reports/edu', title: 'nav.pages.eduReport', pages: ['edu_report'], section: control, component: lazyPage(() => import('../views/reports/edu/EduReportPage'), ['edu_report']) },
  { path: '/control/reports/finance', title: 'nav.pages.financeReport', pages: ['finance_report'], section: control, component: lazyPage(() => import('../views/reports/finance/FinanceReportPage'), ['finance_report']) },
  { path: '/control/salary', title: 'nav.pages.salary', pages: ['employees'], section: control, component: lazyPage(() => import('../views/salary/SalaryPage'), ['salary', 'employees']) },
  { path: '/control/debtors', title: 'nav.pages.debtors', pages: ['cashiers_data', 'cashiers', 'finance_report'], section: control, component: lazyPage(() => import('../views/finance/debtors/DebtorsPage'), ['debtors', 'edu', 'students', 'student_status']) },
  { path: '/control/branches', title: 'nav.pages.branches', pages: ['control'], section: control, component: lazyPage(() => import('../views/control/branches/BranchesPage'), ['control']) },
  { path: '/control/roles', title: 'nav.pages.roles', pages: ['control'], section: control, component: lazyPage(() => import('../views/control/roles/RolesPage'), ['roles']) },
  { path: '/control/settings', title: 'nav.pages.settings', pages: ['settings', 'control'], section: control, component: lazyPage(() => import('../views/control/settings/SettingsPage'), ['control', 'billing', 'finance']) },
  { path: '/control/messages', title: 'nav.pages.messages', pages: ['control'], section: control, component: lazyPage(() => import('../views/control/messages/MessagesPage'), ['parent_messages']) },
  { path: '/control/messages/settings', title: 'nav.pages.messageSettings', pages: ['control'], section: control, component: lazyPage(() => import('../views/control/messages/MessageSettingsPage'), ['parent_messages']) },
  { path: '/control/import', title: 'nav.pages.import', pages: ['control'], section: control, component: lazyPage(() => import('../views/control/import/ImportPage'), ['control', 'validation']) },
  { path: '/control/logs', title: 'nav.pages.logs', pages: ['control'], section: control, component: lazyPage(() => import('../views/control/logs/LogsPage'), ['control', 'edu']) },
  { path: '/control/api', title: 'nav.pages.apiDocs', pages: ['control'], section: control, component: lazyPage(() => import('../views/control/apiDocs/ApiDocsPage'), ['api_docs', 'roles']) },
  // Also catches unknown /control/... paths, which the page answers with not-found.
  { path: '/control', prefix: true, title: 'nav.pages.control', pages: ['control'], component: lazyPage(() => import('../views/control/ControlPage'), ['control']) },
];

function trimSlash(path: string) {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** The route for a path: exact matches first, then the longest prefix route. */
export function matchRoute(pathname: string): RouteDef | undefined {
  const path = trimSlash(pathname);
  const exact = ROUTES.find((r) => r.path === path);
  if (exact) return exact;
  return ROUTES.filter((r) => r.prefix && path.startsWith(r.path + '/')).sort((a, b) => b.path.length - a.path.length)[0];
}

/** Starts loading the page of `path` (a query or hash is ignored), if any. */
export function preloadRoute(path: string): void {
  // A failed preload is retried when the page renders; nothing to report here.
  matchRoute(pathnameOf(path))?.component.preload().catch(() => undefined);
}

/** A route with no page keys is open to every signed-in user. */
export function canRead(route: RouteDef, readable: ReadonlySet<string>): boolean {
  return !route.pages || route.pages.some((p) => readable.has(p));
}
