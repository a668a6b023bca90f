import type { StudentStatus } from '../../../../contract/students';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { Badge } from '../../../ui/Badge';
import { statusText } from './statusText';

const TONES = { testing: 'info', new: 'accent', active: 'success', frozen: 'neutral', archived: 'danger' } as const;

/** The student's status; a frozen one says until when the freeze lasts. */
export function StudentStatusBadge({ status, frozenTo }: { status: StudentStatus; frozenTo?: string | null }) {
  const { t, lang } = useT();
  const label = statusText(t, status);
  return (
    <Badge tone={TONES[status]}>
      {status === 'frozen' && frozenTo ? t('students.frozenUntil', { status: label, date: formatDate(frozenTo, lang) }) : label}
    </Badge>
  );
}
