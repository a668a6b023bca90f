// The app's form kit (issue 16): `useAppForm` is TanStack Form's useForm with the app's fields, so a dialog binds a
// field in one line — `<form.AppField name="amount">{(f) => <f.AmountField label="cashiers.entry.amount" required />}
// </form.AppField>` — and every field shows its label, required mark and translated error the same way.
import { createFormHook } from '@tanstack/react-form';
import type { FormEvent } from 'react';
import { fieldContext, formContext } from './context';
import { AmountField, DateField, PhoneField, SearchField, SelectField, TextareaField, TextField } from './fields';

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, PhoneField, AmountField, SelectField, DateField, TextareaField, SearchField },
  formComponents: {},
});

/** `<form onSubmit>` for a TanStack form: no browser validation, no page reload. */
export function submitWith(form: { handleSubmit: () => Promise<unknown> }) {
  return (e: FormEvent) => {
    e.preventDefault();
    void form.handleSubmit();
  };
}
