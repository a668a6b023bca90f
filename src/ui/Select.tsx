import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';
import { inputStyle } from './Field';

const label = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', mb: '1.5' });
const required = css({ color: 'danger.default', ms: '0.5' });
const errorText = css({ mt: '1', fontSize: 'xs', color: 'danger.default' });
const selectStyle = css({ appearance: 'auto', pe: '2', cursor: 'pointer', _disabled: { cursor: 'not-allowed', opacity: 0.6 } });

export type SelectOption = { value: string | number; label: string; disabled?: boolean };

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> & {
  label?: ReactNode;
  options: readonly SelectOption[];
  /** A first empty choice ("all", "choose ..."). */
  placeholder?: string;
  error?: string | null;
  required?: boolean;
};

/**
 * A labelled native select: short fixed lists (branch, course, room, status) where the phone's own picker is the
 * best control. Values are strings, as the DOM gives them; the caller converts ids.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label: text, options, placeholder, error, required: isRequired, id, className, ...rest },
  ref,
) {
  const autoId = useId();
  const selectId = id ?? autoId;
  const errorId = `${selectId}-error`;
  return (
    <div className={className}>
      {text ? (
        <label htmlFor={selectId} className={label}>
          {text}
          {isRequired ? (
            <span className={required} aria-hidden="true">
              *
            </span>
          ) : null}
        </label>
      ) : null}
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        aria-required={isRequired || undefined}
        className={cx(inputStyle, selectStyle)}
        {...rest}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} role="alert" className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
