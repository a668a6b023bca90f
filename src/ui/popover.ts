import { css } from 'styled-system/css';

/** Shared look of floating panels (bell panel, user menu, branch list). */
export const floatingPanel = css({
  bg: 'bg.surface',
  borderRadius: 'card',
  borderWidth: '1px',
  borderColor: 'border.default',
  boxShadow: 'popover',
  zIndex: 'popover',
  outline: 'none',
  _open: { animation: 'scaleIn 120ms ease-out' },
  _closed: { animation: 'fadeOut 100ms ease-in' },
});

export const menuItem = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  px: '3',
  py: '2',
  borderRadius: 'control',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'fg.default',
  _highlighted: { bg: 'bg.subtle' },
  _hover: { bg: 'bg.subtle' },
});
