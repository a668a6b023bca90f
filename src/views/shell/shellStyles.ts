// The shell's frame classes, shared by the React shell and the app frame the server puts into the HTML
// (src/app/appFrame.ts): both paint the same layout, so the app takes the frame over without a jump.
import { css } from 'styled-system/css';

export const DESKTOP = '@media (min-width: 1024px)';
export const MOBILE = '@media (max-width: 1023.98px)';

export const sidebarAside = css({
  position: 'fixed',
  top: '0',
  bottom: '0',
  insetStart: '0',
  zIndex: 'docked',
  bg: 'bg.sidebar',
  color: 'fg.sidebar',
  display: 'flex',
  flexDirection: 'column',
  overflowX: 'hidden',
  overflowY: 'auto',
  transition: 'width 180ms ease, transform 220ms ease',
  [DESKTOP]: { w: 'rail', '&[data-wide=true]': { w: 'sidebar' }, '&[data-floating=true]': { boxShadow: 'popover' } },
  [MOBILE]: { w: 'drawer', zIndex: 'modal', transform: 'translateX(-100%)', '&[data-drawer=open]': { transform: 'none' } },
});
export const brandRow = css({ display: 'flex', alignItems: 'center', gap: '3', h: 'header', px: '5', flexShrink: 0, color: 'white', fontWeight: 'bold', fontSize: 'lg' });
export const brandLogo = css({ w: '9', h: '9', flexShrink: 0, borderRadius: '10px', bg: 'accent.default', display: 'grid', placeItems: 'center' });
export const sidebarLabel = css({ flex: '1', overflow: 'hidden', textOverflow: 'ellipsis', '[data-wide=false] &': { [DESKTOP]: { opacity: 0 } } });
export const sidebarNav = css({ flex: '1', pb: '6' });
// Panda extracts a style's media keys only where the constant is declared in the same file: styles with MOBILE or
// DESKTOP keys live here, not in the files that use them (an imported key left the drawer's overlay without CSS).
export const drawerOverlay = css({
  display: 'none',
  [MOBILE]: { display: 'block', position: 'fixed', inset: '0', bg: 'bg.overlay', zIndex: 'overlay', animation: 'fadeIn 150ms ease-out' },
});
export const hiddenOnPhone = css({ [MOBILE]: { display: 'none' } });

/** The column right of the sidebar: header and page. */
export const mainColumn = css({
  minH: '100dvh',
  transition: 'padding 180ms ease',
  [DESKTOP]: { ps: '75px', '&[data-expanded=true]': { ps: '16rem' } },
});
/** The page area; a page slides in by 6 px, except the first one taking over the app frame (already on screen). */
export const pageArea = css({ p: { base: '4', md: '6' }, animation: 'pageIn 220ms ease-out', '&[data-enter=none]': { animation: 'none' } });

export const headerBar = css({
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  h: 'header',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: { base: '3', md: '6' },
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
});
export const mobileOnly = css({ [DESKTOP]: { display: 'none' } });
export const desktopOnly = css({ display: 'none', [DESKTOP]: { display: 'inline-flex' } });
/** Phones have no breadcrumbs: the page name stands in for them. */
export const mobileTitle = css({ fontWeight: 'semibold', truncate: true });

export const crumbsNav = css({ display: 'none', [DESKTOP]: { display: 'block' }, minW: '0' });
export const crumbsList = css({ display: 'flex', alignItems: 'center', gap: '1.5', fontSize: 'sm', color: 'fg.muted', minW: '0' });
export const crumbItem = css({ whiteSpace: 'nowrap' });
export const crumbLink = css({ color: 'fg.muted', _hover: { color: 'accent.default', textDecoration: 'underline' } });
export const crumbCurrent = css({ color: 'fg.default', fontWeight: 'medium' });
