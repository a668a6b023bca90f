import { css, cx } from 'styled-system/css';
import { amountSign, formatMoney } from '../../lib/money';

const tone = {
  negative: css({ color: 'money.negative' }),
  zero: css({ color: 'money.zero' }),
  positive: css({ color: 'money.positive' }),
};

/** A balance coloured by its sign (spec section 9), always the full amount: on the lists and the phone cards alike. */
export function Balance({ value }: { value: string }) {
  const sign = amountSign(value);
  return (
    <span className={cx(tone[sign], css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 'medium' }))} data-sign={sign}>
      {formatMoney(value)}
    </span>
  );
}
