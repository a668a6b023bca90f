// The control area's data: branches with details (GET /filial/, POST, PUT), marketing sources and groups
// (/marketing/...), every branch's excused switch (/finance/settings/) and the audit log (GET /logs/).
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { auditLogEntry, type AuditLogQuery } from '../../contract/auditLog';
import { roleListItem } from '../../contract/auth';
import { paged } from '../../contract/common';
import { filialDetail, type FilialBody, type FilialDetail } from '../../contract/filial';
import { marketingGroup, marketingSource, type MarketingGroup, type MarketingGroupBody, type MarketingSource, type MarketingSourceBody } from '../../contract/marketing';
import { billingSettings } from '../../contract/sales';
import { api } from './http';

export const controlKeys = {
  branches: (archived: boolean) => ['control', 'branches', archived] as const,
  allBranches: ['control', 'branches'] as const,
  sources: (archived: boolean) => ['marketing', 'sources', 'control', archived] as const,
  marketing: ['marketing'] as const,
  groups: ['marketing', 'groups'] as const,
  logs: (q: AuditLogQuery) => ['control', 'logs', q] as const,
  employees: ['control', 'employees'] as const,
};

/** GET /filial/?is_archived: the branches of the reader's scope with details. */
export function useBranchDetails(archived: boolean) {
  return useQuery({
    queryKey: controlKeys.branches(archived),
    queryFn: () => api.get('/filial/', { params: { is_archived: archived ? true : undefined }, schema: z.array(filialDetail) }),
  });
}

export const createBranch = (body: FilialBody): Promise<FilialDetail> => api.post('/filial/', body, { schema: filialDetail });
export const updateBranch = (id: number, body: FilialBody): Promise<FilialDetail> => api.put(`/filial/${id}/`, body, { schema: filialDetail });

/** GET /marketing/no-pg/?is_archived: sources with their lead counts. */
export function useControlSources(archived: boolean) {
  return useQuery({
    queryKey: controlKeys.sources(archived),
    queryFn: () => api.get('/marketing/no-pg/', { params: { is_archived: archived ? true : undefined }, schema: z.array(marketingSource) }),
  });
}

export function useMarketingGroups() {
  return useQuery({ queryKey: controlKeys.groups, queryFn: () => api.get('/marketing/group/', { schema: z.array(marketingGroup) }) });
}

export const createSource = (body: MarketingSourceBody): Promise<MarketingSource> => api.post('/marketing/', body, { schema: marketingSource });
export const updateSource = (id: number, body: MarketingSourceBody): Promise<MarketingSource> => api.put(`/marketing/${id}/`, body, { schema: marketingSource });
export const createMarketingGroup = (body: MarketingGroupBody): Promise<MarketingGroup> => api.post('/marketing/group/', body, { schema: marketingGroup });
export const renameMarketingGroup = (id: number, body: MarketingGroupBody): Promise<MarketingGroup> =>
  api.put(`/marketing/group/${id}/`, body, { schema: marketingGroup });

/** GET /finance/settings/?filial= for each branch. */
export function useBranchSettings(filials: readonly number[]) {
  return useQueries({
    queries: filials.map((filial) => ({
      queryKey: ['billing', 'settings', filial] as const,
      queryFn: () => api.get('/finance/settings/', { params: { filial }, schema: billingSettings }),
    })),
  });
}

export const auditLogPage = paged(auditLogEntry);

/** GET /logs/ without `lead`: one page of the audit log. */
export function useAuditLog(query: AuditLogQuery) {
  return useQuery({
    queryKey: controlKeys.logs(query),
    queryFn: () => api.get('/logs/', { params: query, schema: auditLogPage }),
    placeholderData: keepPreviousData,
  });
}

/** GET /auth/roles/: the employees of the reader's scope, for the log's actor filter. */
export function useActorOptions() {
  return useQuery({
    queryKey: controlKeys.employees,
    queryFn: () => api.get('/auth/roles/', { schema: z.array(roleListItem) }),
    staleTime: 5 * 60_000,
  });
}
