import type { AnyFieldLikeMetaBase } from '@tanstack/react-form';
import { ApiError } from '../../api/errors';

type FormWithMeta<Name extends string> = {
  setFieldMeta: (name: Name, updater: (meta: AnyFieldLikeMetaBase) => AnyFieldLikeMetaBase) => void;
};

/**
 * Puts an answer's field messages (already in the interface language: requests carry Accept-Language) under the
 * form's own fields, as TanStack Form's server error. Returns what it could not place — `detail` first, then the
 * messages of other fields (`non_field_errors`, say) — for the caller to show above the buttons.
 */
export function placeServerErrors<Name extends string>(form: FormWithMeta<Name>, error: ApiError, fields: readonly Name[]): string[] {
  const rest: string[] = error.detail ? [error.detail] : [];
  for (const [key, messages] of Object.entries(error.fields ?? {})) {
    if ((fields as readonly string[]).includes(key)) {
      form.setFieldMeta(key as Name, (meta) => ({
        ...meta,
        errorMap: { ...meta.errorMap, onServer: messages[0] },
      }));
    } else {
      rest.push(...messages);
    }
  }
  return rest;
}

/** placeServerErrors for a 400 with messages; null for any other failure, which the caller words itself. */
export function applyServerErrors<Name extends string>(form: FormWithMeta<Name>, error: unknown, fields: readonly Name[]): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 400 || (!error.fields && !error.detail)) return null;
  return placeServerErrors(form, error, fields);
}
