// The sidebar model (src/machines/sidebar.model.ts) walked in the browser: a fresh context (no `sidebar_state`
// cookie) signed in as the head teacher; Ctrl+B toggles, the pointer hovers the rail, the window turns phone-sized,
// the menu button, the overlay and a link drive the drawer. Each state is asserted on the sidebar's width, its
// drawer and the cookie.
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { sidebarModel } from '../../../src/machines/sidebar.model';
import { DEMO, apiSignIn, sidebar } from '../helpers';
import { FIRST_LOAD, openSignedIn } from './fixtures';
import { walkInBrowser } from './walkInBrowser';
import { QUICK } from './poll';

type C = { page: Page; context: BrowserContext };

const cookie = async (c: C) => (await c.context.cookies()).find((k) => k.name === 'sidebar_state')?.value ?? null;

async function desktop(c: C, wide: boolean, floating: boolean, saved: 'true' | 'false' | 'absent or true') {
  const nav = sidebar(c.page);
  await expect(nav).toHaveAttribute('data-wide', String(wide));
  await expect(nav).toHaveAttribute('data-floating', String(floating));
  await expect(nav).toHaveAttribute('data-drawer', 'closed');
  // The labels show only when wide; a collapsed rail keeps its icons.
  await expect.poll(async () => (await nav.boundingBox())!.width > 200, QUICK).toBe(wide);
  if (saved === 'absent or true') expect([null, 'true']).toContain(await cookie(c));
  else expect(await cookie(c)).toBe(saved);
}

walkInBrowser<C>('sidebar', sidebarModel, {
  setup: async ({ page, request }) => {
    await openSignedIn(page, await apiSignIn(request, DEMO.headTeacher), '/');
    await expect(sidebar(page)).toBeVisible(FIRST_LOAD);
    await page.mouse.move(900, 500); // the pointer away from the rail
    return { page, context: page.context() };
  },
  states: (c) => ({
    expanded: () => desktop(c, true, false, 'absent or true'),
    collapsed: () => desktop(c, false, false, 'false'),
    railHovered: () => desktop(c, true, true, 'false'),
    drawerClosed: async () => {
      await expect(sidebar(c.page)).toHaveAttribute('data-drawer', 'closed');
      await expect(sidebar(c.page)).not.toBeInViewport();
      await expect(c.page.getByTestId('drawer-overlay')).toHaveCount(0);
      await expect(c.page.getByTestId('menu-button')).toBeVisible();
    },
    drawerOpen: async () => {
      await expect(sidebar(c.page)).toHaveAttribute('data-drawer', 'open');
      await expect(sidebar(c.page)).toBeInViewport();
      await expect(c.page.getByTestId('drawer-overlay')).toBeVisible();
    },
  }),
  events: (c) => ({
    'sidebar.toggle': () => c.page.keyboard.press('Control+b'),
    'rail.hover.enter': () => sidebar(c.page).hover({ position: { x: 30, y: 300 } }),
    'rail.hover.leave': () => c.page.mouse.move(900, 500),
    'viewport.phone': () => c.page.setViewportSize({ width: 390, height: 844 }),
    'drawer.open': () => c.page.getByTestId('menu-button').click(),
    'drawer.close': () => c.page.getByTestId('drawer-overlay').click({ position: { x: 370, y: 400 } }),
    'route.change': async () => {
      await sidebar(c.page).getByTestId('nav-section-tasks').click();
      await expect(c.page).toHaveURL(/\/tasks$/);
    },
  }),
});
