// Student billing on the client: a student's balances per group, charges and payments (the card's payments tab),
// the sales catalogue and the sales given to students (/control/sales), vouchers. Reads are TanStack Query hooks
// parsed with contract/sales.ts; writes take the Idempotency-Key of their user action (the financeWrite statechart
// keeps it for retries) and refresh the student's card and every billing read.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  billingSettings,
  sale,
  studentBalances,
  studentChargesPage,
  studentPaymentsPage,
  studentSale,
  studentSalesPage,
  voucher,
  type BillingSettingsBody,
  type SaleCreateBody,
  type SalePatchBody,
  type StudentSaleCreateBody,
  type StudentSalesParams,
  type VoucherCreateBody,
} from '../../contract/sales';
import { api } from './http';
import { idempotencyHeaders } from './idempotency';
import { queryClient } from './queryClient';

export type { Sale, StudentBalances, StudentCharge, StudentPayment, StudentSale, Voucher } from '../../contract/sales';

export const billingKeys = {
  all: ['billing'] as const,
  sales: (archived: boolean | null) => ['billing', 'sales', { archived }] as const,
  studentSales: (params: StudentSalesParams) => ['billing', 'student-sales', params] as const,
  balances: (student: number) => ['billing', 'student', student, 'balances'] as const,
  charges: (student: number, page: number) => ['billing', 'student', student, 'charges', { page }] as const,
  payments: (student: number, page: number) => ['billing', 'student', student, 'payments', { page }] as const,
  vouchers: (student: number) => ['billing', 'student', student, 'vouchers'] as const,
  settings: (filial: number) => ['billing', 'settings', filial] as const,
};

/** After a write: every billing read, the students' balances (lists and cards) and the debtors. */
async function refresh() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: billingKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['students'] }),
    queryClient.invalidateQueries({ queryKey: ['finance'] }),
  ]);
}

async function written<T>(request: Promise<T>): Promise<T> {
  const result = await request;
  await refresh();
  return result;
}

// ---- A student's money ---------------------------------------------------------------------------------------

export function useStudentBalances(student: number) {
  return useQuery({ queryKey: billingKeys.balances(student), queryFn: () => api.get(`/students/${student}/balances/`, { schema: studentBalances }) });
}

export function useStudentCharges(student: number, page: number) {
  return useQuery({
    queryKey: billingKeys.charges(student, page),
    queryFn: () => api.get(`/students/${student}/charges/`, { params: { page, page_size: 10 }, schema: studentChargesPage }),
    placeholderData: keepPreviousData,
  });
}

export function useStudentPayments(student: number, page: number) {
  return useQuery({
    queryKey: billingKeys.payments(student, page),
    queryFn: () => api.get(`/students/${student}/payments/`, { params: { page, page_size: 10 }, schema: studentPaymentsPage }),
    placeholderData: keepPreviousData,
  });
}

export function useStudentVouchers(student: number) {
  return useQuery({
    queryKey: billingKeys.vouchers(student),
    queryFn: () => api.get('/finance/voucher/student/', { params: { id: student }, schema: z.array(voucher) }),
  });
}

// ---- Sales ---------------------------------------------------------------------------------------------------

export function useSales(archived: boolean | null = false, enabled = true) {
  return useQuery({
    queryKey: billingKeys.sales(archived),
    queryFn: () => api.get('/finance/sale/', { params: archived === null ? {} : { is_archived: archived }, schema: z.array(sale) }),
    enabled,
  });
}

export function useStudentSales(params: StudentSalesParams) {
  return useQuery({
    queryKey: billingKeys.studentSales(params),
    queryFn: () => api.get('/finance/sale-student/', { params, schema: studentSalesPage }),
    placeholderData: keepPreviousData,
  });
}

export const createSale = (body: SaleCreateBody, key: string) =>
  written(api.post('/finance/sale/', body, { headers: idempotencyHeaders(key), schema: sale }));

export const patchSale = (id: number, body: SalePatchBody, key: string) =>
  written(api.patch(`/finance/sale/${id}/`, body, { headers: idempotencyHeaders(key), schema: sale }));

export const giveSale = (body: StudentSaleCreateBody, key: string) =>
  written(api.post('/finance/sale-student/', body, { headers: idempotencyHeaders(key), schema: studentSale }));

/** Ends the sale today (its last discounted day). */
export const endSale = (id: number, key: string) =>
  written(api.delete(`/finance/sale/student/${id}/`, { headers: idempotencyHeaders(key), schema: studentSale }));

// ---- Vouchers ------------------------------------------------------------------------------------------------

export const giveVoucher = (body: VoucherCreateBody, key: string) =>
  written(api.post('/finance/voucher/student/', body, { headers: idempotencyHeaders(key), schema: voucher }));

export const cancelVoucher = (id: number, key: string) =>
  written(api.delete(`/finance/voucher/student/${id}/`, { headers: idempotencyHeaders(key), schema: voucher }));

// ---- The branch's excused switch -----------------------------------------------------------------------------

export function useBillingSettings(filial: number | null, enabled = true) {
  return useQuery({
    queryKey: billingKeys.settings(filial ?? 0),
    queryFn: () => api.get('/finance/settings/', { params: { filial: filial! }, schema: billingSettings }),
    enabled: enabled && filial !== null,
  });
}

export const setBillingSettings = (body: BillingSettingsBody, key: string) =>
  written(api.patch('/finance/settings/', body, { headers: idempotencyHeaders(key), schema: billingSettings }));
