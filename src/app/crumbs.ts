// The breadcrumbs of a route (spec section 2): home, the section if any, the page. Pure, so the app frame the build
// renders for the server (src/app/AppFrame.tsx) shows the same crumbs as the header.

export type Crumb = { title: string; href?: string };
type CrumbRoute = { path: string; title: string; section?: { title: string; href?: string } };

export function crumbsFor(route: CrumbRoute | undefined): Crumb[] {
  if (!route) return [];
  const crumbs: Crumb[] = [{ title: 'nav.home', href: '/' }];
  if (route.path === '/') return [{ title: 'nav.home' }];
  if (route.section) crumbs.push({ title: route.section.title, href: route.section.href });
  crumbs.push({ title: route.title });
  return crumbs;
}
