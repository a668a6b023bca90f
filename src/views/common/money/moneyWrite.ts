import { useWrite } from '../useWrite';

/** A money write's words for no answer and for a refusal without words: the money is not booked twice. */
export const MONEY_MESSAGES = { failed: 'finance.write.failed', conflict: 'finance.write.conflict' };

/** A money write (a payment, a handover, a reversal) with its words; see useWrite. */
export function useMoneyWrite<B, R = unknown>(request: (body: B, key: string) => Promise<R>, onDone?: (result: R) => void) {
  return useWrite(request, { onDone, messages: MONEY_MESSAGES });
}
