import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/** A page's title, a line under it, and its actions at the right (wrapping under it on a phone). */
export function PageHeader({ title, subtitle, actions, children }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '4' })}>
      <div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{title}</h1>
        {subtitle ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{subtitle}</p> : null}
        {children}
      </div>
      {actions ? <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>{actions}</div> : null}
    </div>
  );
}
