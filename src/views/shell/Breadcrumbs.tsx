import { ChevronRight } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from 'wouter';
import { crumbsFor } from '../../app/crumbs';
import type { RouteDef } from '../../app/routes';
import { useT } from '../../i18n';
import { crumbCurrent, crumbItem, crumbLink, crumbsList as list, crumbsNav } from './shellStyles';

/** Desktop only; crumbs with a path are links and the last one is plain text (spec section 2). */
export function Breadcrumbs({ route }: { route: RouteDef | undefined }) {
  const { t } = useT();
  const crumbs = crumbsFor(route);
  return (
    <nav aria-label={t('shell.breadcrumbs')} className={crumbsNav}>
      <ol className={list}>
        {crumbs.map((crumb, i) => {
          const last = i === crumbs.length - 1;
          return (
            <Fragment key={crumb.title}>
              {i > 0 ? <ChevronRight size={14} aria-hidden="true" /> : null}
              <li className={crumbItem} aria-current={last ? 'page' : undefined}>
                {!last && crumb.href ? (
                  <Link href={crumb.href} className={crumbLink}>
                    {t(crumb.title)}
                  </Link>
                ) : (
                  <span className={last ? crumbCurrent : undefined}>{t(crumb.title)}</span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
