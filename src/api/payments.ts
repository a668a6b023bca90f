// Online payments on the client: a student's Payme and Click links with the suggested amount (GET
// /payments/links/{id}/, the card's payments tab), parsed with contract/onlinePayments.ts.
import { useQuery } from '@tanstack/react-query';
import { paymentLinksAnswer } from '../../contract/onlinePayments';
import { api } from './http';

export type { PaymentLinks } from '../../contract/onlinePayments';

/** Under the billing keys, so a payment taken at the desk (which refreshes billing) re-reads the suggested amount. */
export const paymentLinkKeys = { student: (student: number) => ['billing', 'student', student, 'payment-links'] as const };

export function usePaymentLinks(student: number) {
  return useQuery({ queryKey: paymentLinkKeys.student(student), queryFn: () => api.get(`/payments/links/${student}/`, { schema: paymentLinksAnswer }), retry: false });
}
