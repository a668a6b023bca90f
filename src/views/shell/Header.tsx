import { Menu as MenuIcon, PanelLeft } from 'lucide-react';
import { css } from 'styled-system/css';
import { BRANCH_SWITCHER_ROLES } from '../../../contract/roles';
import { useActors, useMe } from '../../app/hooks';
import type { RouteDef } from '../../app/routes';
import { useT } from '../../i18n';
import { button } from '../../ui/Button';
import { LanguageSwitch } from '../common/LanguageSwitch';
import { BranchSelect } from './BranchSelect';
import { Breadcrumbs } from './Breadcrumbs';
import { NotificationBell } from './NotificationBell';
import { desktopOnly, headerBar, mobileOnly, mobileTitle } from './shellStyles';
import { UserMenu } from './UserMenu';

export function Header({ route }: { route: RouteDef | undefined }) {
  const { t } = useT();
  const me = useMe();
  const { sidebar } = useActors();
  const showBranch = BRANCH_SWITCHER_ROLES.includes(me.role);
  return (
    <header className={headerBar}>
      <button type="button" className={`${button({ variant: 'ghost', size: 'icon' })} ${mobileOnly}`} aria-label={t('shell.menu.open')} onClick={() => sidebar.send({ type: 'drawer.open' })} data-testid="menu-button">
        <MenuIcon size={20} />
      </button>
      <button type="button" className={`${button({ variant: 'ghost', size: 'icon' })} ${desktopOnly}`} aria-label={t('shell.menu.toggle')} title={t('shell.menu.toggle')} onClick={() => sidebar.send({ type: 'sidebar.toggle' })}>
        <PanelLeft size={20} />
      </button>
      <Breadcrumbs route={route} />
      {/* Phones have no breadcrumbs: the page name stands in for them. */}
      <span className={`${mobileOnly} ${mobileTitle}`}>{t(route?.title ?? 'common.errors.notFound')}</span>
      <div className={css({ flex: '1' })} />
      {showBranch ? (
        <div className={css({ display: 'none', md: { display: 'block' } })} data-testid="branch-switcher">
          <BranchSelect />
        </div>
      ) : null}
      <LanguageSwitch className={css({ display: 'none', sm: { display: 'inline-flex' } })} />
      <NotificationBell />
      <UserMenu />
    </header>
  );
}
