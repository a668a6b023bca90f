import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

const wrap = css({ display: 'grid', placeItems: 'center', minH: '60vh', textAlign: 'center', px: '4' });
const iconBox = css({ w: '16', h: '16', mx: 'auto', mb: '4', borderRadius: 'full', bg: 'accent.subtle', color: 'accent.default', display: 'grid', placeItems: 'center' });

/** A centred message: used by the placeholder, no-access and not-found pages. */
export function MessagePage({ icon, title, hint, children }: { icon: ReactNode; title: string; hint?: string; children?: ReactNode }) {
  return (
    <section className={wrap}>
      <div>
        <div className={iconBox} aria-hidden="true">
          {icon}
        </div>
        <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>{title}</h1>
        {hint ? <p className={css({ mt: '2', color: 'fg.muted' })}>{hint}</p> : null}
        {children ? <div className={css({ mt: '5' })}>{children}</div> : null}
      </div>
    </section>
  );
}
