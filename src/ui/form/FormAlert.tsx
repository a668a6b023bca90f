import type { ReactNode } from 'react';
import { css } from 'styled-system/css';

/** A dialog form's body scrolls on a short phone screen, so the buttons stay reachable. */
export const formBody = css({ display: 'grid', gap: '4', maxH: 'calc(100dvh - 12rem)', overflowY: 'auto', mx: '-1', px: '1', pb: '1' });
export const twoColumns = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '4' });

const alert = css({ p: '3', borderRadius: 'control', bg: 'danger.subtle', color: 'danger.default', fontSize: 'sm' });

/** A problem with the whole form (not one field), above the buttons. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div role="alert" className={alert} data-testid="form-alert">
      {children}
    </div>
  );
}
