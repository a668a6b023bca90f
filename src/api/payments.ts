// Online payments on the client: a student's Payme and Click links with the suggested amount (GET
// /payments/links/{id}/, the card's payments tab), parsed with contract/onlinePayments.ts.
import { useQuery } from '@tanstack/react-query';
import { paymentLinksAnswer, reconciliationAnswer } from '../../contract/onlinePayments';
import { api } from './http';

export type { PaymentLinks, ReconciliationRow } from '../../contract/onlinePayments';

/** Under the billing keys, so a payment taken at the desk (which refreshes billing) re-reads the suggested amount. */
export const paymentLinkKeys = { student: (student: number) => ['billing', 'student', student, 'payment-links'] as const };

export function usePaymentLinks(student: number) {
  return useQuery({ queryKey: paymentLinkKeys.student(student), queryFn: () => api.get(`/payments/links/${student}/`, { schema: paymentLinksAnswer }), retry: false });
}

export type ReconciliationParams = { provider?: 'payme' | 'click'; filial?: number; start_date?: string; end_date?: string };

/** GET /payments/reconciliation/: an online desk's provider transactions beside the entries they booked. */
export function useReconciliation(params: ReconciliationParams) {
  return useQuery({ queryKey: ['finance', 'online-reconciliation', params], queryFn: () => api.get('/payments/reconciliation/', { params, schema: reconciliationAnswer }) });
}
