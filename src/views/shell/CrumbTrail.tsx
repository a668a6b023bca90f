import { ChevronRight } from 'lucide-react';
import { type ComponentType, Fragment, type ReactNode } from 'react';
import type { Crumb } from '../../app/crumbs';
import { crumbCurrent, crumbItem, crumbLink, crumbsList } from './shellStyles';

type LinkProps = { href: string; className: string; children: ReactNode };

/**
 * The crumbs as a list: a crumb with a path is a link (the header's router link, or a plain anchor in the app frame
 * the server sends), the last one plain text marked as the current page.
 */
export function CrumbTrail({ crumbs, t, link: CrumbLink }: { crumbs: Crumb[]; t: (key: string) => string; link: ComponentType<LinkProps> }) {
  return (
    <ol className={crumbsList}>
      {crumbs.map((crumb, i) => {
        const last = i === crumbs.length - 1;
        return (
          <Fragment key={crumb.title}>
            {i > 0 ? <ChevronRight size={14} aria-hidden="true" /> : null}
            <li className={crumbItem} aria-current={last ? 'page' : undefined}>
              {!last && crumb.href ? (
                <CrumbLink href={crumb.href} className={crumbLink}>
                  {t(crumb.title)}
                </CrumbLink>
              ) : (
                <span className={last ? crumbCurrent : undefined}>{t(crumb.title)}</span>
              )}
            </li>
          </Fragment>
        );
      })}
    </ol>
  );
}
