// Debtors (the money issue): GET /finance/debtors/ — one page of students who owe in a group, biggest debt first,
// with the totals of every match. The spreadsheet goes through DownloadButton (GET /finance/debtors/excel/).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { debtorOptions, debtorsPage } from '../../contract/debtors';
import { debtorsParams, type DebtorFilters } from '../lib/debtorFilters';
import { api } from './http';

export type { DebtorRow, DebtorsPage } from '../../contract/debtors';

export const debtorKeys = {
  all: ['finance', 'debtors'] as const,
  page: (filters: DebtorFilters, filial: number | null) => ['finance', 'debtors', filial, filters] as const,
};

/** One page; the previous page stays while the next loads. Payments elsewhere change it: kept fresh for 30 s. */
export function useDebtors(filters: DebtorFilters, filial: number | null) {
  return useQuery({
    queryKey: debtorKeys.page(filters, filial),
    queryFn: () => api.get('/finance/debtors/', { params: debtorsParams(filters, filial), schema: debtorsPage }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** GET /finance/debtors/options/?filial: the groups and teachers that have debtors, for the filters. */
export function useDebtorOptions(filial: number | null) {
  return useQuery({
    queryKey: ['finance', 'debtors', 'options', filial] as const,
    queryFn: () => api.get('/finance/debtors/options/', { params: { filial }, schema: debtorOptions }),
    enabled: filial !== null,
    staleTime: 60_000,
  });
}
