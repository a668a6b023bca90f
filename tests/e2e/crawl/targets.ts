// What the page crawl opens: every route of src/app/routes.ts (a unit test holds the two lists together), the
// detail pages with a real object, the tabs kept in the query, and the "add" dialogs of the main lists.
// `{student}` and the like are filled with ids found through the API (crawl/ids.ts).

export type CrawlTarget = {
  /** The path with its query; `{name}` is an id of crawl/ids.ts. */
  path: string;
  /** Also opened in a phone-sized window (the main routes). */
  phone?: boolean;
  /** A button (by test id) that opens a dialog to check as well; the dialog is closed with Escape afterwards. */
  dialog?: string;
};

export const CRAWL_TARGETS: CrawlTarget[] = [
  { path: '/', phone: true },
  { path: '/profile' },
  { path: '/leads', phone: true, dialog: 'lead-add' },
  { path: '/leads?stage=ARCHIVED' },
  { path: '/leads/orders' },
  { path: '/leads/lead_info?id={lead}', phone: true },
  { path: '/leads/orders/info?id={order}' },
  { path: '/students/testing' },
  { path: '/students/new' },
  { path: '/students/active' },
  { path: '/students', phone: true, dialog: 'student-add' },
  { path: '/students/archived' },
  { path: '/students/info?id={student}', phone: true },
  { path: '/students/info?id={student}&tab=payments' },
  { path: '/students/info?id={student}&tab=attendance' },
  { path: '/students/info?id={student}&tab=comments' },
  { path: '/students/info?id={student}&tab=messages' },
  { path: '/students/info?id={student}&tab=parents' },
  { path: '/students/info?id={student}&tab=history' },
  { path: '/edu/materials', dialog: 'subject-create' },
  { path: '/edu/materials?tab=levels' },
  { path: '/edu/materials?tab=courses', dialog: 'course-create' },
  { path: '/edu/materials?tab=themes' },
  { path: '/edu/groups', phone: true, dialog: 'group-add' },
  { path: '/edu/groups?id={group}', phone: true },
  { path: '/edu/groups?id={group}&tab=lessons' },
  { path: '/edu/rooms', dialog: 'room-add' },
  { path: '/edu/schedule', phone: true },
  { path: '/edu/schedule?layout=calendar&view=teacher' },
  { path: '/edu/test/create' },
  { path: '/edu/test/create?id={test}' },
  { path: '/monitoring', phone: true },
  { path: '/cashiers', phone: true, dialog: 'cashier-add' },
  { path: '/cashiers?id={cashier}', phone: true },
  { path: '/cashiers?id={cashier}&tab=handovers' },
  { path: '/cashiers?id={cashier}&tab=closes' },
  { path: '/cashiers?id={cashier}&tab=stats' },
  { path: '/cashiers/archive' },
  { path: '/cashiers/receipt?id={payment}', phone: true },
  { path: '/tasks', phone: true, dialog: 'task-create' },
  { path: '/tasks?tab=created' },
  { path: '/tasks?id={task}' },
  { path: '/employees', phone: true, dialog: 'employee-add' },
  { path: '/employees?tab=attendance' },
  { path: '/employees/archive' },
  { path: '/employees/info?id={employee}' },
  { path: '/employees/info?id={employee}&tab=pages' },
  { path: '/employees/info?id={employee}&tab=comments' },
  { path: '/employees/info?id={employee}&tab=attendance' },
  { path: '/control/finance', phone: true },
  { path: '/control/finance?tab=handovers' },
  { path: '/control/finance?tab=kinds' },
  { path: '/control/sales', dialog: 'sale-add' },
  { path: '/control/marketing', dialog: 'source-add' },
  { path: '/control/shop', dialog: 'shop-item-add' },
  { path: '/control/shop?tab=purchases' },
  { path: '/control/shop?tab=archived' },
  { path: '/control/bonuses' },
  { path: '/control/reports/admin' },
  { path: '/control/reports/edu' },
  { path: '/control/reports/finance' },
  { path: '/control/salary' },
  { path: '/control/debtors' },
  { path: '/control/branches', dialog: 'branch-add' },
  { path: '/control/roles' },
  { path: '/control/settings' },
  { path: '/control/messages' },
  { path: '/control/messages/settings' },
  { path: '/control/import' },
  { path: '/control/logs' },
  { path: '/control/api' },
  { path: '/control' },
];

/** The route path of a target (no query). */
export function routeOf(target: CrawlTarget): string {
  return target.path.split('?')[0];
}
