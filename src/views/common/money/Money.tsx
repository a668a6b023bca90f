import { css, cx } from 'styled-system/css';
import { useT } from '../../../i18n/index';
import { amountSign, formatMoney, shortenAmount } from '../../../lib/money';

const tone = {
  negative: css({ color: 'money.negative' }),
  zero: css({ color: 'money.zero' }),
  positive: css({ color: 'money.positive' }),
};

/**
 * An amount coloured by its sign (spec section 9: negative red, zero plain, positive green); `short` shows
 * "1,5 mln" where that is shorter (phones, cards), with the exact amount as its title. `plain` keeps the colour off
 * (an entry's amount, whose sign is its action).
 */
export function Money({ value, short = false, plain = false, testId }: { value: string; short?: boolean; plain?: boolean; testId?: string }) {
  const { t } = useT();
  const exact = formatMoney(value);
  const shortened = short ? shortenAmount(value, t) : exact;
  const text = /\p{L}/u.test(shortened) ? shortened : exact;
  const sign = amountSign(value);
  return (
    <span
      className={cx(plain ? undefined : tone[sign], css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', fontWeight: 'medium' }))}
      title={text !== exact ? exact : undefined}
      data-sign={sign}
      data-amount={value}
      data-testid={testId}
    >
      {text}
    </span>
  );
}

/** The exact amount on wide screens, shortened ("1,5 mln") on phones. */
export function ResponsiveMoney({ value, testId }: { value: string; testId?: string }) {
  return (
    <>
      <span className={css({ display: { base: 'none', md: 'inline' } })}>
        <Money value={value} testId={testId} />
      </span>
      <span className={css({ display: { base: 'inline', md: 'none' } })}>
        <Money value={value} short />
      </span>
    </>
  );
}
