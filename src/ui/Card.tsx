import type { HTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';

export const card = css({ bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default', boxShadow: 'card', p: { base: '4', md: '6' } });

export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx(card, className)} {...rest} />;
}
