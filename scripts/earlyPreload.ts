// Vite plugin: writes into index.html, as a JSON block, which files and translations the signed-in shell and each
// route's page need. public/early-preload.js reads it while the HTML is parsed and starts those downloads at once,
// so they arrive while the boot chunk is still being evaluated instead of one wave after another.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

type Chunk = { type: 'chunk'; fileName: string; isEntry: boolean; moduleIds: string[]; imports: string[] };
type Bundle = Record<string, Chunk | { type: 'asset' }>;

export type EarlyPreloadData = {
  /** The boot chunk: public/early-preload.js starts it when the server left its script out (server/http/appFrame.ts). */
  entry: string;
  files: string[];
  bootNs: string[];
  shell: number[];
  shellNs: string[];
  /** [file indexes, namespaces] per page module. */
  pages: [number[], string[]][];
  exact: Record<string, number>;
  prefix: Record<string, number>;
};

type RouteSource = { path: string; prefix: boolean; module: string; namespaces: string[] };

const LAZY = String.raw`lazyPage\(\(\) => import\('([^']+)'\), \[([^\]]*)\]\)`;
const strings = (list: string) => [...list.matchAll(/'([^']+)'/g)].map((m) => m[1]);

/** The routes of src/app/routes.ts: path, prefix flag, page module (relative to src/app) and namespaces. */
export function parseRoutes(source: string): RouteSource[] {
  const named = new Map<string, { module: string; namespaces: string[] }>();
  for (const m of source.matchAll(new RegExp(String.raw`const (\w+) = ${LAZY};`, 'g'))) named.set(m[1], { module: m[2], namespaces: strings(m[3]) });
  const table = source.slice(source.indexOf('export const ROUTES'));
  const lines = table.slice(0, table.indexOf('\n];')).split('\n').filter((l) => l.trim().startsWith('{ path:'));
  return lines.map((line) => {
    const m = line.match(new RegExp(String.raw`^\s*\{ path: '([^']+)'(, prefix: true)?.*component: (?:(\w+)|${LAZY}) \},$`));
    const page = m && (m[3] ? named.get(m[3]) : { module: m[4], namespaces: strings(m[5]) });
    if (!m || !page) throw new Error(`earlyPreload: cannot read the route ${line.trim()}`);
    return { path: m[1], prefix: Boolean(m[2]), ...page };
  });
}

/** The string list assigned to `name` in a source file (`const NAMESPACES = ['a', 'b']`). */
export function parseList(source: string, name: string): string[] {
  const m = source.match(new RegExp(String.raw`${name} = \[([^\]]*)\]`));
  if (!m) throw new Error(`earlyPreload: no ${name} list`);
  return strings(m[1]);
}

export function earlyPreload(root: string): Plugin {
  const src = (file: string) => path.join(root, 'src', file);
  return {
    name: 'markaz-early-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as unknown as Bundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is Chunk => c.type === 'chunk');
        // A dynamic entry may live in a group chunk (the shell's), so look modules up in every chunk's module list.
        const byModule = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id.replace(/\?.*$/, ''), c] as const)));
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        const chunkOf = (module: string) => {
          const found = ['', '.ts', '.tsx'].map((ext) => byModule.get(module + ext)).find(Boolean);
          if (!found) throw new Error(`earlyPreload: no chunk for ${module}`);
          return found;
        };
        // What the entry loads anyway is left out.
        const boot = new Set<string>();
        const walk = (c: Chunk, into: Set<string>) => {
          if (into.has(c.fileName) || (into !== boot && boot.has(c.fileName))) return;
          into.add(c.fileName);
          c.imports.forEach((f) => byFile.get(f) && walk(byFile.get(f)!, into));
        };
        chunks.filter((c) => c.isEntry).forEach((c) => walk(c, boot));

        const files: string[] = [];
        const shellFiles = new Set<string>();
        const indexes = (modules: string[]) => {
          const set = new Set<string>();
          modules.forEach((m) => walk(chunkOf(m), set));
          // A page's list leaves out what the shell's list already holds.
          return [...set].filter((f) => !shellFiles.has(f)).map((f) => (files.includes(f) ? files.indexOf(f) : files.push(f) - 1));
        };
        const read = (file: string) => readFileSync(src(file), 'utf8');
        const shellModules = ['views/shell/ShellLayout', 'i18n/zodLocale', 'api/authSchemas', 'app/routes'].map(src);
        const shell = indexes(shellModules);
        shell.forEach((i) => shellFiles.add(files[i]));
        // The entry's file: on an app route with its frame the server turns the entry's <script type=module> into a
        // modulepreload (server/http/appFrame.ts) and early-preload.js runs it, after the frame's first paint.
        const entry = html.match(/<script type="module" crossorigin src="\/([^"]+)"><\/script>/);
        if (!entry) throw new Error('earlyPreload: no entry script in index.html');
        const data: EarlyPreloadData = {
          entry: entry[1],
          files,
          bootNs: parseList(read('main.tsx'), 'NAMESPACES'),
          shell,
          shellNs: parseList(read('app/shellLoader.ts'), 'SHELL_NAMESPACES'),
          pages: [],
          exact: {},
          prefix: {},
        };
        const pageOf = new Map<string, number>();
        for (const route of parseRoutes(read('app/routes.ts'))) {
          const module = path.resolve(src('app'), route.module);
          if (!pageOf.has(module)) pageOf.set(module, data.pages.push([indexes([module]), route.namespaces]) - 1);
          (route.prefix ? data.prefix : data.exact)[route.path] = pageOf.get(module)!;
        }
        // Not executed (type application/json), so the Content-Security-Policy's script-src does not apply.
        const json = JSON.stringify(data).replace(/</g, '\\u003c');
        return {
          html,
          tags: [
            { tag: 'script', attrs: { type: 'application/json', id: 'early-preload' }, children: json, injectTo: 'head' },
            { tag: 'script', attrs: { src: '/early-preload.js' }, injectTo: 'head' },
          ],
        };
      },
    },
  };
}
