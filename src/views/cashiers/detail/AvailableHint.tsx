import { css } from 'styled-system/css';
import type { Cashier, PaymentMethod } from '../../../../contract/finance';
import { useT } from '../../../i18n';
import { formatMoney } from '../../../lib/money';

const hint = css({ fontSize: 'xs', color: 'fg.muted', mt: '-2' });

/** What the cashier holds of the chosen method, under the amount of money going out. */
export function AvailableHint({ cashier, method, testId }: { cashier: Cashier; method: PaymentMethod; testId?: string }) {
  const { t } = useT();
  return (
    <p className={hint} data-testid={testId}>
      {t('cashiers.entry.available', { amount: formatMoney(cashier.balances[method] ?? '0') })}
    </p>
  );
}
