import { ApiError } from '../../../../api/errors';
import type { Translate } from '../../../../i18n';
import { applyServerErrors } from '../../../common/serverErrors';

/** One line for a failed change that has no field to show it under. */
export function errorText(error: unknown, t: Translate): string {
  if (!(error instanceof ApiError)) return t('common.errors.unknown');
  if (error.status === 0) return t('common.errors.network');
  if (error.status === 403) return t('common.errors.forbidden');
  if (error.status === 404) return t('materials.errors.gone');
  // 400/409 answers carry the server's own words in the interface language.
  const said = [error.detail, ...Object.values(error.fields ?? {}).flat()].filter(Boolean);
  return said.length ? said.join(' ') : t('common.errors.unknown');
}

/**
 * A failed save of a materials form: a 400's field messages go under the form's fields and the rest becomes the
 * alert (null when every message found its field); any other failure is one line from errorText.
 */
export function saveProblem<Name extends string>(
  form: Parameters<typeof applyServerErrors<Name>>[0],
  error: unknown,
  fields: readonly Name[],
  t: Translate,
): string | null {
  const rest = applyServerErrors(form, error, fields);
  return rest === null ? errorText(error, t) : rest.join(' ') || null;
}
