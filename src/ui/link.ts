import { css } from 'styled-system/css';

/**
 * A link inside a line of text: underlined (quietly) as well as coloured, since colour alone does not tell it from
 * the text around it (WCAG 1.4.1). Links that stand alone (a name in a table cell) need no underline.
 */
export const inlineLink = css({
  color: 'accent.fg',
  textDecoration: 'underline',
  textDecorationColor: 'accent.fg/40',
  textUnderlineOffset: '2px',
  _hover: { textDecorationColor: 'accent.fg' },
});
