// One lead's page and its order's page: the lead, its history, its comments, the edit. Stage moves are saved by
// the leadStage statechart (src/machines/leadStage.ts); after one, the page refetches through leadDetailKeys.
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { z } from 'zod';
import { commentItem, commentPage, type CommentItem } from '../../contract/comments';
import { paged } from '../../contract/common';
import { lead, leadLog, type Lead, type LeadPatchBody } from '../../contract/leads';
import { marketingSource } from '../../contract/marketing';
import { studentBrief } from '../../contract/students';
import { api } from './http';

export const leadDetailKeys = {
  /** Under 'leads' so the lists' writes (which refetch every 'leads' query) refresh the page too. */
  lead: (id: number) => ['leads', 'one', id] as const,
  logs: (id: number) => ['leads', 'logs', id] as const,
  comments: (id: number) => ['comments', 'lead', id] as const,
  sources: ['marketing', 'sources', 'active'] as const,
};

/** GET /lid/{id} */
export function leadOptions(id: number) {
  return queryOptions({ queryKey: leadDetailKeys.lead(id), queryFn: () => api.get(`/lid/${id}`, { schema: lead }) });
}
export const useLead = (id: number) => useQuery(leadOptions(id));

/** A lead's history is short (one row per move or edit): the newest hundred rows are all of it in practice. */
export const LEAD_HISTORY_SIZE = 100;

/** GET /logs/?lead={id}: the history, newest first. */
export function useLeadLogs(id: number) {
  return useQuery({
    queryKey: leadDetailKeys.logs(id),
    queryFn: () => api.get('/logs/', { params: { lead: id, page_size: LEAD_HISTORY_SIZE }, schema: paged(leadLog) }),
  });
}

/** GET /marketing/no-pg: active sources, for the edit form. */
export function useMarketingSources() {
  return useQuery({ queryKey: leadDetailKeys.sources, queryFn: () => api.get('/marketing/no-pg', { schema: z.array(marketingSource) }) });
}

/** PATCH /lid/{id}: the lead's own fields (stage moves go through the statechart). */
export function updateLead(id: number, body: LeadPatchBody): Promise<Lead> {
  return api.patch(`/lid/${id}/`, body, { schema: lead });
}

/** Refetches everything the page shows about the lead (after a move, an edit or a comment). */
export function useRefreshLead() {
  const queryClient = useQueryClient();
  return useCallback(
    (id: number) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: leadDetailKeys.lead(id) }),
        queryClient.invalidateQueries({ queryKey: leadDetailKeys.logs(id) }),
        // The lists and the boards show the stage too.
        queryClient.invalidateQueries({ queryKey: ['leads'] }),
      ]),
    [queryClient],
  );
}

/** GET /comments/all/{id}/?target=lead: the lead's comments, newest first (one page of the most recent). */
export function useLeadComments(id: number) {
  return useQuery({
    queryKey: leadDetailKeys.comments(id),
    queryFn: () => api.get(`/comments/all/${id}/`, { params: { target: 'lead', page_size: LEAD_HISTORY_SIZE }, schema: commentPage }),
  });
}

/** POST /comments/ {lead, text, mentions} */
export function addLeadComment(lead: number, text: string, mentions: readonly number[] = []): Promise<CommentItem> {
  return api.post('/comments/', { lead, text, ...(mentions.length ? { mentions } : {}) }, { schema: commentItem });
}

/**
 * The student a joined lead became: the branch's student with the lead's phone (and name, when siblings share a
 * phone). Only for users who read a students page; null until found.
 */
export function useJoinedStudent(lead: Pick<Lead, 'id' | 'filial' | 'phone' | 'full_name' | 'stage'>, enabled: boolean) {
  return useQuery({
    queryKey: ['students', 'no-pg', 'lead', lead.id] as const,
    queryFn: async () => {
      const found = await api.get('/students/no-pg/', { params: { filial: lead.filial, q: lead.phone, limit: 20 }, schema: z.array(studentBrief) });
      const samePhone = found.filter((s) => s.phone === lead.phone);
      return samePhone.find((s) => s.full_name === lead.full_name) ?? samePhone[0] ?? null;
    },
    enabled: enabled && lead.stage === 'JOINED',
  });
}
