// The cash desk of spec section 7 "Finance": cashiers, kinds, the ledger (entries and their reversals), handovers,
// shift closes and statistics. Reads are TanStack Query hooks parsed with contract/finance.ts; every write takes
// the Idempotency-Key of its user action (the financeWrite statechart keeps it for retries) and refreshes every
// finance read afterwards, plus the students' balances a payment or its reversal changes.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  cashier,
  cashiersPage,
  cashierStats,
  entriesPage,
  entryCreated,
  financeEntry,
  financeKind,
  handover,
  handoversPage,
  methodAmountAnswer,
  paymentStatistics,
  shiftClose,
  shiftClosesPage,
  type CashierCreateBody,
  type CashierPatchBody,
  type EntriesParams,
  type EntryCreateBody,
  type FinanceAction,
  type HandoverBody,
  type ShiftCloseBody,
} from '../../contract/finance';
import { roleListItem } from '../../contract/auth';
import { receipt } from '../../contract/receipt';
import { api } from './http';
import { idempotencyHeaders } from './idempotency';
import { queryClient } from './queryClient';

export type { Cashier, CashierStats, EntriesPage, FinanceEntry, FinanceKind, Handover, PaymentStatistics, ShiftClose } from '../../contract/finance';

export type DateRange = { start_date?: string; end_date?: string };

export const financeKeys = {
  all: ['finance'] as const,
  cashiers: (filial: number | null, archived: boolean) => ['finance', 'cashiers', filial, { archived }] as const,
  cashier: (id: number) => ['finance', 'cashier', id] as const,
  stats: (id: number, range: DateRange) => ['finance', 'cashier', id, 'stats', range] as const,
  cashierPayments: (id: number, range: DateRange) => ['finance', 'cashier', id, 'payments', range] as const,
  closes: (id: number, page: number) => ['finance', 'cashier', id, 'closes', { page }] as const,
  handovers: (id: number, page: number, range: DateRange) => ['finance', 'cashier', id, 'handovers', { page, ...range }] as const,
  entries: (params: EntriesParams) => ['finance', 'entries', params] as const,
  kinds: (action: FinanceAction | null, archived: boolean) => ['finance', 'kinds', action, { archived }] as const,
  methodAmount: (params: { filial?: number; casher_id?: number } & DateRange) => ['finance', 'method-amount', params] as const,
  statistics: (filial: number | null, range: DateRange) => ['finance', 'statistics', filial, range] as const,
  receipt: (id: number) => ['finance', 'receipt', id] as const,
};

/** After any money write: every finance read, the students and their cards' money (a payment moves balances). */
export async function refreshAfterWrite(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: financeKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['students'] }),
    queryClient.invalidateQueries({ queryKey: ['billing'] }),
  ]);
}

// ---- Cashiers ----------------------------------------------------------------------------------------------

/** GET /finance/casher/no-pg/?filial&is_archived: the branch's cashiers with their balances (a plain array). */
export function useCashiers(filial: number | null, archived = false) {
  return useQuery({
    queryKey: financeKeys.cashiers(filial, archived),
    queryFn: () => api.get('/finance/casher/no-pg/', { params: { filial, is_archived: archived }, schema: z.array(cashier) }),
    enabled: filial !== null,
  });
}

