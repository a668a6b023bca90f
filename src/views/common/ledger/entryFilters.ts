// The ledger's filters as they live in the URL query (design page: a link reproduces what a colleague sees), read
// leniently (a malformed value is ignored) and turned into GET /finance/ parameters.
import { FINANCE_ACTIONS, PAYMENT_METHODS, type EntriesParams, type FinanceAction, type FinanceEntry, type PaymentMethod } from '../../../../contract/finance';

export type EntryFilters = {
  page: number;
  start_date?: string;
  end_date?: string;
  action?: FinanceAction;
  method?: PaymentMethod;
  kind?: number;
  casher_id?: number;
};

export const ENTRY_FILTER_KEYS = ['start_date', 'end_date', 'action', 'method', 'kind', 'casher_id'] as const;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const positiveInt = (text: string | null) => {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], text: string | null): T | undefined => (list as readonly string[]).includes(text ?? '') ? (text as T) : undefined;

export function entryFiltersFromQuery(params: URLSearchParams): EntryFilters {
  const day = (key: string) => {
    const v = params.get(key);
    return v && ISO_DAY.test(v) ? v : undefined;
  };
  return {
    page: positiveInt(params.get('page')) ?? 1,
    start_date: day('start_date'),
    end_date: day('end_date'),
    action: oneOf(FINANCE_ACTIONS, params.get('action')),
    method: oneOf(PAYMENT_METHODS, params.get('method')),
    kind: positiveInt(params.get('kind')),
    casher_id: positiveInt(params.get('casher_id')),
  };
}

/** GET /finance/ parameters: the filters, with the cashier or the branch the page is about. */
export function entriesParams(filters: EntryFilters, scope: { casher_id?: number; filial?: number }): EntriesParams {
  const params: EntriesParams = { page: filters.page, ...scope };
  for (const key of ENTRY_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined && !(key === 'casher_id' && scope.casher_id !== undefined)) (params as Record<string, unknown>)[key] = value;
  }
  return params;
}

export const hasEntryFilters = (f: EntryFilters) => ENTRY_FILTER_KEYS.some((k) => f[k] !== undefined);

/** The amount as the ledger shows it: an expense with a minus, so the colour and the sign agree. */
export const signedAmount = (entry: { action: FinanceAction; amount: string }) => (entry.action === 'expense' ? `-${entry.amount}` : entry.amount);

/**
 * What the server lets be reversed: not a reversal, not twice, not one side of a handover (hand the money back
 * instead) and not a shift difference (the next close corrects a wrong count).
 */
export const reversible = (e: Pick<FinanceEntry, 'reversed_by' | 'reverses' | 'handover' | 'kind'>) =>
  e.reversed_by === null && e.reverses === null && e.handover === null && e.kind.system_key !== 'shift_difference';
