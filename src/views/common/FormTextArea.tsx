import { useId } from 'react';
import { css, cx } from 'styled-system/css';
import { useT } from '../../i18n/index';
import { inputStyle } from '../../ui/Field';
import { firstError } from './formErrors';

const label = css({ display: 'block', fontSize: 'sm', fontWeight: 'medium', color: 'fg.default', mb: '1.5' });
const area = css({ h: 'auto', minH: '24', py: '2', resize: 'vertical', lineHeight: '1.5' });
const errorText = css({ mt: '1', fontSize: 'xs', color: 'danger.default' });

type TextAreaFieldApi = {
  name: string;
  state: { value: string | undefined; meta: { errors: readonly unknown[]; isTouched: boolean } };
  handleBlur: () => void;
  handleChange: (value: string) => void;
  form: { state: { submissionAttempts: number } };
};

/** A labelled multi-line input bound to a form field (descriptions); errors show like FormTextField's. */
export function FormTextArea({ field, label: text, rows = 4 }: { field: TextAreaFieldApi; label: string; rows?: number }) {
  const { t } = useT();
  const id = useId();
  const shown = field.state.meta.isTouched || field.form.state.submissionAttempts > 0;
  const error = shown ? firstError(field.state.meta.errors, t) : null;
  return (
    <div>
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <textarea
        id={id}
        name={field.name}
        rows={rows}
        value={field.state.value ?? ''}
        onBlur={field.handleBlur}
        onChange={(e) => field.handleChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={cx(inputStyle, area)}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className={errorText}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
