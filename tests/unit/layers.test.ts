// The layers hold by themselves: the app never imports server code, the server never imports the app, and the
// shared contract imports neither side (they meet only in contract/). server/domain's own rule (no HTTP) is in
// tests/unit/server/domainBoundary.test.ts. Inside the app, one view area (src/views/<area>/) does not import
// another's internals: what several areas use lives in src/views/common or src/ui (issue 16, section 3).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiers } from '../support/imports';

const root = path.resolve(__dirname, '../..');
const dir = (name: string) => path.join(root, name);
const inside = (target: string, name: string) => target === dir(name) || target.startsWith(dir(name) + path.sep);

/** Imports of files under `from` that resolve into any of `forbidden`, as "file → specifier". */
function crossings(from: string, forbidden: string[]): string[] {
  return sourceFiles(dir(from)).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.') && forbidden.some((f) => inside(path.resolve(path.dirname(file), s), f)))
      .map((s) => `${path.relative(root, file)} → ${s}`),
  );
}

const views = path.join(dir('src'), 'views');
/** The parts of src/ below the views: they may not reach into src/views at all (src/app may: it routes to pages). */
const BELOW_VIEWS = ['ui', 'api', 'machines', 'lib', 'i18n'].map((f) => `src/${f}`);

/** The view area of a file ("leads", "common"), or null outside src/views/<folder>/. */
function areaOf(file: string): string | null {
  const parts = path.relative(views, file).split(path.sep);
  return parts.length > 1 && parts[0] !== '..' ? parts[0] : null;
}

/**
 * May `file` import `target`? An area imports its own folder and src/views/common; common imports only itself; the
 * parts of src/ below the views import no view. Imports outside src/views are the other layer tests' business.
 */
function mayImport(file: string, target: string): boolean {
  const to = areaOf(target);
  if (to === null) return true;
  if (BELOW_VIEWS.some((f) => inside(file, f))) return false;
  const from = areaOf(file);
  return from === null ? true : to === from || to === 'common';
}

function areaCrossings(): string[] {
  return sourceFiles(dir('src')).flatMap((file) =>
    specifiers(readFileSync(file, 'utf8'))
      .filter((s) => s.startsWith('.') && !mayImport(file, path.resolve(path.dirname(file), s)))
      .map((s) => `${path.relative(root, file)} → ${s}`),
  );
}

describe('layers', () => {
  it('the app (src/) imports no server code', () => {
    expect(crossings('src', ['server'])).toEqual([]);
  });
  it('the server imports nothing of the app', () => {
    expect(crossings('server', ['src'])).toEqual([]);
  });
  it('the contract imports neither side', () => {
    expect(crossings('contract', ['src', 'server'])).toEqual([]);
  });
  it('a view area imports only itself, src/views/common and the shared parts of src/', () => {
    expect(areaCrossings()).toEqual([]);
  });
  it('sees a crossing when there is one', () => {
    const file = path.join(dir('src'), 'views', 'x.tsx');
    const target = path.resolve(path.dirname(file), '../../server/domain/core/errors');
    expect(inside(target, 'server')).toBe(true);
    expect(inside(path.resolve(path.dirname(file), '../../serverless'), 'server')).toBe(false);
  });
  it('sees an area reaching into another, and common or ui reaching into an area', () => {
    const at = (p: string) => path.join(views, p);
    expect(mayImport(at('cashiers/detail/EntryDialog.tsx'), at('finance/ledger/formParts'))).toBe(false);
    expect(mayImport(at('cashiers/detail/EntryDialog.tsx'), at('cashiers/detail/entryForm'))).toBe(true);
    expect(mayImport(at('cashiers/detail/EntryDialog.tsx'), at('common/money/formParts'))).toBe(true);
    expect(mayImport(at('common/money/formParts.tsx'), at('finance/ledger/Money'))).toBe(false);
    expect(mayImport(path.join(dir('src'), 'ui', 'form', 'fields.tsx'), at('common/formErrors'))).toBe(false);
    expect(mayImport(path.join(dir('src'), 'app', 'routes.ts'), at('leads/LeadsPage'))).toBe(true);
  });
});
