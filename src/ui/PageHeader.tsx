import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { pageHeaderRow, pageSubtitle, pageTitle } from './pageHeaderStyles';

/** A page's title, a line under it, and its actions at the right (wrapping under it on a phone). */
export function PageHeader({ title, subtitle, actions, children }: { title: ReactNode; subtitle?: ReactNode; actions?: ReactNode; children?: ReactNode }) {
  return (
    <div className={pageHeaderRow}>
      <div>
        <h1 className={pageTitle}>{title}</h1>
        {subtitle ? <p className={pageSubtitle}>{subtitle}</p> : null}
        {children}
      </div>
      {actions ? <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2' })}>{actions}</div> : null}
    </div>
  );
}
