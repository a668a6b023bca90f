// Shop and bonus conflicts: a message key of the shop namespace with its values, a stable code, and the values
// again as fields of the answer (a client shows "only 2 left" from `available`).
import { DomainError } from '../core/errors';

export type ShopConflictCode = 'out_of_stock' | 'not_enough_coins' | 'item_archived' | 'student_archived' | 'stock_below_zero';

export const shopConflict = (code: ShopConflictCode, key: string, params: Record<string, number | string> = {}) =>
  new DomainError('conflict', { key, params, code, extra: params });
