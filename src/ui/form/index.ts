// The app's form kit (issue 16): `useAppForm` is TanStack Form's useForm with the app's fields, so a dialog binds a
// field in one line — `<form.AppField name="amount">{(f) => <f.AmountField label="cashiers.entry.amount" required />}
// </form.AppField>` — and every field shows its label, required mark and translated error the same way.
import { createFormHook, type AnyFieldLikeMetaBase } from '@tanstack/react-form';
import type { FormEvent } from 'react';
import { fieldContext, formContext } from './context';
import { AmountField, DateField, NumberField, PhoneField, SearchField, SelectField, TextareaField, TextField } from './fields';

export const { useAppForm, withForm } = createFormHook({
  fieldContext,
  formContext,
  fieldComponents: { TextField, NumberField, PhoneField, AmountField, SelectField, DateField, TextareaField, SearchField },
  formComponents: {},
});

type SubmittableForm = {
  handleSubmit: () => Promise<unknown>;
  state?: { fieldMeta: Record<string, { errorMap?: Record<string, unknown> } | undefined> };
  setFieldMeta?: (name: never, updater: (meta: AnyFieldLikeMetaBase) => AnyFieldLikeMetaBase) => void;
};

/**
 * `<form onSubmit>` for a TanStack form: no browser validation, no page reload. The server's last answer under the
 * fields does not block a new submit (TanStack Form counts it as an error): sending again asks the server again.
 */
export function submitWith(form: SubmittableForm) {
  return (e: FormEvent) => {
    e.preventDefault();
    for (const [name, meta] of Object.entries(form.state?.fieldMeta ?? {})) {
      if (meta?.errorMap?.onServer) form.setFieldMeta?.(name as never, (m) => ({ ...m, errorMap: { ...m.errorMap, onServer: undefined } }));
    }
    void form.handleSubmit();
  };
}
