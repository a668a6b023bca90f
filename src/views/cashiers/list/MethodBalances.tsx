import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type MethodAmounts } from '../../../../contract/finance';
import { useT } from '../../../i18n';
import { amountSign } from '../../../lib/money';
import { methodLabel } from '../../common/money/financeText';
import { Money, ResponsiveMoney } from '../../common/money/Money';

/**
 * A cashier's balance per payment method. `everyMethod` lists every method (the cashier's header); otherwise only the
 * methods that hold something, and cash always (the cards), so a card stays short; `short` shortens the amounts on phones.
 */
export function MethodBalances({ balances, everyMethod = false, short = false }: { balances: MethodAmounts; everyMethod?: boolean; short?: boolean }) {
  const { t } = useT();
  const shown = PAYMENT_METHODS.filter((m) => everyMethod || m === 'cash' || amountSign(balances[m] ?? '0') !== 'zero');
  return (
    <dl className={css({ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'space-between', columnGap: '4', rowGap: '1', fontSize: 'sm' })}>
      {shown.map((m) => (
        <div key={m} className={css({ display: 'contents' })} data-method={m}>
          <dt className={css({ color: 'fg.muted' })}>{methodLabel(t, m)}</dt>
          <dd className={css({ textAlign: 'end' })}>
            {short ? <ResponsiveMoney value={balances[m] ?? '0.00'} /> : <Money value={balances[m] ?? '0.00'} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
