// The app frame: the signed-in layout (sidebar panel, header with the breadcrumbs, the page's title) as static
// markup. The build renders it per route and language (scripts/appFrames.ts) and the server puts it into the HTML
// of an app route, so the browser paints the real title from HTML and CSS before any script has run; the shell
// removes it in the commit that puts the page on screen (src/app/appFrameHandover.ts). It uses the shell's own
// classes (views/shell/shellStyles.ts, ui/pageHeaderStyles.ts), so the app takes it over in place. Inert: its
// buttons do nothing until the app is there. Not imported by the app itself.
import { Menu as MenuIcon, PanelLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { button } from '../ui/Button';
import { pageHeaderRow, pageSubtitle, pageTitle } from '../ui/pageHeaderStyles';
import {
  brandLogo,
  brandRow,
  crumbsNav,
  desktopOnly,
  headerBar,
  mainColumn,
  mobileOnly,
  mobileTitle,
  pageArea,
  sidebarAside,
  sidebarLabel,
  sidebarNav,
} from '../views/shell/shellStyles';
import { APP_FRAME_ID } from './appFrameHandover';
import { CrumbTrail } from '../views/shell/CrumbTrail';
import { crumbsFor } from './crumbs';

export { APP_FRAME_ID };

/** The frame is plain HTML before any script: a crumb is an ordinary link. */
const PlainLink = ({ href, className, children }: { href: string; className: string; children: ReactNode }) => (
  <a href={href} className={className}>
    {children}
  </a>
);

/** What the frame needs of a route: i18n keys of its title and section (src/app/routes.ts), the page's heading (routeHeadings.ts). */
export type FrameRoute = {
  path: string;
  title: string;
  section?: { title: string; href?: string };
  /** The page's h1 and the line under it, when they are fixed text; else the frame has no title. */
  heading?: { title: string; subtitle?: string };
};

/**
 * `wide` is the desktop sidebar's state, "true" or "false" (the server fills it in from the `sidebar_state` cookie
 * when the build rendered a placeholder).
 */
export function AppFrame({ route, t, wide }: { route: FrameRoute; t: (key: string) => string; wide: string }) {
  const iconButton = button({ variant: 'ghost', size: 'icon' });
  return (
    <div id={APP_FRAME_ID} inert aria-busy="true">
      <aside className={sidebarAside} data-wide={wide} data-floating="false" data-drawer="closed">
        <div className={brandRow}>
          <div className={brandLogo} aria-hidden="true">
            M
          </div>
          <span className={sidebarLabel}>{t('common.appName')}</span>
        </div>
        <nav className={sidebarNav} />
      </aside>
      <div className={mainColumn} data-expanded={wide}>
        <header className={headerBar}>
          <button type="button" className={`${iconButton} ${mobileOnly}`}>
            <MenuIcon size={20} />
          </button>
          <button type="button" className={`${iconButton} ${desktopOnly}`}>
            <PanelLeft size={20} />
          </button>
          <nav className={crumbsNav}>
            <CrumbTrail crumbs={crumbsFor(route)} t={t} link={PlainLink} />
          </nav>
          <span className={`${mobileOnly} ${mobileTitle}`}>{t(route.title)}</span>
        </header>
        <main className={pageArea} data-enter="none">
          {route.heading ? (
            <div className={pageHeaderRow}>
              <div>
                <h1 className={pageTitle}>{t(route.heading.title)}</h1>
                {route.heading.subtitle ? <p className={pageSubtitle}>{t(route.heading.subtitle)}</p> : null}
              </div>
            </div>
          ) : null}
        </main>
      </div>
    </div>
  );
}
