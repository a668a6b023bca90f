import type { AnyFieldLikeMetaBase } from '@tanstack/react-form';
import { ApiError } from '../../../../api/errors';

type FormWithMeta<Name extends string> = {
  setFieldMeta: (name: Name, updater: (meta: AnyFieldLikeMetaBase) => AnyFieldLikeMetaBase) => void;
};

/**
 * Puts a 400's field messages (already in the interface language: requests carry Accept-Language) under the
 * form's fields. Returns the messages it could not place (another field, `detail`, `non_field_errors`), so the
 * caller shows them above the buttons; null when the error is not a 400 with messages.
 */
export function applyServerErrors<Name extends string>(form: FormWithMeta<Name>, error: unknown, fields: readonly Name[]): string[] | null {
  if (!(error instanceof ApiError) || error.status !== 400 || (!error.fields && !error.detail)) return null;
  const rest: string[] = error.detail ? [error.detail] : [];
  for (const [key, messages] of Object.entries(error.fields ?? {})) {
    if ((fields as readonly string[]).includes(key)) {
      form.setFieldMeta(key as Name, (meta) => ({ ...meta, errorMap: { ...meta.errorMap, onServer: messages[0] } }));
    } else {
      rest.push(...messages);
    }
  }
  return rest;
}
