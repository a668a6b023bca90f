import { ArrowRightLeft, Pencil, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { StudentDetail } from '../../../../contract/students';
import type { StudentStatus } from '../../../../contract/studentStatus';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { formatPhoneInput } from '../../../lib/phone';
import { Amount, Fact } from './parts';
import { StatusBadge } from './StatusBadge';

const facts = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
  gap: '4',
  mt: '4',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
  p: '4',
});
const link = css({ color: 'accent.fg', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'accent.default' } });
const dash = '—';

type Props = {
  student: StudentDetail;
  /** The status the statechart shows (ahead of the server while a move saves). */
  status: StudentStatus;
  branchName: string;
  today: string;
  actions: ReactNode;
};

const phone = (value: string | null) => (value ? formatPhoneInput(value) : dash);

/** Name, status and the facts a colleague asks first, with the actions the student's status allows. */
export function StudentHeader({ student, status, branchName, today, actions }: Props) {
  const { t, lang } = useT();
  return (
    <header>
      <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3', minW: '0' })}>
          <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold', overflowWrap: 'anywhere' })}>{student.full_name}</h1>
          <StatusBadge
            status={status}
            frozen_from={student.frozen_from}
            frozen_to={student.frozen_to}
            archived_reason={student.archived_reason}
            today={today}
          />
        </div>
        <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })} data-testid="student-actions">
          {actions}
        </div>
      </div>
      <dl className={facts}>
        <Fact label={t('student_detail.fields.phone')} testId="student-phone">
          {phone(student.phone)}
          {student.extra_phone ? <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted', fontWeight: 'normal' })}>{phone(student.extra_phone)}</span> : null}
        </Fact>
        <Fact label={t('student_detail.fields.parent_phone')}>{phone(student.parent_phone)}</Fact>
        <Fact label={t('student_detail.fields.birth_date')}>{student.birth_date ? formatDate(student.birth_date, lang) : dash}</Fact>
        <Fact label={t('student_detail.fields.balance')} testId="student-balance">
          <Amount value={student.balance}>{formatMoney(student.balance)}</Amount>
        </Fact>
        <Fact label={t('student_detail.fields.filial')}>{branchName || dash}</Fact>
        <Fact label={t('student_detail.fields.gender')}>{student.gender ? t(`student_detail.gender.${student.gender}`) : dash}</Fact>
        <Fact label={t('student_detail.fields.lead')}>
          {student.lead ? (
            <Link href={`/leads/lead_info?id=${student.lead.id}`} className={link} data-testid="student-lead">
              {student.lead.full_name}
            </Link>
          ) : (
            t('student_detail.noLead')
          )}
        </Fact>
        <Fact label={t('student_detail.fields.created_at')}>{formatDate(student.created_at, lang)}</Fact>
        {student.comment ? (
          <div className={css({ gridColumn: '1 / -1' })}>
            <Fact label={t('student_detail.fields.comment')}>
              <span className={css({ fontWeight: 'normal', whiteSpace: 'pre-wrap' })}>{student.comment}</span>
            </Fact>
          </div>
        ) : null}
      </dl>
    </header>
  );
}

export const actionIcons = { edit: Pencil, add: Plus, move: ArrowRightLeft };
