// Leads of spec section 7 ("Leads"), parsed with the contract: the paged list and the orders board, the counts
// (GET /lid/statistic), the look-ups a lead form and the list filters need (marketing sources, call operators of
// the branch), and the writes (create answers the same-phone duplicates beside the lead; patch).
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { roleListItem } from '../../contract/auth';
import { paged } from '../../contract/common';
import { MAX_PAGE_SIZE } from '../../contract/paging';
import { group } from '../../contract/groups';
import { lead, leadCreated, leadStatistic, type Lead, type LeadCreateBody, type LeadPatchBody } from '../../contract/leads';
import { marketingSource } from '../../contract/marketing';
import type { QueryValue } from '../lib/params';
import { api } from './http';
import { queryClient } from './queryClient';

export const leadPage = paged(lead);

export const leadKeys = {
  all: ['leads'] as const,
  page: (params: Record<string, QueryValue>) => ['leads', 'page', params] as const,
  plain: (params: Record<string, QueryValue>) => ['leads', 'plain', params] as const,
  board: (params: Record<string, QueryValue>) => ['leads', 'board', params] as const,
  statistic: (params: Record<string, QueryValue>) => ['leads', 'statistic', params] as const,
  one: (id: number) => ['leads', 'one', id] as const,
};

/** GET /lid/ with parameters already built (src/views/leads/leadQuery.ts drops the empty ones). */
export function useLeadsPage(params: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: leadKeys.page(params),
    queryFn: () => api.get('/lid/', { params, schema: leadPage }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /lid/ page after page (100 a page, the most the API gives): a lead board column, read as it is scrolled. */
export function useLeadsColumn(params: Record<string, QueryValue>, enabled = true) {
  return useInfiniteQuery({
    queryKey: leadKeys.board(params),
    queryFn: ({ pageParam }) => api.get('/lid/', { params: { ...params, page: pageParam, page_size: MAX_PAGE_SIZE }, schema: leadPage }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.next ? pages.length + 1 : undefined),
    enabled,
  });
}

/** GET /lid/no-pg/ (at most 500 rows, newest first): the orders board with ordered_stages=true. */
export function useLeadsPlain(params: Record<string, QueryValue>, enabled = true) {
  return useQuery({
    queryKey: leadKeys.plain(params),
    queryFn: () => api.get('/lid/no-pg/', { params, schema: z.array(lead) }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** GET /lid/statistic (branch and period; page=1 as the spec sends it). */
export function useLeadStatistic(params: { filial: number | null; start_date?: string; end_date?: string }) {
  const query = { filial: params.filial, start_date: params.start_date, end_date: params.end_date, page: 1 };
  return useQuery({
    queryKey: leadKeys.statistic(query),
    queryFn: () => api.get('/lid/statistic', { params: query, schema: leadStatistic }),
    enabled: params.filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /marketing/no-pg/: the active sources. */
export function useMarketingSources() {
  return useQuery({
    queryKey: ['marketing', 'sources', 'options'],
    queryFn: () => api.get('/marketing/no-pg/', { schema: z.array(marketingSource) }),
    staleTime: 5 * 60_000,
  });
}

/** GET /auth/roles/?role=CALL_OPERATOR&filial&is_archived=false: who may own a lead in the branch. */
export function useCallOperators(filial: number | null) {
  return useQuery({
    queryKey: ['callOperators', filial],
    queryFn: () => api.get('/auth/roles/', { params: { role: 'CALL_OPERATOR', filial, is_archived: false }, schema: z.array(roleListItem) }),
    enabled: filial !== null,
    staleTime: 5 * 60_000,
  });
}

/** GET /groups/no-pg/?filial: the branch's open main groups (the orders board's group, teacher and time). */
export function useBranchGroups(filial: number | null) {
  return useQuery({
    queryKey: ['groups', 'options', filial],
    queryFn: () => api.get('/groups/no-pg/', { params: { filial }, schema: z.array(group) }),
    enabled: filial !== null,
  });
}

async function refreshLeads() {
  await queryClient.invalidateQueries({ queryKey: leadKeys.all });
}

/** POST /lid/; the answer carries the same-phone leads and students as a warning (never a refusal). */
export async function createLead(body: LeadCreateBody) {
  const created = await api.post('/lid/', body, { schema: leadCreated });
  await refreshLeads();
  return created;
}

/** PATCH /lid/{id}. */
export async function patchLead(id: number, body: LeadPatchBody): Promise<Lead> {
  const saved = await api.patch(`/lid/${id}`, body, { schema: lead });
  await refreshLeads();
  return saved;
}
