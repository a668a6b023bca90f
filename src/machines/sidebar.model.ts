// What the user sees of the sidebar, as a small flat machine with no invoke and no delays, so @xstate/graph can walk
// it (tests/model/sidebar.test.ts drives the real sidebar machine with every generated path, and
// tests/e2e/models/sidebar.spec.ts the running app). On a desktop the sidebar is expanded or a collapsed rail that
// widens while hovered (the choice kept in the `sidebar_state` cookie); on a phone it is a drawer that following a
// link closes. `viewport.phone` is the window becoming phone-sized.
import { createMachine } from 'xstate';

export const sidebarModel = createMachine({
  id: 'sidebarModel',
  initial: 'expanded',
  types: {} as {
    events:
      | { type: 'sidebar.toggle' }
      | { type: 'rail.hover.enter' }
      | { type: 'rail.hover.leave' }
      | { type: 'viewport.phone' }
      | { type: 'drawer.open' }
      | { type: 'drawer.close' }
      | { type: 'route.change' };
  },
  states: {
    /** Wide, labels shown; the cookie says expanded (or is absent on a first visit). */
    expanded: { on: { 'sidebar.toggle': 'collapsed', 'viewport.phone': 'drawerClosed' } },
    /** The 75px rail; the cookie says collapsed. */
    collapsed: { on: { 'sidebar.toggle': 'expanded', 'rail.hover.enter': 'railHovered' } },
    /** The collapsed rail floats wide while the pointer is on it. */
    railHovered: { on: { 'rail.hover.leave': 'collapsed', 'sidebar.toggle': 'expanded' } },
    /** Phone: the menu is off screen. */
    drawerClosed: { on: { 'drawer.open': 'drawerOpen' } },
    /** Phone: the drawer is on screen over an overlay. */
    drawerOpen: { on: { 'drawer.close': 'drawerClosed', 'route.change': 'drawerClosed' } },
  },
});
