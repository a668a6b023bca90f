// The lead list's tabs and filters as they stand in the URL, and the request parameters they make (spec sections
// 2 "Lead filter stages" and 5 "Leads and students"): only YANGI_LEAD and KUTULMOQDA pass as lid_stage_type, the
// other tabs send it empty (dropped); ORDER_CREATED narrows by `stage`, ARCHIVED by is_archived=true; every list
// request says is_student=false; empty and null filters never reach the query.
import type { LeadStage, LeadStatistic } from '../../../contract/leads';
import { cleanParams, type QueryValue } from '../../lib/params';

export const LEAD_TABS = ['ALL_LEADS', 'YANGI_LEAD', 'KUTULMOQDA', 'ORDER_CREATED', 'ARCHIVED'] as const;
export type LeadTab = (typeof LEAD_TABS)[number];

export function isLeadTab(value: unknown): value is LeadTab {
  return typeof value === 'string' && (LEAD_TABS as readonly string[]).includes(value);
}

/** The filters a list shares with its Excel export and its counts. */
export type LeadFilters = {
  filial: number | null;
  start_date?: string;
  end_date?: string;
  source?: number;
  operator?: number;
  subject?: number;
  q?: string;
};

/** The stage type sent for a tab: only the two working stages are passed on (spec section 5). */
export function stageTypeOf(tab: LeadTab): LeadStage | '' {
  return tab === 'YANGI_LEAD' || tab === 'KUTULMOQDA' ? tab : '';
}

/** What a tab adds to the query. */
export function tabParams(tab: LeadTab): Record<string, QueryValue> {
  return {
    lid_stage_type: stageTypeOf(tab),
    stage: tab === 'ORDER_CREATED' ? 'ORDER_CREATED' : '',
    is_archived: tab === 'ARCHIVED',
    is_student: false,
  };
}

/** GET /lid/'s parameters for a tab, the filters and a page, with the empty ones dropped. */
export function leadListParams(tab: LeadTab, filters: LeadFilters, page?: number) {
  return cleanParams({ ...filterParams(filters), ...tabParams(tab), page });
}

/** The filters alone (no tab), empty ones dropped. */
export function filterParams(f: LeadFilters) {
  return cleanParams({
    filial: f.filial,
    start_date: f.start_date,
    end_date: f.end_date,
    source: f.source,
    operator: f.operator,
    subject: f.subject,
    q: f.q?.trim(),
  });
}

/** The Excel export of a tab: the archive has its own download with the reason column. */
export function excelDownload(tab: LeadTab, filters: LeadFilters, today: string): { url: string; params: Record<string, QueryValue>; fileName: string } {
  const archived = tab === 'ARCHIVED';
  const params = leadListParams(tab, filters);
  // The archive endpoint forces is_archived itself.
  if (archived) delete params.is_archived;
  return { url: archived ? '/archived/excel/' : '/lid/excel/', params, fileName: `${archived ? 'arxiv-lidlar' : 'lidlar'}-${today}.xlsx` };
}

/** The count shown on a tab, from GET /lid/statistic (which counts leads created in the period). */
export function tabCount(tab: LeadTab, stats: LeadStatistic | undefined): number | undefined {
  if (!stats) return undefined;
  const by = stats.by_stage;
  switch (tab) {
    case 'ALL_LEADS':
      return (by.YANGI_LEAD ?? 0) + (by.KUTULMOQDA ?? 0) + (by.ORDER_CREATED ?? 0);
    case 'ARCHIVED':
      return stats.archived;
    default:
      return by[tab] ?? 0;
  }
}

/** Reads the lead list's filters from the URL query. */
export function filtersFromQuery(params: URLSearchParams, filial: number | null): LeadFilters {
  const id = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const day = (key: string) => {
    const v = params.get(key);
    return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
  };
  return {
    filial,
    start_date: day('start_date'),
    end_date: day('end_date'),
    source: id('source'),
    operator: id('operator'),
    subject: id('subject'),
    q: params.get('q')?.trim() || undefined,
  };
}

/** True when any filter beyond the branch is set (the empty text then says "nothing matches"). */
export function isFiltered(f: LeadFilters): boolean {
  return Boolean(f.start_date || f.end_date || f.source || f.operator || f.subject || f.q);
}

/** The tabs a user sees: the working stages with `new_leads`, the archive with `archived_leads`. */
export function visibleTabs(can: { newLeads: boolean; archived: boolean }): LeadTab[] {
  return LEAD_TABS.filter((tab) => (tab === 'ARCHIVED' ? can.archived : can.newLeads));
}
