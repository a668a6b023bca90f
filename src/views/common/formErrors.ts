import { PASSWORD_MIN } from '../../../contract/auth';

type Translate = (key: string, params?: Record<string, unknown>) => string;

/** The first error of a TanStack Form field, translated (contract messages are i18n keys). */
export function firstError(errors: readonly unknown[], t: Translate): string | null {
  const first = errors.find(Boolean);
  if (!first) return null;
  const message = typeof first === 'string' ? first : (first as { message?: string }).message;
  if (!message) return null;
  return t(message, { min: PASSWORD_MIN });
}
