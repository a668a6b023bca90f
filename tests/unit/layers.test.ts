// The layers hold by themselves: the app never imports server code, the server never imports the app, and the
// shared contract imports neither side (they meet only in contract/). server/domain's own rule (no HTTP) is in
// tests/unit/server/domainBoundary.test.ts.
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
  it('sees a crossing when there is one', () => {
    const file = path.join(dir('src'), 'views', 'x.tsx');
    const target = path.resolve(path.dirname(file), '../../server/domain/core/errors');
    expect(inside(target, 'server')).toBe(true);
    expect(inside(path.resolve(path.dirname(file), '../../serverless'), 'server')).toBe(false);
  });
});
