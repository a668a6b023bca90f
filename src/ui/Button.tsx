import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { cva, cx, type RecipeVariantProps } from 'styled-system/css';

export const button = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: 'medium',
    borderRadius: 'control',
    borderWidth: '1px',
    borderColor: 'transparent',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background 120ms, color 120ms, border-color 120ms',
    _disabled: { opacity: 0.55, cursor: 'not-allowed' },
  },
  variants: {
    variant: {
      solid: { bg: 'accent.default', color: 'fg.onAccent', _hover: { _enabled: { bg: 'accent.hover' } } },
      outline: { bg: 'bg.surface', borderColor: 'border.default', color: 'fg.default', _hover: { _enabled: { bg: 'bg.subtle' } } },
      ghost: { bg: 'transparent', color: 'fg.muted', _hover: { _enabled: { bg: 'bg.subtle', color: 'fg.default' } } },
      danger: { bg: 'danger.default', color: 'fg.onAccent', _hover: { _enabled: { bg: 'danger.hover' } } },
    },
    size: {
      sm: { h: '8', px: '3', fontSize: 'sm' },
      md: { h: '10', px: '4', fontSize: 'sm' },
      lg: { h: '11', px: '5', fontSize: 'md' },
      icon: { h: '10', w: '10', p: '0' },
    },
    full: { true: { w: 'full' } },
  },
  defaultVariants: { variant: 'solid', size: 'md' },
});

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & RecipeVariantProps<typeof button>;

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant, size, full, className, type = 'button', ...rest },
  ref,
) {
  return <button ref={ref} type={type} className={cx(button({ variant, size, full }), className)} {...rest} />;
});
