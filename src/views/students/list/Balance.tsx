import { css, cx } from 'styled-system/css';
import { useT } from '../../../i18n';
import { amountSign, formatMoney, shortenAmount } from '../../../lib/money';

const tone = {
  negative: css({ color: 'money.negative' }),
  zero: css({ color: 'money.zero' }),
  positive: css({ color: 'money.positive' }),
};

/** A balance coloured by its sign (spec section 9); `short` shows "1,5 mln" with the exact amount as its title. */
export function Balance({ value, short = false }: { value: string; short?: boolean }) {
  const { t } = useT();
  const exact = formatMoney(value);
  // Shortened only where it says something shorter: "1,5 mln", not "0" for 0,00.
  const shortened = short ? shortenAmount(value, t) : exact;
  const text = /\p{L}/u.test(shortened) ? shortened : exact;
  return (
    <span
      className={cx(tone[amountSign(value)], css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 'medium' }))}
      title={text !== exact ? exact : undefined}
      data-sign={amountSign(value)}
    >
      {text}
    </span>
  );
}
