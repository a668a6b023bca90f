import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { connectSidebar, readSidebarCookie, SIDEBAR_COOKIE_MAX_AGE, sidebarMachine } from '../../../src/machines/sidebar';

describe('sidebar machine', () => {
  let doc: { cookie: string };
  beforeEach(() => {
    doc = { cookie: '' };
    vi.stubGlobal('document', doc);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the cookie: expanded unless it says false', () => {
    expect(readSidebarCookie('')).toBe(true);
    expect(readSidebarCookie('sidebar_state=false')).toBe(false);
    expect(readSidebarCookie('a=1; sidebar_state=true')).toBe(true);
    doc.cookie = 'sidebar_state=false';
    expect(readSidebarCookie()).toBe(false);
  });

  it('starts from the input, and from the cookie without one', () => {
    expect(connectSidebar(createActor(sidebarMachine, { input: { expanded: false } }).start().getSnapshot()).expanded).toBe(false);
    doc.cookie = 'sidebar_state=false';
    expect(connectSidebar(createActor(sidebarMachine, { input: {} }).start().getSnapshot()).expanded).toBe(false);
  });

  it('toggles and saves the state in a 7-day cookie', () => {
    const actor = createActor(sidebarMachine, { input: { expanded: true } }).start();
    actor.send({ type: 'sidebar.toggle' });
    expect(connectSidebar(actor.getSnapshot()).expanded).toBe(false);
    expect(doc.cookie).toBe(`sidebar_state=false; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`);
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    actor.send({ type: 'sidebar.toggle' });
    expect(connectSidebar(actor.getSnapshot()).expanded).toBe(true);
    expect(doc.cookie).toContain('sidebar_state=true');
  });

  it('looks expanded while the collapsed rail is hovered', () => {
    const actor = createActor(sidebarMachine, { input: { expanded: false } }).start();
    expect(connectSidebar(actor.getSnapshot()).looksExpanded).toBe(false);
    actor.send({ type: 'rail.hover.enter' });
    expect(connectSidebar(actor.getSnapshot()).railHovered).toBe(true);
    expect(connectSidebar(actor.getSnapshot()).looksExpanded).toBe(true);
    expect(connectSidebar(actor.getSnapshot()).expanded).toBe(false);
    actor.send({ type: 'rail.hover.leave' });
    expect(connectSidebar(actor.getSnapshot()).looksExpanded).toBe(false);
  });

  it('opens the mobile drawer; the overlay or a route change closes it', () => {
    const actor = createActor(sidebarMachine, { input: {} }).start();
    actor.send({ type: 'drawer.open' });
    expect(connectSidebar(actor.getSnapshot()).drawerOpen).toBe(true);
    actor.send({ type: 'drawer.close' });
    expect(connectSidebar(actor.getSnapshot()).drawerOpen).toBe(false);
    actor.send({ type: 'drawer.open' });
    actor.send({ type: 'route.change', path: '/leads' });
    expect(connectSidebar(actor.getSnapshot()).drawerOpen).toBe(false);
  });

  it('toggles sections independently', () => {
    const actor = createActor(sidebarMachine, { input: {} }).start();
    actor.send({ type: 'section.toggle', key: 'leads' });
    actor.send({ type: 'section.toggle', key: 'students' });
    expect(connectSidebar(actor.getSnapshot()).openSections).toEqual(['leads', 'students']);
    actor.send({ type: 'section.toggle', key: 'leads' });
    expect(connectSidebar(actor.getSnapshot()).openSections).toEqual(['students']);
  });

  it('opens the section of the page a route change arrives at, and never closes one', () => {
    const sectionOf = (path: string) => (path.startsWith('/students') ? 'students' : null);
    const actor = createActor(sidebarMachine, { input: { sectionOf } }).start();
    actor.send({ type: 'route.change', path: '/students/active' });
    expect(connectSidebar(actor.getSnapshot()).openSections).toEqual(['students']);
    actor.send({ type: 'route.change', path: '/students' });
    actor.send({ type: 'route.change', path: '/profile' });
    expect(connectSidebar(actor.getSnapshot()).openSections).toEqual(['students']);
    actor.send({ type: 'drawer.open' });
    actor.send({ type: 'section.toggle', key: 'students' });
    actor.send({ type: 'route.change', path: '/students/new' });
    expect(connectSidebar(actor.getSnapshot()).openSections).toEqual(['students']);
    expect(connectSidebar(actor.getSnapshot()).drawerOpen).toBe(false);
  });
});
