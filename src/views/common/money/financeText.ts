// Words of the cash desk shared by /cashiers and /control/finance: methods, actions and kind names (system kinds
// are named by the interface language, not by their stored Uzbek name).
import { PAYMENT_METHODS, type FinanceAction, type PaymentMethod, type SystemKind } from '../../../../contract/finance';
import type { Translate } from '../../../i18n/index';

export const methodLabel = (t: Translate, method: PaymentMethod) => t(`finance.methods.${method}`);
/** The payment methods as select options. */
export const methodOptions = (t: Translate) => PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(t, m) }));
export const actionLabel = (t: Translate, action: FinanceAction) => t(`finance.actions.${action}`);

/** A kind's name: the translated one for the kinds the server books with, the stored one for the centre's own. */
export function kindName(t: Translate, kind: { name: string; system_key: SystemKind | null }): string {
  return kind.system_key ? t(`finance.systemKinds.${kind.system_key}`) : kind.name;
}

export { cashierHref, studentHref } from '../hrefs';
