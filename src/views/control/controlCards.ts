// The /control overview: one card per control sub-page the reader may open, from the sidebar's control links, each
// guarded by its route's page keys.
import type { Role } from '../../../contract/roles';
import { NAV } from '../../app/nav';
import { canRead, matchRoute } from '../../app/routes';

export type ControlCard = { key: string; title: string; href: string };

/** Every control sub-page once, in the sidebar's order, kept when its route (and the link's roles) let the reader in. */
export function controlCards(readable: ReadonlySet<string>, role: Role): ControlCard[] {
  const fromNav = (NAV.find((s) => s.key === 'control')?.children ?? [])
    .filter((c) => !c.roles || c.roles.includes(role))
    .map(({ key, title, href }) => ({ key, title, href }));
  const seen = new Set<string>();
  const out: ControlCard[] = [];
  for (const card of fromNav) {
    const path = card.href.split('?')[0];
    if (seen.has(path)) continue;
    seen.add(path);
    const route = matchRoute(path);
    if (!route || route.path === '/control' || !canRead(route, readable)) continue;
    out.push(card);
  }
  return out;
}
