import { describe, expect, it } from 'vitest';
import { DEFAULTS, parseArgs } from '../../../bench/args';
import { findings } from '../../../bench/sqlReplay';
import { previousMonth } from '../../../bench/endpoints';

describe('bench arguments', () => {
  it('runs every part by default', () => {
    const a = parseArgs([]);
    expect([...a.parts].sort()).toEqual(['app', 'capacity', 'outbox', 'pglite', 'postgres']);
    expect(a.levels[0]).toBe(250);
    expect(parseArgs(['capacity', '--levels=10,20', '--stage-seconds=5', '--think=3']).thinkMs).toBe(3000);
    expect(parseArgs(['soak', '--minutes=2', '--sessions=40'])).toMatchObject({ soakMinutes: 2, soakSessions: 40 });
    expect(a.fresh).toBe(false);
    expect(a.postgresStudents).toBe(DEFAULTS.postgresStudents);
    expect(a.connections).toEqual([1, 8, 32]);
  });

  it('selects parts (api is both backends) and reads options', () => {
    expect([...parseArgs(['api']).parts].sort()).toEqual(['pglite', 'postgres']);
    const a = parseArgs(['postgres', 'app', '--fresh', '--students=2000', '--seconds=5', '--connections=1,4', '--warmup=0']);
    expect([...a.parts].sort()).toEqual(['app', 'postgres']);
    expect(a).toMatchObject({ fresh: true, postgresStudents: 2000, seconds: 5, connections: [1, 4], warmupSeconds: 0, replica: false });
    expect(parseArgs(['capacity', '--replica', '--levels=300,500'])).toMatchObject({ replica: true, levels: [300, 500], processes: 1 });
    expect(parseArgs(['capacity', '--processes=2'])).toMatchObject({ processes: 2 });
    expect(() => parseArgs(['capacity', '--processes=0'])).toThrow(/--processes takes an integer of at least 1/);
  });

  it('refuses unknown parts, options and bad numbers', () => {
    expect(() => parseArgs(['mysql'])).toThrow(/unknown part/);
    expect(() => parseArgs(['--fast'])).toThrow(/unknown option/);
    expect(() => parseArgs(['--seconds=0'])).toThrow(/at least 1/);
    expect(() => parseArgs(['--connections=1,x'])).toThrow(/integer/);
  });
});

describe('bench helpers', () => {
  it('takes the previous calendar month', () => {
    expect(previousMonth(new Date('2026-11-25T10:00:00Z'))).toEqual(['2026-10-01', '2026-10-31']);
    expect(previousMonth(new Date('2026-01-03T00:00:00Z'))).toEqual(['2025-12-01', '2025-12-31']);
    expect(previousMonth(new Date('2028-03-31T00:00:00Z'))).toEqual(['2028-02-01', '2028-02-29']);
  });

  it('points out repeated statements, large sequential scans and slow statements', () => {
    const st = (sql: string) => ({ sql, params: [] });
    const plan = [
      '-- select * from students',
      'Seq Scan on students  (cost=0.00..100.00 rows=10 width=4) (actual time=0.010..3.200 rows=30 loops=1)',
      '  Filter: (filial_id = 1)',
      '  Rows Removed by Filter: 99970',
      '  ->  Index Scan using x on groups  (actual time=0.01..0.02 rows=1 loops=1)',
      'Seq Scan on rooms  (cost=0.00..1.00 rows=1 width=4) (actual time=0.010..0.020 rows=3 loops=1)',
      'Planning Time: 32.3 ms',
      'Execution Time: 12.5 ms',
    ].join('\n');
    const out = findings([st('select 1'), st('select 1'), st('select 1'), st('select 2')], [plan]);
    expect(out).toContain('the same statement runs 3 times (N+1?): select 1');
    expect(out).toContain('seq scan on students: 100000 rows read, 3.200 ms');
    expect(out.some((f) => f.startsWith('seq scan on rooms'))).toBe(false);
    expect(out).toContain('a statement takes 12.5 ms: select * from students');
    expect(out).toContain('planning takes 32.3 ms: select * from students');
  });
});
