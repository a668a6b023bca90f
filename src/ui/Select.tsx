import { forwardRef, type ReactNode, type SelectHTMLAttributes } from 'react';
import { css, cx } from 'styled-system/css';
import { inputStyle } from './Field';
import { FieldFrame, controlAria, useFieldIds } from './FieldFrame';

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
  const { controlId, errorId } = useFieldIds(id);
  return (
    <FieldFrame controlId={controlId} errorId={errorId} label={text} error={error} required={isRequired} className={className}>
      <select ref={ref} id={controlId} {...controlAria(error, errorId, isRequired)} className={cx(inputStyle, selectStyle)} {...rest}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
});
