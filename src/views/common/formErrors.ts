import { translateIssue, type Translate } from '../../i18n';

/** The first error of a TanStack Form field, translated with the issue's own limits (`{{min}}`, `{{max}}`). */
export function firstError(errors: readonly unknown[], t: Translate): string | null {
  const first = errors.find(Boolean) as Parameters<typeof translateIssue>[0];
  return first ? translateIssue(first, t) || null : null;
}
