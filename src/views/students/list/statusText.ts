import type { StudentStatus } from '../../../../contract/students';
import type { Translate } from '../../../i18n';

/**
 * A status's name from the shared `student_status` namespace (the student page words moves with the same file);
 * this list's own word stands in while that namespace has no such key.
 */
export function statusText(t: Translate, status: StudentStatus): string {
  return t(`student_status.status.${status}`, { defaultValue: t(`students.status.${status}`) });
}

/** An archive reason: a key of the shared namespace when it is one, else the text as it was typed. */
export function reasonText(t: Translate, reason: string | null): string {
  if (!reason) return '';
  return t(`student_status.reasons.${reason}`, { defaultValue: reason });
}
