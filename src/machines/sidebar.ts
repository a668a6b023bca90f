// Sidebar (spec section 2 "Shell" and section 4 "Sidebar"). Parallel regions:
// desktop: expanded | collapsed, toggled by sidebar.toggle (the view binds Ctrl/Cmd+B), saved in the cookie
// `sidebar_state` for 7 days; rail: idle | hovered (rail.hover.enter/leave: the collapsed rail looks expanded while
// hovered); drawer (mobile): closed | open (drawer.open/close; route.change closes it). Open sections are context,
// toggled by section.toggle {key}; following a section's own link is the view's Link, not this machine.
import { assign, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { getBrowserCookie, readCookie, setBrowserCookie } from '../lib/cookies';

export const SIDEBAR_COOKIE = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7; // 604800 s, spec section 9

/** The saved desktop state: expanded unless the cookie says "false" (a first visit starts expanded). */
export function readSidebarCookie(cookies?: string): boolean {
  const value = cookies === undefined ? getBrowserCookie(SIDEBAR_COOKIE) : readCookie(SIDEBAR_COOKIE, cookies);
  return value !== 'false';
}

export type SidebarEvent =
  | { type: 'sidebar.toggle' }
  | { type: 'rail.hover.enter' }
  | { type: 'rail.hover.leave' }
  | { type: 'drawer.open' }
  | { type: 'drawer.close' }
  | { type: 'route.change'; path?: string }
  | { type: 'section.toggle'; key: string };

export type SidebarInput =
  | {
      expanded?: boolean;
      openSections?: string[];
      /** The nav section a path belongs to, so a deep link opens its section; the nav itself lives in the app. */
      sectionOf?: (path: string) => string | null;
    }
  | undefined;

export const sidebarMachine = setup({
  types: {
    context: {} as { startsExpanded: boolean; openSections: string[]; sectionOf: (path: string) => string | null },
    events: {} as SidebarEvent,
    input: {} as SidebarInput,
  },
  guards: {
    'the saved state is expanded': ({ context }) => context.startsExpanded,
  },
  actions: {
    saveExpanded: (_, params: { expanded: boolean }) => setBrowserCookie(SIDEBAR_COOKIE, String(params.expanded), SIDEBAR_COOKIE_MAX_AGE),
    toggleSection: assign({
      openSections: ({ context, event }) => {
        if (event.type !== 'section.toggle') return context.openSections;
        return context.openSections.includes(event.key)
          ? context.openSections.filter((k) => k !== event.key)
          : [...context.openSections, event.key];
      },
    }),
    revealSection: assign({
      openSections: ({ context, event }) => {
        if (event.type !== 'route.change' || !event.path) return context.openSections;
        const key = context.sectionOf(event.path);
        return key && !context.openSections.includes(key) ? [...context.openSections, key] : context.openSections;
      },
    }),
  },
}).createMachine({
  id: 'sidebar',
  context: ({ input }) => ({ startsExpanded: input?.expanded ?? readSidebarCookie(), openSections: input?.openSections ?? [], sectionOf: input?.sectionOf ?? (() => null) }),
  type: 'parallel',
  on: { 'section.toggle': { actions: 'toggleSection' } },
  states: {
    desktop: {
      initial: 'restoring',
      states: {
        restoring: { always: [{ guard: 'the saved state is expanded', target: 'expanded' }, { target: 'collapsed' }] },
        expanded: {
          on: { 'sidebar.toggle': { target: 'collapsed', actions: { type: 'saveExpanded', params: { expanded: false } } } },
        },
        collapsed: {
          on: { 'sidebar.toggle': { target: 'expanded', actions: { type: 'saveExpanded', params: { expanded: true } } } },
        },
      },
    },
    rail: {
      initial: 'idle',
      states: {
        idle: { on: { 'rail.hover.enter': 'hovered' } },
        hovered: { on: { 'rail.hover.leave': 'idle', 'sidebar.toggle': 'idle' } },
      },
    },
    drawer: {
      initial: 'closed',
      states: {
        closed: { on: { 'drawer.open': 'open', 'route.change': { actions: 'revealSection' } } },
        open: { on: { 'drawer.close': 'closed', 'route.change': { target: 'closed', actions: 'revealSection' } } },
      },
    },
  },
});

export type SidebarActorRef = ActorRefFrom<typeof sidebarMachine>;
type SidebarSnapshot = SnapshotFrom<typeof sidebarMachine>;
const selectIsExpanded = (s: SidebarSnapshot) => s.matches({ desktop: 'expanded' });
const selectIsRailHovered = (s: SidebarSnapshot) => s.matches({ rail: 'hovered' });
/** Width the desktop sidebar shows: 16rem when expanded, or collapsed but hovered; else the 75px rail. */
const selectLooksExpanded = (s: SidebarSnapshot) => selectIsExpanded(s) || selectIsRailHovered(s);
const selectIsDrawerOpen = (s: SidebarSnapshot) => s.matches({ drawer: 'open' });
const selectOpenSections = (s: SidebarSnapshot) => s.context.openSections;

/** What the views may show of this machine, in one selector (zag's connect); a view takes the part it needs. */
export function connectSidebar(s: SidebarSnapshot) {
  return {
    expanded: selectIsExpanded(s),
    railHovered: selectIsRailHovered(s),
    looksExpanded: selectLooksExpanded(s),
    drawerOpen: selectIsDrawerOpen(s),
    openSections: selectOpenSections(s),
  };
}
