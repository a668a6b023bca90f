import { css } from 'styled-system/css';
import type { StudentStatus } from '../../../../contract/studentStatus';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { Badge } from '../../../ui/Badge';
import { freezeScheduled } from './studentActions';

/** The same tones as the student lists' badge. */
const TONE: Record<StudentStatus, 'info' | 'success' | 'neutral' | 'danger' | 'accent'> = {
  testing: 'info',
  new: 'accent',
  active: 'success',
  frozen: 'neutral',
  archived: 'danger',
};

type Props = {
  status: StudentStatus;
  frozen_from: string | null;
  frozen_to: string | null;
  archived_reason: string | null;
  today: string;
};

/** The status with what it depends on: until when a freeze lasts, a freeze still to come, why archived. */
export function StatusBadge({ status, frozen_from, frozen_to, archived_reason, today }: Props) {
  const { t, lang } = useT();
  const scheduled = freezeScheduled({ status, frozen_from, frozen_to }, today);
  return (
    <span className={css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })} data-testid="student-status" data-status={status}>
      <Badge tone={TONE[status]}>
        {status === 'frozen' && frozen_to ? t('student_detail.statusUntil', { status: t('student_status.status.frozen'), date: formatDate(frozen_to, lang) }) : t(`student_status.status.${status}`)}
      </Badge>
      {scheduled && frozen_from && frozen_to ? (
        <Badge tone="info">
          {t('student_detail.freezeScheduled', { from: formatDate(frozen_from, lang), to: formatDate(frozen_to, lang) })}
        </Badge>
      ) : null}
      {status === 'archived' && archived_reason ? (
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })} data-testid="archived-reason">
          {t('student_detail.archivedBecause', { reason: archived_reason })}
        </span>
      ) : null}
    </span>
  );
}
