import { describe, expect, it } from 'vitest';
import { ROUTES, canRead, matchRoute } from '../../../src/app/routes';

describe('routes of spec section 2', () => {
  it('has every route the spec lists', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const p of ['/', '/profile', '/leads', '/leads/orders', '/leads/lead_info', '/leads/orders/info', '/students/testing', '/students/new', '/students/active', '/students', '/students/archived', '/students/info', '/edu/materials', '/edu/groups', '/edu/rooms', '/edu/schedule', '/monitoring', '/edu/test/create', '/cashiers', '/cashiers/archive', '/tasks', '/employees', '/employees/archive', '/employees/info', '/control']) {
      expect(paths).toContain(p);
    }
  });

  it('matches exact paths, trailing slashes and any path under /control/', () => {
    expect(matchRoute('/students/active/')?.path).toBe('/students/active');
    expect(matchRoute('/control/reports/edu')?.path).toBe('/control/reports/edu');
    expect(matchRoute('/control/anything/else')?.path).toBe('/control');
    expect(matchRoute('/nope')).toBeUndefined();
  });

  it('lets a user in when any of the route keys is readable; open routes need none', () => {
    const students = matchRoute('/students/info')!;
    expect(canRead(students, new Set(['archived_students']))).toBe(true);
    expect(canRead(students, new Set(['tasks']))).toBe(false);
    expect(canRead(matchRoute('/profile')!, new Set())).toBe(true);
  });

  it('hides the chrome only on /edu/test/create and the printable receipt', () => {
    expect(ROUTES.filter((r) => r.bare).map((r) => r.path)).toEqual(['/edu/test/create', '/cashiers/receipt']);
  });
});