/** GET /finance/casher/?page&filial&is_archived: one page (the archive, which may grow long). */
export function useCashiersPage(filial: number | null, archived: boolean, page: number) {
  return useQuery({
    queryKey: [...financeKeys.cashiers(filial, archived), { page }],
    queryFn: () => api.get('/finance/casher/', { params: { filial, is_archived: archived, page }, schema: cashiersPage }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /finance/{id}/receipt/: the receipt of the payment the entry belongs to. */
export function useReceipt(id: number) {
  return useQuery({ queryKey: financeKeys.receipt(id), queryFn: () => api.get(`/finance/${id}/receipt/`, { schema: receipt }) });
}

/** GET /finance/{id}/receipt/pdf/: the same receipt as a PDF (for DownloadButton). */
export const receiptPdfUrl = (id: number) => `/finance/${id}/receipt/pdf/`;

/** GET /finance/casher/{id}/ */
export function useCashier(id: number) {
  return useQuery({ queryKey: financeKeys.cashier(id), queryFn: () => api.get(`/finance/casher/${id}/`, { schema: cashier }) });
}

export async function createCashier(body: CashierCreateBody, key: string) {
  const created = await api.post('/finance/casher/', body, { schema: cashier, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return created;
}

/** PATCH /finance/casher/{id}/: rename, another responsible employee, archive or bring back (409 while money remains). */
export async function patchCashier(id: number, body: CashierPatchBody, key: string) {
  const saved = await api.patch(`/finance/casher/${id}/`, body, { schema: cashier, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return saved;
}

/** GET /finance/casher/stats/{id}?start_date&end_date */
export function useCashierStats(id: number, range: DateRange) {
  return useQuery({
    queryKey: financeKeys.stats(id, range),
    queryFn: () => api.get(`/finance/casher/stats/${id}`, { params: range, schema: cashierStats }),
    placeholderData: keepPreviousData,
  });
}

/** GET /finance/payment_casher/{id}?start_date&end_date: income and expense by day, method and kind. */
export function useCashierPayments(id: number, range: DateRange) {
  return useQuery({
    queryKey: financeKeys.cashierPayments(id, range),
    queryFn: () => api.get(`/finance/payment_casher/${id}`, { params: range, schema: paymentStatistics }),
    placeholderData: keepPreviousData,
  });
}

/** GET /finance/payment_statistics/?filial&start_date&end_date */
export function usePaymentStatistics(filial: number | null, range: DateRange) {
  return useQuery({
    queryKey: financeKeys.statistics(filial, range),
    queryFn: () => api.get('/finance/payment_statistics/', { params: { filial, ...range }, schema: paymentStatistics }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /finance/method-amount/?filial&casher_id&start_date&end_date */
export function useMethodAmount(params: { filial?: number; casher_id?: number } & DateRange) {
  return useQuery({
    queryKey: financeKeys.methodAmount(params),
    queryFn: () => api.get('/finance/method-amount/', { params, schema: methodAmountAnswer }),
    placeholderData: keepPreviousData,
  });
}

// ---- Shift closes ------------------------------------------------------------------------------------------

/** GET /finance/casher/{id}/closes/?page */
export function useShiftCloses(id: number, page: number) {
  return useQuery({
    queryKey: financeKeys.closes(id, page),
    queryFn: () => api.get(`/finance/casher/${id}/closes/`, { params: { page }, schema: shiftClosesPage }),
    placeholderData: keepPreviousData,
  });
}

/** POST /finance/casher/{id}/close/: the counted cash; the answer carries the expected amount and the difference. */
export async function closeShift(id: number, body: ShiftCloseBody, key: string) {
  const closed = await api.post(`/finance/casher/${id}/close/`, body, { schema: shiftClose, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return closed;
}

// ---- Kinds -------------------------------------------------------------------------------------------------

/** GET /finance/kind/?action&is_archived (a plain array). */
export function useKinds(action: FinanceAction | null, archived = false) {
  return useQuery({
    queryKey: financeKeys.kinds(action, archived),
    queryFn: () => api.get('/finance/kind/', { params: { action, is_archived: archived }, schema: z.array(financeKind) }),
  });
}

export async function createKind(body: { name: string; action: FinanceAction }, key: string) {
  const created = await api.post('/finance/kind/', body, { schema: financeKind, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return created;
}

export async function patchKind(id: number, body: { name?: string; is_archived?: boolean }, key: string) {
  const saved = await api.patch(`/finance/kind/${id}/`, body, { schema: financeKind, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return saved;
}

// ---- Entries -----------------------------------------------------------------------------------------------

/** GET /finance/?page&casher_id&filial&action&kind&method&student&start_date&end_date, with the filters' totals. */
export function useEntries(params: EntriesParams, enabled = true) {
  return useQuery({
    queryKey: financeKeys.entries(params),
    queryFn: () => api.get('/finance/', { params, schema: entriesPage }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * POST /finance/: an income or expense; a student payment carries `student` and a `group`, or no group (split
 * largest debt first, `allocation` says how).
 */
export async function createEntry(body: EntryCreateBody, key: string) {
  const created = await api.post('/finance/', body, { schema: entryCreated, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return created;
}

/** POST /finance/{id}/reverse/ with the reason: answers the reversing entry. */
export async function reverseEntry(id: number, comment: string, key: string) {
  const reversal = await api.post(`/finance/${id}/reverse/`, { comment }, { schema: financeEntry, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return reversal;
}

// ---- Handovers ---------------------------------------------------------------------------------------------

/** POST /finance/handover: cash from one cashier to another of the branch (409 when it holds less). */
export async function createHandover(body: HandoverBody, key: string) {
  const created = await api.post('/finance/handover', body, { schema: handover, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return created;
}

/** GET /finance/handover/{id}/?page&start_date&end_date: the cashier's handovers in both directions. */
export function useHandovers(id: number | null, page: number, range: DateRange = {}) {
  return useQuery({
    queryKey: financeKeys.handovers(id ?? 0, page, range),
    queryFn: () => api.get(`/finance/handover/${id}/`, { params: { page, ...range }, schema: handoversPage }),
    enabled: id !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /auth/roles/?filial&is_archived=false: the branch's employees, for a cashier's responsible person. */
export function useBranchEmployees(filial: number | null) {
  return useQuery({
    queryKey: ['finance', 'employees', filial],
    queryFn: () => api.get('/auth/roles/', { params: { filial, is_archived: false }, schema: z.array(roleListItem) }),
    enabled: filial !== null,
    staleTime: 5 * 60_000,
  });
}
