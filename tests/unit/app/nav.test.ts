import { describe, expect, it } from 'vitest';
import { NAV, activeHref, sectionOfPath, visibleNav } from '../../../src/app/nav';
import { ROLE_DEFAULT_PAGES, PAGE_KEYS } from '../../../contract/roles';

const set = (...keys: string[]) => new Set(keys);

describe('visibleNav (spec section 6)', () => {
  it('shows a section when any of its keys is readable, and only the readable children', () => {
    const nav = visibleNav(set('orders'), 'ADMINISTRATOR');
    expect(nav.map((s) => s.key)).toEqual(['leads']);
    expect(nav[0].children.map((c) => c.page)).toEqual(['orders']);
  });

  it('hides sections with nothing readable', () => {
    expect(visibleNav(set(), 'DIRECTOR')).toEqual([]);
  });

  it("keeps a section's own link only when its own key is readable", () => {
    const withControl = visibleNav(set('control', 'shop'), 'DIRECTOR').find((s) => s.key === 'control');
    const withoutControl = visibleNav(set('shop'), 'ACCOUNTING').find((s) => s.key === 'control');
    expect(withControl?.href).toBe('/control');
    expect(withoutControl?.href).toBeUndefined();
    expect(withoutControl?.children.map((c) => c.page)).toEqual(['shop']);
  });

  it('hides the section rows for TEACHER and ASSISTANT only', () => {
    const pages = new Set<string>(ROLE_DEFAULT_PAGES.TEACHER);
    expect(visibleNav(pages, 'TEACHER').every((s) => !s.showHeader)).toBe(true);
    expect(visibleNav(pages, 'ASSISTANT').every((s) => !s.showHeader)).toBe(true);
    expect(visibleNav(pages, 'HEAD_TEACHER').every((s) => s.showHeader)).toBe(true);
  });

  it('gives a director every section', () => {
    expect(visibleNav(new Set<string>(PAGE_KEYS), 'DIRECTOR').map((s) => s.key)).toEqual(NAV.map((s) => s.key));
  });
});

describe('sectionOfPath', () => {
  it('finds the section of a child link or of a section link, ignoring the query', () => {
    expect(sectionOfPath('/students/active?page=2')).toBe('students');
    expect(sectionOfPath('/leads?stage=ARCHIVED')).toBe('leads');
    expect(sectionOfPath('/tasks/')).toBe('tasks');
    expect(sectionOfPath('/profile')).toBeNull();
  });
});

describe('activeHref', () => {
  const hrefs = ['/leads', '/leads?stage=ARCHIVED', '/employees', '/employees?tab=attendance'];
  it('picks the most specific link whose query the page carries', () => {
    expect(activeHref(hrefs, '/leads', '?stage=ARCHIVED&page=2')).toBe('/leads?stage=ARCHIVED');
    expect(activeHref(hrefs, '/leads', '?page=2')).toBe('/leads');
    expect(activeHref(hrefs, '/employees', '')).toBe('/employees');
    expect(activeHref(hrefs, '/employees', 'tab=attendance')).toBe('/employees?tab=attendance');
  });
  it('finds nothing for pages outside the menu', () => {
    expect(activeHref(hrefs, '/profile', '')).toBeNull();
  });
});
