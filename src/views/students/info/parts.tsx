// Small display pieces the student page's header and tabs share.
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { amountSign } from '../../../lib/money';

export const muted = css({ fontSize: 'xs', color: 'fg.muted' });
export const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4' });
export const emptyText = css({ py: '8', textAlign: 'center', color: 'fg.muted', fontSize: 'sm' });
export const sectionTitle = css({ fontSize: 'sm', fontWeight: 'semibold', mb: '2' });

/** A labelled fact of the header card. */
export function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div data-testid={testId} className={css({ minW: '0' })}>
      <dt className={muted}>{label}</dt>
      <dd className={css({ fontWeight: 'medium', mt: '0.5', overflowWrap: 'anywhere' })}>{children}</dd>
    </div>
  );
}

const tone = {
  negative: css({ color: 'danger.default' }),
  zero: css({ color: 'fg.default' }),
  positive: css({ color: 'success.default' }),
} as const;
const amount = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** Money coloured by its sign (spec section 9: negative red, zero plain, positive green). */
export function Amount({ value, children, testId }: { value: string | null | undefined; children: ReactNode; testId?: string }) {
  const sign = amountSign(value);
  return (
    <span data-testid={testId} data-sign={sign} className={cx(amount, tone[sign])}>
      {children}
    </span>
  );
}
