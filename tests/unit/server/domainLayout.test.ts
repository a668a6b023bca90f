// The domain's layout holds by itself: every rule lives in an area folder (no flat files beside the folders, where
// near-twins grew before), and core/ — what every area is handed (the actor, the clock, the error type, the branch
// scope) — depends on no area, so any area may import it without a cycle.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles, specifiers } from '../../support/imports';

const domainDir = path.resolve(__dirname, '../../../server/domain');
const coreDir = path.join(domainDir, 'core');

/** The domain area a relative import from `file` reaches, or null when it stays in core/ or leaves the domain. */
function areaReached(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = path.relative(domainDir, path.resolve(path.dirname(file), specifier));
  if (target.startsWith('..')) return null;
  const area = target.split(path.sep)[0];
  return area === 'core' ? null : area;
}

describe('the domain layout', () => {
  it('has no file outside an area folder', () => {
    const flat = readdirSync(domainDir, { withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name);
    expect(flat).toEqual([]);
  });

  it('tells an area import from a core or outside import', () => {
    const file = path.join(coreDir, 'x.ts');
    expect(areaReached(file, '../groups/membership')).toBe('groups');
    expect(areaReached(file, './errors')).toBeNull();
    expect(areaReached(file, '../../db/client')).toBeNull();
    expect(areaReached(file, '../../../contract/roles')).toBeNull();
  });

  it('keeps core/ free of every area', () => {
    const crossings = sourceFiles(coreDir).flatMap((file) =>
      specifiers(readFileSync(file, 'utf8'))
        .filter((s) => areaReached(file, s))
        .map((s) => `${path.relative(domainDir, file)} → ${s}`),
    );
    expect(crossings).toEqual([]);
  });
});
