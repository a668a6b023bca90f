import type { FormEvent } from 'react';
import { useT } from '../../i18n';
import { Field } from '../../ui/Field';
import { firstError } from './formErrors';

/** The parts of a TanStack Form field that a text input needs. */
type TextFieldApi = {
  name: string;
  state: { value: string; meta: { errors: readonly unknown[]; isTouched: boolean } };
  handleBlur: () => void;
  handleChange: (value: string) => void;
  form: { state: { submissionAttempts: number } };
};

type InputProps = Omit<Parameters<typeof Field>[0], 'value' | 'onChange' | 'onBlur' | 'error' | 'name'>;

/** A labelled input bound to a form field; its error shows once the field was touched or a submit was tried. */
export function FormTextField({ field, format, ...props }: InputProps & { field: TextFieldApi; format?: (value: string) => string }) {
  const { t } = useT();
  const shown = field.state.meta.isTouched || field.form.state.submissionAttempts > 0;
  return (
    <Field
      {...props}
      name={field.name}
      value={field.state.value}
      onBlur={field.handleBlur}
      onChange={(e) => field.handleChange(format ? format(e.target.value) : e.target.value)}
      error={shown ? firstError(field.state.meta.errors, t) : null}
    />
  );
}

/** `<form onSubmit>` for a TanStack form: no browser validation, no page reload. */
export function submitWith(form: { handleSubmit: () => Promise<unknown> }) {
  return (e: FormEvent) => {
    e.preventDefault();
    void form.handleSubmit();
  };
}
