import { useWrite } from '../useWrite';

const COIN_MESSAGES = { failed: 'shop.write.failed', conflict: 'shop.write.conflict' };

/**
 * A sale or an award from its dialog: the app's one write (useWrite) with the shop's words for no answer and for a
 * refusal (out of stock, not enough coins). The dialog sends `submit(body)` and `edit(field)`.
 */
export function useCoinWrite<B, R>(write: (body: B, key: string) => Promise<R>, onDone: (result: R) => void) {
  return useWrite(write, { onDone, messages: COIN_MESSAGES });
}
