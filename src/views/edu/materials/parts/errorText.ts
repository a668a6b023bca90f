import { ApiError } from '../../../../api/errors';
import type { Translate } from '../../../../i18n';

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
