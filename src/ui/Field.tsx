import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { FieldFrame, controlAria, useFieldIds } from './FieldFrame';

export const inputStyle = css({
  w: 'full',
  h: '10',
  px: '3',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  color: 'fg.default',
  outline: 'none',
  transition: 'border-color 120ms, box-shadow 120ms',
  _placeholder: { color: 'fg.subtle' },
  _focus: { borderColor: 'accent.default', boxShadow: '0 0 0 3px token(colors.accent.subtle)' },
  '&[aria-invalid=true]': { borderColor: 'danger.default' },
});

type FieldProps = InputHTMLAttributes<HTMLInputElement> & {
  label: ReactNode;
  error?: string | null;
  required?: boolean;
  /** Content placed at the right edge inside the input (e.g. a show-password button). */
  end?: ReactNode;
};

/** A labelled input; a red asterisk marks required fields (spec section 2). */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field(
  { label: text, error, required: isRequired, end, id, className, ...rest },
  ref,
) {
  const { controlId, errorId } = useFieldIds(id);
  return (
    <FieldFrame controlId={controlId} errorId={errorId} label={text} error={error} required={isRequired} className={className}>
      <div className={css({ position: 'relative' })}>
        <input
          ref={ref}
          id={controlId}
          {...controlAria(error, errorId, isRequired)}
          className={cx(inputStyle, end ? css({ pe: '10' }) : undefined)}
          {...rest}
        />
        {end ? <div className={css({ position: 'absolute', insetY: '0', insetEnd: '1', display: 'flex', alignItems: 'center' })}>{end}</div> : null}
      </div>
    </FieldFrame>
  );
});
