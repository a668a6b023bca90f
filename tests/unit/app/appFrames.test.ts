// The app frames the build renders (scripts/appFrames.ts, src/app/AppFrame.tsx): one per route that has the
// sidebar and header, in every language, with the page's own title and the route's breadcrumbs.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppFrames, loadFrameRenderer, parseFrameRoutes, translator, WIDE_SLOT } from '../../../scripts/appFrames';
import { ROUTE_HEADINGS } from '../../../src/app/routeHeadings';
import { ROUTES } from '../../../src/app/routes';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const ROUTES_SOURCE = readFileSync(new URL('../../../src/app/routes.ts', import.meta.url), 'utf8');
const loadNs = (lang: string, ns: string) => JSON.parse(readFileSync(new URL(`../../../locales/${lang}/${ns}.json`, import.meta.url), 'utf8'));

describe('parseFrameRoutes', () => {
  it('reads every route of the table as the app defines it', () => {
    const parsed = parseFrameRoutes(ROUTES_SOURCE);
    expect(parsed.map((r) => r.path)).toEqual(ROUTES.map((r) => r.path));
    for (const [i, route] of ROUTES.entries()) {
      expect(parsed[i]).toMatchObject({ title: route.title, section: route.section, heading: ROUTE_HEADINGS[route.path], prefix: Boolean(route.prefix), bare: Boolean(route.bare) });
    }
  });

  it('has headings only for routes that exist and have the sidebar and header', () => {
    for (const path of Object.keys(ROUTE_HEADINGS)) expect(ROUTES.find((r) => r.path === path && !r.bare), path).toBeDefined();
    expect(ROUTE_HEADINGS['/students']).toEqual({ title: 'students.lists.all', subtitle: 'students.subtitle.all' });
  });

  it('fails on a route line it cannot read', () => {
    const broken = ROUTES_SOURCE.replace("{ path: '/tasks', title:", "{ path: '/tasks', label:");
    expect(() => parseFrameRoutes(broken)).toThrow(/cannot read the route/);
  });
});

describe('translator', () => {
  it('reads nested keys and fails the build on a missing one', () => {
    const t = translator((ns) => loadNs('ru', ns));
    expect(t('students.lists.all')).toBe('Все ученики');
    expect(() => t('students.lists.nothing')).toThrow(/no translation students.lists.nothing/);
  });
});

describe('buildAppFrames', () => {
  let render: Awaited<ReturnType<typeof loadFrameRenderer>>;
  beforeAll(async () => {
    render = await loadFrameRenderer(root);
  }, 60_000);

  it('renders the student list’s frame per language: breadcrumbs, the page’s title and line, the sidebar slot', () => {
    const frames = buildAppFrames(parseFrameRoutes(ROUTES_SOURCE), (route, t) => render(route, t, WIDE_SLOT), loadNs);
    const students = frames.frames[frames.exact['/students']];
    expect(students.uz).toContain('<h1 class="fs_2xl fw_semibold">Barcha o‘quvchilar</h1>');
    expect(students.ru).toContain('<h1 class="fs_2xl fw_semibold">Все ученики</h1>');
    expect(students.ru).toContain('Все ученики филиала, кроме архивных');
    expect(students.ru).toMatch(/<a href="\/"[^>]*>Главная<\/a>.*<a href="\/students"[^>]*>Ученики<\/a>.*<span[^>]*>Все ученики<\/span>/);
    expect(students.en).toContain('id="app-frame" inert=""');
    expect(students.uz.match(/%wide%/g)).toHaveLength(2);
    expect(students.uz.match(/<h1/g)).toHaveLength(1);
  });

  it('has a frame for every route with the sidebar and header, none for bare ones; a title only where the page’s is fixed', () => {
    const frames = buildAppFrames(parseFrameRoutes(ROUTES_SOURCE), (route, t) => render(route, t, WIDE_SLOT), loadNs);
    for (const route of ROUTES) {
      const index = frames.exact[route.path];
      if (route.bare) {
        expect(index, route.path).toBeUndefined();
        continue;
      }
      const html = frames.frames[index].uz;
      expect(html.includes('<h1'), route.path).toBe(Boolean(ROUTE_HEADINGS[route.path]));
    }
    // Under /control/ an unknown path is "not found": the layout without the overview's title.
    expect(frames.frames[frames.prefix['/control']].uz).not.toContain('<h1');
  });
});
