// The salary link needs the employees page and a salary role; the page's query falls back to this month.
import { describe, expect, it } from 'vitest';
import { visibleNav } from '../../../src/app/nav';
import { salaryParamsFromQuery, thisMonth } from '../../../src/views/salary/salaryMonth';

const links = (pages: string[], role: Parameters<typeof visibleNav>[1]) =>
  visibleNav(new Set(pages), role).flatMap((s) => s.children.map((c) => c.href));

describe('salary link', () => {
  it('shows for the director and branch managers with the employees page only', () => {
    expect(links(['employees'], 'DIRECTOR')).toContain('/control/salary');
    expect(links(['employees'], 'FILIAL_Manager')).toContain('/control/salary');
    expect(links(['employees'], 'MULTIPLE_FILIAL_MANAGER')).toContain('/control/salary');
    expect(links(['employees'], 'ATTENDANCE_MANAGER')).not.toContain('/control/salary');
    expect(links(['control'], 'DIRECTOR')).not.toContain('/control/salary');
  });
});

describe('salary query', () => {
  const today = new Date(2026, 10, 24);
  it('reads the month and branch, this month when missing or malformed', () => {
    expect(thisMonth(today)).toBe('2026-11');
    expect(salaryParamsFromQuery(new URLSearchParams('month=2026-03&filial=2'), today)).toEqual({ month: '2026-03', filial: 2 });
    expect(salaryParamsFromQuery(new URLSearchParams('month=2026-13&filial=x'), today)).toEqual({ month: '2026-11' });
    expect(salaryParamsFromQuery(new URLSearchParams(''), today)).toEqual({ month: '2026-11' });
  });
});
