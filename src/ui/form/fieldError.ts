// Which error a form field shows, and when: the server's answer (placed on the field as TanStack Form's `onServer`
// error) at once, the form's own rules once the field was left or a submit was tried, so a half-typed field is not
// scolded while the person is still typing.
import { translateIssue } from '../../i18n/issues';
import type { Translate } from '../../i18n/translator';

export type FieldMetaLike = { errors: readonly unknown[]; errorMap?: Record<string, unknown>; isTouched: boolean };

/** The error to show (an i18n key, a zod issue or the server's words), or null. */
export function visibleError(meta: FieldMetaLike, submitted: boolean): unknown {
  const server = meta.errorMap?.onServer;
  if (server) return server;
  if (!meta.isTouched && !submitted) return null;
  return meta.errors.find(Boolean) ?? null;
}

/** visibleError in the interface language (an issue's `{{min}}`/`{{max}}` filled in). */
export function shownFieldError(meta: FieldMetaLike, submitted: boolean, t: Translate, values?: Record<string, unknown>): string | null {
  const error = visibleError(meta, submitted) as Parameters<typeof translateIssue>[0];
  return error ? translateIssue(error, t, values) || null : null;
}

type FieldLike = { state: { meta: FieldMetaLike }; form: { state: { submissionAttempts: number } } };

/** The error of a bound field for a control of the view's own (`<form.AppField>{(f) => <Own error={…} />}`). */
export function fieldErrorOf(field: FieldLike, t: Translate): string | null {
  return shownFieldError(field.state.meta, field.form.state.submissionAttempts > 0, t);
}
