import { useSelector } from '@xstate/react';
import { ChevronDown } from 'lucide-react';
import { useMemo } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { css, cx } from 'styled-system/css';
import { useActors, useMe, useReadablePages } from '../../app/hooks';
import { NAV_HREFS, activeHref, visibleNav, type VisibleSection } from '../../app/nav';
import { connectSidebar } from '../../machines/sidebar';
import { useT } from '../../i18n';
import { NAV_ICONS } from '../common/navIcons';
import { brandLogo, brandRow, drawerOverlay as overlay, hiddenOnPhone, sidebarAside, sidebarLabel as label, sidebarNav } from './shellStyles';

const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  w: 'full',
  minH: '11',
  px: '6',
  cursor: 'pointer',
  textAlign: 'start',
  whiteSpace: 'nowrap',
  color: 'fg.sidebar',
  _hover: { bg: 'bg.sidebarHover', color: 'fg.sidebarActive' },
  '&[data-active=true]': { bg: 'bg.sidebarActive', color: 'fg.sidebarActive' },
});
const childLink = css({
  display: 'block',
  py: '2',
  ps: '14',
  pe: '4',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  color: 'fg.sidebar',
  _hover: { color: 'fg.sidebarActive', bg: 'bg.sidebarHover' },
  '&[aria-current=page]': { color: 'fg.sidebarActive', fontWeight: 'semibold' },
});



export function Sidebar() {
  const { t } = useT();
  const { sidebar } = useActors();
  const me = useMe();
  const readable = useReadablePages();
  const [location, navigate] = useLocation();
  const search = useSearch();
  const current = activeHref(NAV_HREFS, location, search);
  const expanded = useSelector(sidebar, (s) => connectSidebar(s).expanded);
  const hovered = useSelector(sidebar, (s) => connectSidebar(s).railHovered);
  const drawerOpen = useSelector(sidebar, (s) => connectSidebar(s).drawerOpen);
  const openSections = useSelector(sidebar, (s) => connectSidebar(s).openSections);
  const sections = useMemo(() => visibleNav(readable, me.role), [readable, me.role]);
  const wide = expanded || hovered || drawerOpen;

  const onSection = (section: VisibleSection) => {
    if (section.href) navigate(section.href);
    if (section.children.length > 0) sidebar.send({ type: 'section.toggle', key: section.key });
  };

  return (
    <>
      {drawerOpen ? <div className={overlay} data-testid="drawer-overlay" onClick={() => sidebar.send({ type: 'drawer.close' })} /> : null}
      <aside
        className={sidebarAside}
        data-wide={wide}
        data-floating={!expanded && hovered}
        data-drawer={drawerOpen ? 'open' : 'closed'}
        aria-label={t('shell.menu.navigation')}
        onMouseEnter={() => sidebar.send({ type: 'rail.hover.enter' })}
        onMouseLeave={() => sidebar.send({ type: 'rail.hover.leave' })}
        data-testid="sidebar"
      >
        <div className={brandRow}>
          <div className={brandLogo} aria-hidden="true">
            M
          </div>
          <span className={label}>{t('common.appName')}</span>
        </div>
        <nav className={sidebarNav}>
          {sections.map((section) => {
            const Icon = NAV_ICONS[section.icon];
            const sectionActive =
              section.href === current || section.children.some((c) => c.href === current);
            if (!section.showHeader) {
              // TEACHER and ASSISTANT: no section rows, the links themselves are the menu.
              const links = section.children.length > 0 ? section.children : section.href ? [{ key: section.key, title: section.title, href: section.href }] : [];
              return links.map((link) => (
                <Link key={link.key} href={link.href} className={row} data-active={link.href === current} aria-current={link.href === current ? 'page' : undefined}>
                  <Icon size={20} aria-hidden="true" className={css({ flexShrink: 0 })} />
                  <span className={label}>{t(link.title)}</span>
                </Link>
              ));
            }
            const open = openSections.includes(section.key);
            return (
              <div key={section.key} className={cx(section.desktopOnly ? hiddenOnPhone : undefined)}>
                <button
                  type="button"
                  className={row}
                  data-active={Boolean(sectionActive)}
                  aria-expanded={section.children.length > 0 ? open : undefined}
                  onClick={() => onSection(section)}
                  data-testid={`nav-section-${section.key}`}
                  title={t(section.title)}
                >
                  <Icon size={20} aria-hidden="true" className={css({ flexShrink: 0 })} />
                  <span className={label}>{t(section.title)}</span>
                  {section.children.length > 0 ? (
                    <ChevronDown size={16} aria-hidden="true" className={cx(label, css({ flex: 'none', transition: 'transform 150ms' }))} style={{ transform: open ? 'rotate(180deg)' : undefined }} />
                  ) : null}
                </button>
                {open && wide && section.children.length > 0 ? (
                  <div role="group" aria-label={t(section.title)}>
                    {section.children.map((child) => {
                      const active = child.href === current;
                      return (
                        <Link key={child.key} href={child.href} className={childLink} aria-current={active ? 'page' : undefined} data-testid={`nav-link-${child.page}`}>
                          {t(child.title)}
                        </Link>
                      );
                    })}
                  </div>
                ) : null}
              </div>
            );
          })}
        </nav>
      </aside>
    </>
  );
}
