import { createFormHookContexts } from '@tanstack/react-form';

/** The field and form contexts of the app's form kit (TanStack Form's createFormHook). */
export const { fieldContext, useFieldContext, formContext, useFormContext } = createFormHookContexts();
