import { describe, expect, it } from 'vitest';
import type { Lead, LeadStatistic } from '../../../contract/leads';
import { formatPhone } from '../../../src/lib/phoneText';
import { duplicateHref } from '../../../src/views/leads/list/leadText';
import {
  LEAD_TABS,
  excelDownload,
  filterParams,
  filtersFromQuery,
  isFiltered,
  isLeadTab,
  leadListParams,
  stageTypeOf,
  tabCount,
  tabParams,
  visibleTabs,
} from '../../../src/views/leads/leadQuery';
import { filterOrders, groupByFirstLesson } from '../../../src/views/leads/orders/ordersBoard';

describe('stage tabs → parameters', () => {
  it('passes only YANGI_LEAD and KUTULMOQDA as lid_stage_type; the others send it empty', () => {
    expect(LEAD_TABS.map(stageTypeOf)).toEqual(['', 'YANGI_LEAD', 'KUTULMOQDA', '', '']);
  });

  it('ALL_LEADS: active, not students, no stage', () => {
    expect(leadListParams('ALL_LEADS', { filial: 3 }, 1)).toEqual({ filial: 3, is_archived: false, is_student: false, page: 1 });
  });

  it('a working stage goes as lid_stage_type', () => {
    expect(leadListParams('KUTULMOQDA', { filial: 3 }, 2)).toEqual({ filial: 3, lid_stage_type: 'KUTULMOQDA', is_archived: false, is_student: false, page: 2 });
  });

  it('ORDER_CREATED narrows by stage, ARCHIVED by is_archived=true', () => {
    expect(tabParams('ORDER_CREATED')).toMatchObject({ lid_stage_type: '', stage: 'ORDER_CREATED', is_archived: false });
    expect(leadListParams('ARCHIVED', { filial: 1 })).toEqual({ filial: 1, is_archived: true, is_student: false });
  });

  it('knows its tabs', () => {
    expect(isLeadTab('ARCHIVED')).toBe(true);
    expect(isLeadTab('JOINED')).toBe(false);
    expect(isLeadTab(null)).toBe(false);
  });

  it('shows the working tabs with new_leads and the archive with archived_leads', () => {
    expect(visibleTabs({ newLeads: true, archived: true })).toEqual([...LEAD_TABS]);
    expect(visibleTabs({ newLeads: false, archived: true })).toEqual(['ARCHIVED']);
    expect(visibleTabs({ newLeads: true, archived: false })).not.toContain('ARCHIVED');
  });
});

describe('filters → query', () => {
  it('drops empty, null and blank filters', () => {
    expect(filterParams({ filial: null, start_date: undefined, end_date: '', source: undefined, q: '   ' })).toEqual({});
    expect(leadListParams('ALL_LEADS', { filial: null, q: '' })).toEqual({ is_archived: false, is_student: false });
  });

  it('keeps set filters, search trimmed', () => {
    expect(filterParams({ filial: 2, start_date: '2026-01-01', end_date: '2026-01-31', source: 4, operator: 5, subject: 6, q: ' Ali ' })).toEqual({
      filial: 2,
      start_date: '2026-01-01',
      end_date: '2026-01-31',
      source: 4,
      operator: 5,
      subject: 6,
      q: 'Ali',
    });
  });

  it('reads the URL, ignoring junk', () => {
    const f = filtersFromQuery(new URLSearchParams('source=4&operator=abc&subject=-1&start_date=2026-02-01&end_date=02/03/2026&q=%20Vali%20'), 7);
    expect(f).toEqual({ filial: 7, start_date: '2026-02-01', end_date: undefined, source: 4, operator: undefined, subject: undefined, q: 'Vali' });
    expect(isFiltered(f)).toBe(true);
    expect(isFiltered(filtersFromQuery(new URLSearchParams('stage=ARCHIVED&page=2'), 7))).toBe(false);
  });
});

describe('excelDownload', () => {
  it('exports the list with the current filters', () => {
    expect(excelDownload('YANGI_LEAD', { filial: 1, q: 'Ali', source: null as unknown as undefined }, '2026-03-04')).toEqual({
      url: '/lid/excel/',
      params: { filial: 1, q: 'Ali', lid_stage_type: 'YANGI_LEAD', is_archived: false, is_student: false },
      fileName: 'lidlar-2026-03-04.xlsx',
    });
  });

  it('the archive tab uses the archive export', () => {
    const d = excelDownload('ARCHIVED', { filial: 1 }, '2026-03-04');
    expect(d.url).toBe('/archived/excel/');
    expect(d.params).toEqual({ filial: 1, is_student: false });
    expect(d.fileName).toBe('arxiv-lidlar-2026-03-04.xlsx');
  });
});

describe('tabCount', () => {
  const stats: LeadStatistic = { total: 20, archived: 4, by_stage: { YANGI_LEAD: 5, KUTULMOQDA: 3, ORDER_CREATED: 2, JOINED: 6 }, by_source: [] };
  it('counts active working stages for ALL_LEADS (joined leads are students), archived apart', () => {
    expect(tabCount('ALL_LEADS', stats)).toBe(10);
    expect(tabCount('YANGI_LEAD', stats)).toBe(5);
    expect(tabCount('ORDER_CREATED', stats)).toBe(2);
    expect(tabCount('ARCHIVED', stats)).toBe(4);
    expect(tabCount('ARCHIVED', undefined)).toBeUndefined();
  });
});

describe('formatPhone and links', () => {
  it('groups a stored +998 phone as the mask does', () => {
    expect(formatPhone('+998901234567')).toBe('+998 90 123 45 67');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone(null)).toBe('');
  });
  it('opens a duplicate lead or student', () => {
    expect(duplicateHref({ kind: 'lead', id: 5 })).toBe('/leads/lead_info?id=5');
    expect(duplicateHref({ kind: 'student', id: 9 })).toBe('/students/info?id=9');
  });
});

describe('orders board', () => {
  const order = (id: number, name: string, date: string | null, group: number | null): Lead =>
    ({ id, full_name: name, first_lesson_date: date, order_group: group ? { id: group, name: `G${group}` } : null }) as Lead;
  const orders = [order(1, 'Vali', '2026-03-10', 1), order(2, 'Ali', '2026-03-10', 2), order(3, 'Sami', '2026-03-02', 1), order(4, 'Nodir', null, 1)];

  it('groups by first lesson date, soonest first, undated last, names in order', () => {
    const days = groupByFirstLesson(orders);
    expect(days.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-10', null]);
    expect(days[1].orders.map((o) => o.full_name)).toEqual(['Ali', 'Vali']);
  });

  it('filters by group and a period of the first lesson date', () => {
    expect(filterOrders(orders, { group: 1 }).map((o) => o.id)).toEqual([1, 3, 4]);
    expect(filterOrders(orders, { start_date: '2026-03-05' }).map((o) => o.id)).toEqual([1, 2]);
    expect(filterOrders(orders, { end_date: '2026-03-05', group: 1 }).map((o) => o.id)).toEqual([3]);
    expect(filterOrders(orders, {})).toHaveLength(4);
  });
});
