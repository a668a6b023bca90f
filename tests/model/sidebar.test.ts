// Paths generated from the sidebar model (src/machines/sidebar.model.ts), each driving the REAL sidebar machine
// (its cookie write spied), asserting in every model state how wide the desktop sidebar looks, whether the drawer
// is open, and what the cookie says.
import { expect } from 'vitest';
import { createActor } from 'xstate';
import { connectSidebar, sidebarMachine } from '../../src/machines/sidebar';
import { sidebarModel } from '../../src/machines/sidebar.model';
import { walkModel } from './walkModel';

function harness() {
  const h = { cookie: null as boolean | null, phone: false, actor: null as unknown as ReturnType<typeof start> };
  function start() {
    return createActor(sidebarMachine.provide({ actions: { saveExpanded: (_, params) => void (h.cookie = params.expanded) } }), {
      input: { expanded: true, sectionOf: () => 'tasks' },
    }).start();
  }
  h.actor = start();
  return h;
}

type Harness = ReturnType<typeof harness>;

const looks = (h: Harness, expect_: { expanded: boolean; hovered: boolean; drawer: boolean; cookie: boolean | null }) => {
  const s = h.actor.getSnapshot();
  expect(connectSidebar(s).expanded).toBe(expect_.expanded);
  expect(connectSidebar(s).railHovered).toBe(expect_.hovered);
  expect(connectSidebar(s).looksExpanded).toBe(expect_.expanded || expect_.hovered);
  expect(connectSidebar(s).drawerOpen).toBe(expect_.drawer);
  expect(h.cookie).toBe(expect_.cookie);
};

const states = (h: Harness) => ({
  expanded: () => looks(h, { expanded: true, hovered: false, drawer: false, cookie: h.cookie === null ? null : true }),
  collapsed: () => looks(h, { expanded: false, hovered: false, drawer: false, cookie: false }),
  railHovered: () => looks(h, { expanded: false, hovered: true, drawer: false, cookie: false }),
  drawerClosed: () => {
    expect(h.phone).toBe(true);
    expect(connectSidebar(h.actor.getSnapshot()).drawerOpen).toBe(false);
  },
  drawerOpen: () => {
    expect(h.phone).toBe(true);
    expect(connectSidebar(h.actor.getSnapshot()).drawerOpen).toBe(true);
  },
});

const events = (h: Harness) => ({
  'sidebar.toggle': () => h.actor.send({ type: 'sidebar.toggle' }),
  'rail.hover.enter': () => h.actor.send({ type: 'rail.hover.enter' }),
  'rail.hover.leave': () => h.actor.send({ type: 'rail.hover.leave' }),
  'viewport.phone': () => void (h.phone = true), // the view's media query: the machine is not told
  'drawer.open': () => h.actor.send({ type: 'drawer.open' }),
  'drawer.close': () => h.actor.send({ type: 'drawer.close' }),
  'route.change': () => {
    h.actor.send({ type: 'route.change', path: '/tasks' });
    expect(h.actor.getSnapshot().context.openSections).toContain('tasks'); // the link's section opens
  },
});

walkModel('sidebar', sidebarModel, harness, { states, events });
