// Vite plugin: renders the app frame (src/app/AppFrame.tsx: sidebar panel, header with the breadcrumbs, the page's
// title) of every app route in every interface language and writes them to dist/app-frames.json. The server puts
// the frame of the requested route into its HTML (server/http/appFrame.ts), so the title paints before any script.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Plugin } from 'vite';
import type { FrameRoute } from '../src/app/AppFrame';
import { ROUTE_HEADINGS, type RouteHeading } from '../src/app/routeHeadings';

/** Stands for the sidebar's state ("true" or "false") in a rendered frame; the server fills it in. */
export const WIDE_SLOT = '%wide%';
const LANGS = ['uz', 'ru', 'en'] as const;

export type AppFrames = {
  /** Index into `frames` by exact path, and by prefix (a prefix route's frame has no title: it may be a miss). */
  exact: Record<string, number>;
  prefix: Record<string, number>;
  frames: Record<(typeof LANGS)[number], string>[];
};

type ParsedRoute = FrameRoute & { prefix: boolean; bare: boolean };

/**
 * The routes of src/app/routes.ts with what the frame shows: title, section, the page's heading
 * (src/app/routeHeadings.ts); bare routes flagged.
 */
export function parseFrameRoutes(source: string, headings: Readonly<Record<string, RouteHeading>> = ROUTE_HEADINGS): ParsedRoute[] {
  const sections = new Map<string, FrameRoute['section']>();
  for (const m of source.matchAll(/const (\w+) = \{ title: '([^']+)'(?:, href: '([^']+)')? \};/g)) sections.set(m[1], m[3] ? { title: m[2], href: m[3] } : { title: m[2] });
  const table = source.slice(source.indexOf('export const ROUTES'));
  const lines = table.slice(0, table.indexOf('\n];')).split('\n').filter((l) => l.trim().startsWith('{ path:'));
  return lines.map((line) => {
    const m = line.match(/^\s*\{ path: '([^']+)'(, prefix: true)?, title: '([^']+)'/);
    if (!m) throw new Error(`appFrames: cannot read the route ${line.trim()}`);
    const section = line.match(/, section: (\w+)/);
    if (section && !sections.has(section[1])) throw new Error(`appFrames: no section ${section[1]}`);
    return {
      path: m[1],
      prefix: Boolean(m[2]),
      title: m[3],
      section: section ? sections.get(section[1]) : undefined,
      heading: Object.hasOwn(headings, m[1]) ? headings[m[1]] : undefined,
      bare: line.includes(', bare: true'),
    };
  });
}

/** A `t` over nested JSON translation files, `ns.key.path`; a missing key fails the build. */
export function translator(load: (ns: string) => Record<string, unknown>): (key: string) => string {
  return (key) => {
    const [ns, ...rest] = key.split('.');
    let value: unknown = load(ns);
    for (const part of rest) value = value && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    if (typeof value !== 'string') throw new Error(`appFrames: no translation ${key}`);
    return value;
  };
}

/** Every route's frame in every language; bare routes (no sidebar or header) have none. */
export function buildAppFrames(routes: ParsedRoute[], render: (route: FrameRoute, t: (key: string) => string) => string, loadNs: (lang: string, ns: string) => Record<string, unknown>): AppFrames {
  const out: AppFrames = { exact: {}, prefix: {}, frames: [] };
  const ts = Object.fromEntries(LANGS.map((lang) => [lang, translator((ns) => loadNs(lang, ns))]));
  const add = (route: FrameRoute) => out.frames.push(Object.fromEntries(LANGS.map((lang) => [lang, render(route, ts[lang])])) as AppFrames['frames'][number]) - 1;
  for (const route of routes) {
    if (route.bare) continue;
    const { prefix, bare, ...frame } = route;
    out.exact[route.path] = add(frame);
    // Under a prefix route the path may be a miss (not found): the layout, but not the page's title.
    if (prefix) out.prefix[route.path] = add({ ...frame, heading: undefined });
  }
  return out;
}

type Render = (route: FrameRoute, t: (key: string) => string, wide: string) => string;

/**
 * The frame component uses the app's style modules (`styled-system/*`, an alias of the app's build) and
 * JSX: esbuild bundles it with React's static renderer into one CommonJS file, which is then required.
 */
export async function loadFrameRenderer(root: string): Promise<Render> {
  const { build } = await import('esbuild');
  const entry = [
    "import { createElement } from 'react';",
    "import { renderToStaticMarkup } from 'react-dom/server';",
    "import { AppFrame } from './src/app/AppFrame.tsx';",
    'export const render = (route, t, wide) => renderToStaticMarkup(createElement(AppFrame, { route, t, wide }));',
  ].join('\n');
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'app-frame-')), 'render.cjs');
  await build({
    stdin: { contents: entry, resolveDir: root, loader: 'tsx' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    jsx: 'automatic',
    // The app's alias (vite.config.ts): styled-system/<dir> is the generated folder's index.
    plugins: [{ name: 'styled-system', setup: (b) => b.onResolve({ filter: /^styled-system\// }, (a) => ({ path: path.join(root, a.path, 'index.mjs') })) }],
    define: { 'process.env.NODE_ENV': '"production"' },
    outfile: out,
    logLevel: 'warning',
  });
  return (createRequire(import.meta.url)(out) as { render: Render }).render;
}

export function appFrames(root: string): Plugin {
  return {
    name: 'markaz-app-frames',
    apply: 'build',
    async generateBundle() {
      const render = await loadFrameRenderer(root);
      const cache = new Map<string, Record<string, unknown>>();
      const loadNs = (lang: string, ns: string) => {
        const file = path.join(root, 'locales', lang, `${ns}.json`);
        if (!cache.has(file)) cache.set(file, JSON.parse(readFileSync(file, 'utf8')));
        return cache.get(file)!;
      };
      const routes = parseFrameRoutes(readFileSync(path.join(root, 'src/app/routes.ts'), 'utf8'));
      const frames = buildAppFrames(routes, (route, t) => render(route, t, WIDE_SLOT), loadNs);
      this.emitFile({ type: 'asset', fileName: 'app-frames.json', source: JSON.stringify(frames) });
    },
  };
}
