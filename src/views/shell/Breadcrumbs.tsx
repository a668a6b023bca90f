import { Link } from 'wouter';
import { crumbsFor } from '../../app/crumbs';
import type { RouteDef } from '../../app/routes';
import { useT } from '../../i18n';
import { CrumbTrail } from './CrumbTrail';
import { crumbsNav } from './shellStyles';

/** Desktop only; crumbs with a path are links and the last one is plain text (spec section 2). */
export function Breadcrumbs({ route }: { route: RouteDef | undefined }) {
  const { t } = useT();
  return (
    <nav aria-label={t('shell.breadcrumbs')} className={crumbsNav}>
      <CrumbTrail crumbs={crumbsFor(route)} t={t} link={Link} />
    </nav>
  );
}
