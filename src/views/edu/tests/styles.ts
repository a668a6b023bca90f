import { css, cx } from 'styled-system/css';
import { inputStyle } from '../../../ui/Field';

/** A multi-line input that looks like the kit's inputs: their style with a free height (Panda emits h_auto after h_10, so auto wins). */
export const textareaStyle = cx(inputStyle, css({ h: 'auto', minH: '16', py: '2', resize: 'vertical', lineHeight: '1.5' }));

export const fieldLabel = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', mb: '1.5' });
export const errorText = css({ mt: '1', fontSize: 'xs', color: 'danger.default' });
export const requiredMark = css({ color: 'danger.default', ms: '0.5' });
export const sectionTitle = css({ fontSize: 'md', fontWeight: 'semibold' });
export const iconButton = css({
  display: 'inline-grid',
  placeItems: 'center',
  w: '8',
  h: '8',
  flexShrink: 0,
  borderRadius: 'control',
  color: 'fg.muted',
  cursor: 'pointer',
  _hover: { _enabled: { bg: 'bg.subtle', color: 'fg.default' } },
  _disabled: { opacity: 0.35, cursor: 'not-allowed' },
});
export const dangerIconButton = css({ _hover: { _enabled: { bg: 'danger.subtle', color: 'danger.default' } } });
export const banner = css({
  display: 'flex',
  alignItems: 'center',
  flexWrap: 'wrap',
  gap: '3',
  px: '4',
  py: '3',
  borderRadius: 'card',
  borderWidth: '1px',
  fontSize: 'sm',
  mb: '4',
});
export const infoBanner = css({ bg: 'info.subtle', borderColor: 'info.subtle', color: 'info.default' });
export const dangerBanner = css({ bg: 'danger.subtle', borderColor: 'danger.subtle', color: 'danger.default' });

/** Option letters A–F (at most six options). */
export const LETTERS = ['A', 'B', 'C', 'D', 'E', 'F'] as const;
