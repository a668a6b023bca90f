// Statecharts call named functions of src/api: none builds a URL or calls the HTTP client itself, so a changed
// route or response shape is changed in one place (src/api) and checked there.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const dir = join(import.meta.dirname, '../../../src/machines');
const machines = readdirSync(dir).filter((f) => f.endsWith('.ts'));

describe('machines and the HTTP client', () => {
  it('no machine calls the HTTP client or builds a request path', () => {
    const offenders = machines.filter((f) => {
      const text = readFileSync(join(dir, f), 'utf8');
      // appActors binds the client to the session actor (attachSession); that is wiring, not a request.
      const client = /import\s*\{[^}]*\bapi\b[^}]*\}\s*from\s*'\.\.\/api\/http'/.test(text) || /\bapi\.(get|post|put|patch|delete)\(/.test(text);
      // A request path with an id in it (page routes such as '/students/info' are the router's, not requests).
      const path = /`\/(api\/|lid\/\$\{|students\/\$\{|add-group\/\$\{|groups\/\$\{|finance\/)/.test(text);
      return client || path;
    });
    expect(offenders).toEqual([]);
  });
});
