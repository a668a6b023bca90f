import { CheckCircle2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { Lead } from '../../../../contract/leads';
import { useJoinedStudent } from '../../../api/leadDetail';
import { useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { button } from '../../../ui/Button';

const STUDENT_PAGES = ['all_students', 'active_students', 'new_students', 'archived_students', 'testing_students'];

/** After "came to the first lesson": the student it became, with a link when the user reads the students pages. */
export function JoinedNotice({ lead }: { lead: Lead }) {
  const { t } = useT();
  const pages = useReadablePages();
  const readsStudents = STUDENT_PAGES.some((p) => pages.has(p));
  const student = useJoinedStudent(lead, readsStudents);
  return (
    <div
      role="status"
      data-testid="lead-joined"
      className={css({ mt: '4', display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', p: '3', borderRadius: 'card', bg: 'success.subtle', color: 'success.default' })}
    >
      <CheckCircle2 size={18} aria-hidden="true" />
      <span className={css({ flex: '1', minW: '48', fontWeight: 'medium' })}>
        {t('lead_detail.join.done', { name: lead.full_name, group: lead.order_group?.name ?? '' })}
      </span>
      {student.data ? (
        <Link href={`/students/info?id=${student.data.id}`} className={button({ variant: 'outline', size: 'sm' })} data-testid="lead-student-link">
          {t('lead_detail.join.openStudent')}
        </Link>
      ) : null}
    </div>
  );
}
