// The translation keys the code names, found statically: for the unit tests that every key exists in both
// languages and that every route loads the namespaces its code uses.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** Every .ts/.tsx file under `dir` (absolute paths). */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The source without comments (a key named in a comment is not a use). */
export function codeOf(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

export type KeyUse = { key: string; file: string };
export type PrefixUse = { prefix: string; file: string; optional: boolean };

// A quoted "namespace.key…", with the `t(` before it when there is one.
const LITERAL = /(\bt\(\s*)?(['"])([a-z][a-z_]*(?:\.[A-Za-z0-9_-]+)+)\2/g;
// t(`namespace.prefix.${…}`, …): a key built from a prefix; `defaultValue` in the call makes it optional.
const TEMPLATE = /\bt\(\s*`([a-z][a-z_]*(?:\.[A-Za-z0-9_-]+)*)\.\$\{[^`]*`\s*(,[^)]*)?\)/g;

/**
 * The keys a file names: the first argument of every `t('…')`, and any other quoted string of a known namespace
 * that is a key by its shape: three segments or more ('nav.pages.groups', kept in data and translated later), or
 * any key of the message-only namespaces (contract messages such as 'validation.required'). Two-segment strings
 * elsewhere are left out: audit actions ('auth.sign_in') and event names ('schedule.change') look the same.
 */
export function keysIn(file: string, namespaces: ReadonlySet<string>): { keys: KeyUse[]; prefixes: PrefixUse[] } {
  const code = codeOf(file);
  const rel = relative(ROOT, file);
  const keys: KeyUse[] = [];
  for (const m of code.matchAll(LITERAL)) {
    const key = m[3];
    const parts = key.split('.');
    if (!namespaces.has(parts[0])) continue;
    if (m[1] || parts.length >= 3 || parts[0] === 'validation' || parts[0] === 'errors') keys.push({ key, file: rel });
  }
  const prefixes: PrefixUse[] = [];
  for (const m of code.matchAll(TEMPLATE)) {
    if (namespaces.has(m[1].split('.')[0])) prefixes.push({ prefix: m[1], file: rel, optional: /defaultValue/.test(m[2] ?? '') });
  }
  return { keys, prefixes };
}

const IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;

function resolveImport(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return null;
}

/**
 * The files of src/ a module brings in (itself included): its static imports, and its lazy imports (a tab's
 * chart), transitively. `stopAt` files are not entered: their lazy imports are other routes with their own
 * namespaces (src/app/routes.ts).
 */
export function moduleClosure(entry: string, stopAt: ReadonlySet<string> = new Set()): Set<string> {
  const src = join(ROOT, 'src') + '/';
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (stopAt.has(file)) continue;
    for (const m of codeOf(file).matchAll(IMPORT)) {
      const target = resolveImport(file, m[1] ?? m[2] ?? m[3]);
      if (target?.startsWith(src)) stack.push(target);
    }
  }
  return seen;
}

/** The namespaces the given files use, each with the first few files that use it. */
export function namespacesUsed(files: Iterable<string>, namespaces: ReadonlySet<string>): Map<string, string[]> {
  const used = new Map<string, string[]>();
  for (const file of files) {
    const { keys, prefixes } = keysIn(file, namespaces);
    for (const ns of new Set([...keys.map((k) => k.key), ...prefixes.map((p) => p.prefix)].map((k) => k.split('.')[0]))) {
      const where = used.get(ns) ?? [];
      if (where.length < 3) where.push(relative(ROOT, file));
      used.set(ns, where);
    }
  }
  return used;
}

/** The lazily loaded pages of src/app/routes.ts: the module each imports and the namespaces it loads with it. */
export function routePages(): { module: string; namespaces: string[] }[] {
  const routesFile = join(ROOT, 'src/app/routes.ts');
  const pages = [...codeOf(routesFile).matchAll(/lazyPage\(\s*\(\)\s*=>\s*import\('([^']+)'\),\s*\[([^\]]*)\]\s*\)/g)].map((m) => ({
    module: resolveImport(routesFile, m[1])!,
    namespaces: [...m[2].matchAll(/'([^']+)'/g)].map((n) => n[1]),
  }));
  return pages;
}
