import { describe, expect, it } from 'vitest';
import { NAV } from '../../../../src/app/nav';
import { controlCards } from '../../../../src/views/control/controlCards';
import { changedKeys, logQueryFromParams, prettyJson } from '../../../../src/views/control/logs/logFilters';
import { phoneOrNull } from '../../../../src/views/control/branches/branchPhone';

describe('controlCards', () => {
  it('gives the director every control page once, in the sidebar order, never /control itself', () => {
    const all = new Set(['control', 'settings', 'finance_report', 'cashiers', 'cashiers_data', 'admin_report', 'edu_report', 'shop', 'add_bonus']);
    const cards = controlCards(all, 'DIRECTOR');
    const hrefs = cards.map((c) => c.href);
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs).toEqual(expect.arrayContaining(['/control/finance', '/control/roles', '/control/branches', '/control/marketing', '/control/settings', '/control/logs']));
    expect(hrefs).not.toContain('/control');
    const sidebar = NAV.find((n) => n.key === 'control')!.children.map((c) => c.href);
    expect(hrefs).toEqual(sidebar.filter((h) => hrefs.includes(h)));
  });

  it('leaves out a sidebar link kept for other roles', () => {
    const readable = new Set(['employees', 'control']);
    expect(controlCards(readable, 'DIRECTOR').map((c) => c.key)).toContain('salary');
    expect(controlCards(readable, 'ADMINISTRATOR').map((c) => c.key)).not.toContain('salary');
  });

  it('keeps only what the route lets the reader open', () => {
    const hrefs = controlCards(new Set(['shop', 'settings']), 'DIRECTOR').map((c) => c.href);
    expect(hrefs).toEqual(['/control/shop', '/control/settings']);
    expect(controlCards(new Set(), 'DIRECTOR')).toEqual([]);
  });
});

describe('logQueryFromParams', () => {
  it('reads the filters and drops unusable values', () => {
    const q = logQueryFromParams(new URLSearchParams('actor=7&action=%20finance.%20&object_id=12&start_date=2026-01-02&end_date=bad&page=3'));
    expect(q).toEqual({ page: 3, page_size: 30, actor: 7, action: 'finance.', object_id: '12', start_date: '2026-01-02', end_date: undefined });
    expect(logQueryFromParams(new URLSearchParams('actor=-1&page=0&action='))).toMatchObject({ page: 1, actor: undefined, action: undefined });
  });
});

describe('before/after helpers', () => {
  it('pretty-prints JSON and shows nothing for null', () => {
    expect(prettyJson({ a: 1 })).toBe('{\n  "a": 1\n}');
    expect(prettyJson(null)).toBe('');
  });

  it('lists the top-level keys that changed, none when a side is missing', () => {
    expect(changedKeys({ name: 'A', phone: null, n: [1] }, { name: 'B', phone: null, n: [1, 2], extra: true })).toEqual(['name', 'n', 'extra']);
    expect(changedKeys(null, { name: 'A' })).toEqual([]);
  });
});

describe('phoneOrNull', () => {
  it('treats the bare mask as no phone and sends the rest without spaces', () => {
    expect(phoneOrNull('+998 ')).toBeNull();
    expect(phoneOrNull('')).toBeNull();
    expect(phoneOrNull('+998 90 123 45 67')).toBe('+998901234567');
    expect(phoneOrNull('+998 90 1')).toBe('+998901');
  });
});
