import type { ReactNode } from 'react';
import { cva, type RecipeVariantProps } from 'styled-system/css';

export const badge = cva({
  base: { display: 'inline-flex', alignItems: 'center', gap: '1', px: '2', py: '0.5', borderRadius: 'full', fontSize: 'xs', fontWeight: 'medium', whiteSpace: 'nowrap' },
  variants: {
    tone: {
      neutral: { bg: 'bg.muted', color: 'fg.muted' },
      accent: { bg: 'accent.subtle', color: 'accent.fg' },
      success: { bg: 'success.subtle', color: 'success.default' },
      danger: { bg: 'danger.subtle', color: 'danger.default' },
      info: { bg: 'info.subtle', color: 'info.default' },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export function Badge({ tone, children }: RecipeVariantProps<typeof badge> & { children: ReactNode }) {
  return <span className={badge({ tone })}>{children}</span>;
}
