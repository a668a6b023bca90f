// Look-ups a page's forms use are filled for every role that has the page by default: for each role's demo
// employee and each of its default pages, every look-up of contract/lookups.ts's PAGE_LOOKUPS answers 200 with
// rows of the employee's branch (the call operator's new-lead subjects, the accountant's student filters...).
// The same table opens the server's guards, so the two cannot drift apart.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { LOOKUP_PATHS, PAGE_LOOKUPS, lookupReaders, type Lookup } from '../../contract/lookups';
import { ROLE_DEFAULT_PAGES, ROLES } from '../../contract/roles';
import { backends, useTestApp } from './harness';

describe.each(backends())('look-ups of every page (%s)', (backend) => {
  const t = useTestApp(backend);

  /** Query parameters a page sends with each look-up (its branch; a level list names its subject). */
  async function params(lookup: Lookup, filial: number): Promise<string> {
    switch (lookup) {
      case 'levels': {
        const result = (await t.db.execute(sql`select subject_id from subject_levels where not is_archived order by id limit 1`)) as unknown as {
          rows: { subject_id: number }[];
        };
        return `subject=${result.rows[0].subject_id}`;
      }
      case 'subjects':
      case 'sources':
      case 'kinds':
        return '';
      case 'staff':
        return `filial=${filial}&is_archived=false`;
      default:
        return `filial=${filial}`;
    }
  }

  it('answers every role the look-ups of each of its default pages, with rows', async () => {
    const chilonzor = await t.filialId('Chilonzor');
    const problems: string[] = [];
    let calls = 0;
    for (const role of ROLES) {
      const { access_token } = await t.signInAs(role);
      const me = (await t.call('GET', '/api/auth/me', { token: access_token })).json as { filial: number[] };
      const filial = me.filial[0] ?? chilonzor;
      const lookups = new Set(ROLE_DEFAULT_PAGES[role].flatMap((page) => PAGE_LOOKUPS[page].map((lookup) => [page, lookup] as const)).map(([, l]) => l));
      for (const lookup of lookups) {
        const pages = ROLE_DEFAULT_PAGES[role].filter((p) => PAGE_LOOKUPS[p].includes(lookup));
        const query = await params(lookup, filial);
        const res = await t.call('GET', `/api${LOOKUP_PATHS[lookup]}${query ? `?${query}` : ''}`, { token: access_token });
        calls += 1;
        const rows = Array.isArray(res.json) ? res.json.length : -1;
        if (res.status !== 200 || rows < 1) problems.push(`${role} (${pages.join(', ')}) ${lookup}: ${res.status} ${rows} rows ${res.text.slice(0, 100)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(calls).toBeGreaterThan(40);
  });

  it('still keeps the rest of each area behind its own pages', async () => {
    const operator = (await t.signInAs('CALL_OPERATOR')).access_token;
    const accounting = (await t.signInAs('ACCOUNTING')).access_token;
    // The subject list is open to the call operator; the subjects' pages and writes are not.
    expect((await t.call('GET', '/api/subjects/', { token: operator })).status).toBe(403);
    expect((await t.call('POST', '/api/subjects/', { token: operator, body: { name: 'X' } })).status).toBe(403);
    // The accountant's student filters read groups and courses; the groups pages do not open.
    expect((await t.call('GET', '/api/groups/', { token: accounting })).status).toBe(403);
    expect((await t.call('GET', '/api/courses/', { token: accounting })).status).toBe(403);
    // A page with no look-up of an area is still refused it.
    const attendance = (await t.signInAs('ATTENDANCE_MANAGER')).access_token;
    expect(lookupReaders('groups')).not.toContain('employees_att');
    expect((await t.call('GET', `/api/groups/no-pg/`, { token: attendance })).status).toBe(403);
  });

  it('keeps each look-up to the reader’s branches', async () => {
    const accounting = (await t.signInAs('ACCOUNTING')).access_token;
    const yunusobod = await t.filialId('Yunusobod');
    for (const lookup of ['groups', 'courses'] as const) {
      const res = await t.call('GET', `/api${LOOKUP_PATHS[lookup]}?filial=${yunusobod}`, { token: accounting });
      expect([403, 404], `${lookup}: ${res.status}`).toContain(res.status);
    }
  });
});
