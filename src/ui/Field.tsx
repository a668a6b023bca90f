import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

const label = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', mb: '1.5' });
const required = css({ color: 'danger.default', ms: '0.5' });
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
const errorText = css({ mt: '1', fontSize: 'xs', color: 'danger.default' });

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
  const autoId = useId();
  const inputId = id ?? autoId;
  const errorId = `${inputId}-error`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={label}>
        {text}
        {isRequired ? (
          <span className={required} aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      <div className={css({ position: 'relative' })}>
        <input
          ref={ref}
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-required={isRequired || undefined}
          className={cx(inputStyle, end ? css({ pe: '10' }) : undefined)}
          {...rest}
        />
        {end ? <div className={css({ position: 'absolute', insetY: '0', insetEnd: '1', display: 'flex', alignItems: 'center' })}>{end}</div> : null}
      </div>
      {error ? (
        <p id={errorId} role="alert" className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
