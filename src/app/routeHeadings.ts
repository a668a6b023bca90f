// The title (h1) and the line under it that a route's page shows, when they are fixed text: the build paints them
// into the app frame of the route's HTML (scripts/appFrames.ts, src/app/AppFrame.tsx), so the browser shows the real
// title before the app has loaded. Read by the build only, never by the app (the pages name their own keys);
// tests/e2e/appFrame.spec.ts checks that each page shows these. A route without an entry gets the frame's layout
// without a title (detail pages, pages whose title is computed).

export type RouteHeading = { title: string; subtitle?: string };

export const ROUTE_HEADINGS: Readonly<Record<string, RouteHeading>> = {
  '/leads': { title: 'leads.title', subtitle: 'leads.subtitle' },
  '/leads/orders': { title: 'leads.orders.title', subtitle: 'leads.orders.subtitle' },
  '/students/testing': { title: 'students.lists.testing', subtitle: 'students.subtitle.testing' },
  '/students/new': { title: 'students.lists.new', subtitle: 'students.subtitle.new' },
  '/students/active': { title: 'students.lists.active', subtitle: 'students.subtitle.active' },
  '/students': { title: 'students.lists.all', subtitle: 'students.subtitle.all' },
  '/students/archived': { title: 'students.lists.archived', subtitle: 'students.subtitle.archived' },
  '/edu/rooms': { title: 'rooms.title', subtitle: 'rooms.subtitle' },
  '/cashiers/archive': { title: 'cashiers.archiveTitle', subtitle: 'cashiers.archiveSubtitle' },
  '/tasks': { title: 'tasks.title', subtitle: 'tasks.subtitle' },
  '/employees': { title: 'employees.title', subtitle: 'employees.subtitle' },
  '/employees/archive': { title: 'employees.archiveTitle', subtitle: 'employees.archiveSubtitle' },
  '/control/finance': { title: 'finance.title', subtitle: 'finance.subtitle' },
  '/control/sales': { title: 'billing.catalogue.pageTitle', subtitle: 'billing.catalogue.subtitle' },
  '/control/marketing': { title: 'control.marketing.title', subtitle: 'control.marketing.subtitle' },
  '/control/bonuses': { title: 'bonuses.title', subtitle: 'bonuses.subtitle' },
  '/control/salary': { title: 'salary.title', subtitle: 'salary.subtitle' },
  '/control/debtors': { title: 'debtors.title', subtitle: 'debtors.subtitle' },
  '/control/roles': { title: 'roles.title', subtitle: 'roles.subtitle' },
  '/control/settings': { title: 'control.settings.title', subtitle: 'control.settings.subtitle' },
  '/control/messages': { title: 'parent_messages.page.title', subtitle: 'parent_messages.page.subtitle' },
  '/control/messages/settings': { title: 'parent_messages.settings.title', subtitle: 'parent_messages.settings.subtitle' },
  '/control/import': { title: 'control.import.title', subtitle: 'control.import.subtitle' },
  '/control/logs': { title: 'control.logs.title', subtitle: 'control.logs.subtitle' },
  '/control': { title: 'control.overview.title', subtitle: 'control.overview.subtitle' },
};
