import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';

const label = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', mb: '1.5' });
const requiredMark = css({ color: 'danger.default', ms: '0.5' });
const errorText = css({ mt: '1', fontSize: 'xs', color: 'danger.default' });

/** Ids that tie a control to its label and its error text. */
export function useFieldIds(id?: string) {
  const autoId = useId();
  const controlId = id ?? autoId;
  return { controlId, errorId: `${controlId}-error` };
}

/** The ARIA attributes of a control inside a FieldFrame. */
export function controlAria(error: string | null | undefined, errorId: string, required: boolean | undefined) {
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    'aria-required': required || undefined,
  } as const;
}

type FieldFrameProps = {
  controlId: string;
  errorId: string;
  label?: ReactNode;
  error?: string | null;
  required?: boolean;
  className?: string;
  children: ReactNode;
};

/** A label above a form control and its error below; a red asterisk marks required fields (spec section 2). */
export function FieldFrame({ controlId, errorId, label: text, error, required, className, children }: FieldFrameProps) {
  return (
    <div className={className}>
      {text ? (
        <label htmlFor={controlId} className={label}>
          {text}
          {required ? (
            <span className={requiredMark} aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} role="alert" className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
