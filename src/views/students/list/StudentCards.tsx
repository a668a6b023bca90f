import { CalendarDays, Phone, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { StudentListItem } from '../../../api/students';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import { Balance } from '../../common/Balance';
import { reasonText } from './statusText';
import { GroupNames, showPhone, studentHref } from './studentColumns';
import { StudentStatusBadge } from './StudentStatusBadge';
import type { StudentList } from '../../../lib/studentLists';

const item = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1.5', cursor: 'pointer', _hover: { borderColor: 'accent.default' } });
const meta = css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'fg.muted', fontSize: 'sm', minW: '0' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

type Props = { list: StudentList; students: readonly StudentListItem[] | undefined; page: number; loading: boolean; emptyText: string; onOpen: (s: StudentListItem) => void };

/** The students as cards on a phone: name, status and balance, phones, groups, the date. */
export function StudentCards({ list, students, page, loading, emptyText, onOpen }: Props) {
  const { t, lang } = useT();
  if (!students || students.length === 0) return <p className={message}>{!students && loading ? t('students.loading') : emptyText}</p>;
  return (
    <ul className={css({ display: 'grid', gap: '2' })} aria-label={t(`students.lists.${list}`)} data-testid="students-cards">
      {students.map((s, i) => (
        <li key={s.id} className={item} onClick={() => onOpen(s)} data-row-id={s.id}>
          <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' })}>
            <Link href={studentHref(s.id)} onClick={(e) => e.stopPropagation()} className={css({ fontWeight: 'semibold', color: 'fg.default', minW: '0' })}>
              <span className={css({ color: 'fg.subtle', fontWeight: 'normal', me: '1.5' })}>{rowNumber(page, i)}.</span>
              {s.full_name}
            </Link>
            <StudentStatusBadge status={s.status} frozenTo={s.frozen_to} />
          </div>
          <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'center' })}>
            <div className={meta}>
              <Phone size={14} aria-hidden="true" />
              <span className={css({ whiteSpace: 'nowrap' })}>{showPhone(s.phone)}</span>
            </div>
            <span className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'baseline', fontSize: 'sm' })}>
              <span className={css({ color: 'fg.muted' })}>{t('students.cardBalance')}</span>
              <Balance value={s.balance} />
            </span>
          </div>
          {s.parent_phone ? <div className={meta}>{t('students.parentShort', { phone: showPhone(s.parent_phone) })}</div> : null}
          <div className={meta}>
            <Users size={14} aria-hidden="true" />
            <GroupNames groups={s.groups} empty={t('students.noGroups')} />
          </div>
          <div className={meta}>
            <CalendarDays size={14} aria-hidden="true" />
            {list === 'archived'
              ? t('students.archivedOn', { date: formatDate(s.archived_at, lang), reason: reasonText(t, s.archived_reason) })
              : t('students.createdOn', { date: formatDate(s.created_at, lang) })}
          </div>
        </li>
      ))}
    </ul>
  );
}
