// The rules stay free of the web framework: nothing under server/domain imports server/http or Hono, and the
// app answers errors in one place (one onError in all of server/).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiers } from '../../support/imports';

const root = path.resolve(__dirname, '../../..');
const serverDir = path.join(root, 'server');
const domainDir = path.join(serverDir, 'domain');
const httpDir = path.join(serverDir, 'http');

/** Why `specifier` (named in `file`) crosses the boundary, or null when it does not. */
function forbiddenImport(file: string, specifier: string): string | null {
  if (specifier === 'hono' || specifier.startsWith('hono/') || specifier.startsWith('@hono/')) return 'the web framework';
  if (!specifier.startsWith('.')) return null;
  const target = path.resolve(path.dirname(file), specifier);
  return target === httpDir || target.startsWith(httpDir + path.sep) ? 'server/http' : null;
}

describe('the domain boundary', () => {
  it('finds a forbidden import however it is written', () => {
    const file = path.join(domainDir, 'groups', 'x.ts');
    const source = [
      "import type { Context } from 'hono';",
      "import { z } from 'zod';",
      "export { ApiError } from '../../http/errors';",
      "const later = () => import('../../http/i18n');",
      "import { fieldError } from '../errors';",
      "import { validator } from '@hono/zod-validator';",
    ].join('\n');
    const bad = specifiers(source).filter((s) => forbiddenImport(file, s));
    expect(bad).toEqual(['hono', '../../http/errors', '@hono/zod-validator', '../../http/i18n']);
    // A name that only looks alike is not the framework or the HTTP layer.
    expect(forbiddenImport(file, 'honorific')).toBeNull();
    expect(forbiddenImport(file, '../httpish')).toBeNull();
    expect(forbiddenImport(path.join(domainDir, 'x.ts'), '../http')).toBe('server/http');
  });

  it('no file under server/domain imports server/http or Hono', () => {
    const files = sourceFiles(domainDir);
    expect(files.length).toBeGreaterThan(50);
    const crossings = files.flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .map((s) => ({ s, why: forbiddenImport(file, s) }))
        .filter((x) => x.why)
        .map((x) => `${path.relative(root, file)}: '${x.s}' (${x.why})`),
    );
    expect(crossings).toEqual([]);
  });

  it('errors become responses in one place: one .onError( in server/', () => {
    const registrations = sourceFiles(serverDir).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/\.onError\s*\(/g)].map(() => path.relative(root, file)),
    );
    expect(registrations).toEqual(['server/app.ts']);
  });
});
