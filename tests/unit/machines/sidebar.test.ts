import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  SIDEBAR_COOKIE_MAX_AGE,
  readSidebarCookie,
  selectIsDrawerOpen,
  selectIsExpanded,
  selectIsRailHovered,
  selectLooksExpanded,
  selectOpenSections,
  sidebarMachine,
} from '../../../src/machines/sidebar';

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
    expect(selectIsExpanded(createActor(sidebarMachine, { input: { expanded: false } }).start().getSnapshot())).toBe(false);
    doc.cookie = 'sidebar_state=false';
    expect(selectIsExpanded(createActor(sidebarMachine, { input: {} }).start().getSnapshot())).toBe(false);
  });

  it('toggles and saves the state in a 7-day cookie', () => {
    const actor = createActor(sidebarMachine, { input: { expanded: true } }).start();
    actor.send({ type: 'sidebar.toggle' });
    expect(selectIsExpanded(actor.getSnapshot())).toBe(false);
    expect(doc.cookie).toBe(`sidebar_state=false; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`);
    expect(SIDEBAR_COOKIE_MAX_AGE).toBe(604800);
    actor.send({ type: 'sidebar.toggle' });
    expect(selectIsExpanded(actor.getSnapshot())).toBe(true);
    expect(doc.cookie).toContain('sidebar_state=true');
  });

  it('looks expanded while the collapsed rail is hovered', () => {
    const actor = createActor(sidebarMachine, { input: { expanded: false } }).start();
    expect(selectLooksExpanded(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'rail.hover.enter' });
    expect(selectIsRailHovered(actor.getSnapshot())).toBe(true);
    expect(selectLooksExpanded(actor.getSnapshot())).toBe(true);
    expect(selectIsExpanded(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'rail.hover.leave' });
    expect(selectLooksExpanded(actor.getSnapshot())).toBe(false);
  });

  it('opens the mobile drawer; the overlay or a route change closes it', () => {
    const actor = createActor(sidebarMachine, { input: {} }).start();
    actor.send({ type: 'drawer.open' });
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'drawer.close' });
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'drawer.open' });
    actor.send({ type: 'route.change', path: '/leads' });
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(false);
  });

  it('toggles sections independently', () => {
    const actor = createActor(sidebarMachine, { input: {} }).start();
    actor.send({ type: 'section.toggle', key: 'leads' });
    actor.send({ type: 'section.toggle', key: 'students' });
    expect(selectOpenSections(actor.getSnapshot())).toEqual(['leads', 'students']);
    actor.send({ type: 'section.toggle', key: 'leads' });
    expect(selectOpenSections(actor.getSnapshot())).toEqual(['students']);
  });

  it('opens the section of the page a route change arrives at, and never closes one', () => {
    const sectionOf = (path: string) => (path.startsWith('/students') ? 'students' : null);
    const actor = createActor(sidebarMachine, { input: { sectionOf } }).start();
    actor.send({ type: 'route.change', path: '/students/active' });
    expect(selectOpenSections(actor.getSnapshot())).toEqual(['students']);
    actor.send({ type: 'route.change', path: '/students' });
    actor.send({ type: 'route.change', path: '/profile' });
    expect(selectOpenSections(actor.getSnapshot())).toEqual(['students']);
    actor.send({ type: 'drawer.open' });
    actor.send({ type: 'section.toggle', key: 'students' });
    actor.send({ type: 'route.change', path: '/students/new' });
    expect(selectOpenSections(actor.getSnapshot())).toEqual(['students']);
    expect(selectIsDrawerOpen(actor.getSnapshot())).toBe(false);
  });
});
