// Per-area chunk sizes from the built app's Vite manifest (dist/.vite/manifest.json): what each lazily loaded page
// adds on top of the first load and the signed-in shell, and whether it is a lazy chunk of its own.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipBytes } from './sizes';

export type ManifestEntry = {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  name?: string;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestEntry>;

/** What app/shellLoader.ts loads for every signed-in page: the shell, zod's messages, the auth answers' schemas. */
export const SHELL_MODULES = ['src/views/shell/ShellLayout.tsx', 'src/i18n/zodLocale.ts', 'src/api/authSchemas.ts'];
export const ROUTES_FILE = 'src/app/routes.ts';
/** The group chunk that holds the shell's modules (scripts/shellChunk.ts); its manifest key is `_shell-<hash>.js`. */
export const SHELL_CHUNK_NAME = 'shell';

/** The route paths of src/app/routes.ts and the page module each one loads lazily (`import('../views/…')`). */
export function routeModules(source: string): { path: string; module: string }[] {
  const toKey = (spec: string) => `src/${spec.replace(/^\.\.\//, '')}.tsx`;
  // `const name = lazyPage(() => import('…'), …)` or `lazy(() => import('…'))`: routes may name a shared page.
  const named = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazy(?:Page)?\(\s*(?:async\s*)?\(\) => import\('([^']+)'\)/g)) named.set(m[1], toKey(m[2]));
  const out: { path: string; module: string }[] = [];
  for (const line of source.split('\n')) {
    const path = line.match(/\{ path: '([^']+)'/)?.[1];
    if (!path) continue;
    const direct = line.match(/import\('([^']+)'\)/)?.[1];
    const byName = line.match(/component: (\w+) \}/)?.[1];
    const module = direct ? toKey(direct) : byName ? named.get(byName) : undefined;
    if (module) out.push({ path, module });
  }
  return out;
}

/** The manifest keys a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const i of manifest[key].imports ?? []) staticClosure(manifest, i, into);
  return into;
}

export type AreaChunk = {
  path: string;
  module: string;
  /** The page's own chunk file. */
  file: string | null;
  /** A dynamic entry, neither in the first load nor in the shell. */
  ownLazyChunk: boolean;
  /** gzip bytes of JS and CSS the page adds to the first load + shell. */
  js: number;
  css: number;
  files: string[];
};

/** What each route's page costs beyond the first load and the shell; `size(file)` gives a file's gzip bytes. */
export function areaChunks(manifest: Manifest, routes: { path: string; module: string }[], size: (file: string) => number) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry) ?? 'index.html';
  const base = staticClosure(manifest, entryKey);
  const shell = new Set(base);
  for (const m of SHELL_MODULES) staticClosure(manifest, m, shell);
  for (const k of Object.keys(manifest)) if (manifest[k].name === SHELL_CHUNK_NAME && !manifest[k].src) staticClosure(manifest, k, shell);
  const fileSum = (keys: Iterable<string>, kind: 'js' | 'css') => {
    let total = 0;
    const files: string[] = [];
    for (const k of keys) {
      const names = kind === 'js' ? [manifest[k].file] : (manifest[k].css ?? []);
      for (const f of names) {
        if (files.includes(f)) continue;
        files.push(f);
        total += size(f);
      }
    }
    return { total, files };
  };
  const baseCss = new Set([...shell].flatMap((k) => manifest[k].css ?? []));
  const areas: AreaChunk[] = routes.map(({ path, module }) => {
    const entry = manifest[module];
    const extra = [...staticClosure(manifest, module)].filter((k) => !shell.has(k));
    const js = fileSum(extra, 'js');
    const css = fileSum(extra, 'css');
    const newCss = css.files.filter((f) => !baseCss.has(f));
    return {
      path,
      module,
      file: entry?.file ?? null,
      ownLazyChunk: Boolean(entry?.isDynamicEntry) && !shell.has(module),
      js: js.total,
      css: newCss.reduce((s, f) => s + size(f), 0),
      files: [...js.files, ...newCss],
    };
  });
  return { entryKey, entryFiles: [...base].map((k) => manifest[k].file), shellFiles: [...shell].filter((k) => !base.has(k)).map((k) => manifest[k].file), areas };
}

/** Reads dist/ (manifest, routes) and measures each area; null when the build has no manifest. */
export function measureAreas(root: string, distDir = join(root, 'dist')) {
  const manifestFile = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
  const routes = routeModules(readFileSync(join(root, ROUTES_FILE), 'utf8'));
  const cache = new Map<string, number>();
  const size = (file: string) => {
    if (!cache.has(file)) cache.set(file, gzipBytes(readFileSync(join(distDir, file))));
    return cache.get(file)!;
  };
  return { distDir, ...areaChunks(manifest, routes, size) };
}
