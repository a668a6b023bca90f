import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'wouter';
import { css } from 'styled-system/css';
import type { RouteDef } from '../../app/routes';
import { useT } from '../../i18n';

const list = css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'fg.muted', minW: '0' });
const crumbLink = css({ color: 'fg.muted', _hover: { color: 'accent.default', textDecoration: 'underline' } });

type Crumb = { title: string; href?: string };

export function crumbsFor(route: RouteDef | undefined): Crumb[] {
  if (!route) return [];
  const crumbs: Crumb[] = [{ title: 'nav.home', href: '/' }];
  if (route.path === '/') return [{ title: 'nav.home' }];
  if (route.section) crumbs.push({ title: route.section.title, href: route.section.href });
  crumbs.push({ title: route.title });
  return crumbs;
}

/** Desktop only; crumbs with a path are links and the last one is plain text (spec section 2). */
export function Breadcrumbs({ route }: { route: RouteDef | undefined }) {
  const { t } = useT();
  const crumbs = crumbsFor(route);
  return (
    <nav aria-label={t('shell.breadcrumbs')} className={css({ display: 'none', '@media (min-width: 1024px)': { display: 'block' }, minW: '0' })}>
      <ol className={list}>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <Fragment key={crumb.title}>
              {i > 0 ? <ChevronRight size={14} aria-hidden="true" /> : null}
              <li className={css({ whiteSpace: 'nowrap' })} aria-current={last ? 'page' : undefined}>
                {!last && crumb.href ? (
                  <Link href={crumb.href} className={crumbLink}>
                    {t(crumb.title)}
                  </Link>
                ) : (
                  <span className={last ? css({ color: 'fg.default', fontWeight: 'medium' }) : undefined}>{t(crumb.title)}</span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
