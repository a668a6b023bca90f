import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { StudentListItem } from '../../../api/students';
import type { Translate } from '../../../i18n';
import type { Lang } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import type { Column } from '../../../ui/Table';
import { Balance } from '../../common/Balance';
import { reasonText } from './statusText';
import { StudentStatusBadge } from './StudentStatusBadge';
import type { StudentList } from '../../../lib/studentLists';
import { showPhone, studentHref } from '../../common/hrefs';

export { showPhone, studentHref };


const muted = css({ color: 'fg.muted', fontSize: 'xs' });
const nowrap = css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });


export function GroupNames({ groups, empty }: { groups: StudentListItem['groups']; empty: string }) {
  if (groups.length === 0) return <span className={css({ color: 'fg.subtle' })}>{empty}</span>;
  return <span>{groups.map((g) => g.name).join(', ')}</span>;
}

/** The table's columns; the archived list shows when and why instead of when the student was added. */
export function studentColumns(list: StudentList, page: number, t: Translate, lang: Lang): Column<StudentListItem>[] {
  const archived = list === 'archived';
  const columns: Column<StudentListItem>[] = [
    { key: 'number', header: t('students.columns.number'), cell: (_, i) => rowNumber(page, i), width: '48px' },
    {
      key: 'name',
      header: t('students.columns.name'),
      cell: (s) => (
        // A real link too, for the keyboard and for opening in a new tab.
        <Link href={studentHref(s.id)} className={css({ fontWeight: 'medium', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
          {s.full_name}
        </Link>
      ),
    },
    {
      key: 'phones',
      header: t('students.columns.phones'),
      cell: (s) => (
        <div className={nowrap}>
          <div>{showPhone(s.phone)}</div>
          {s.parent_phone ? <div className={muted} title={t('students.columns.parentPhone')}>{t('students.parentShort', { phone: showPhone(s.parent_phone) })}</div> : null}
        </div>
      ),
    },
    { key: 'groups', header: t('students.columns.groups'), cell: (s) => <GroupNames groups={s.groups} empty={t('students.noGroups')} /> },
    { key: 'status', header: t('students.columns.status'), cell: (s) => <StudentStatusBadge status={s.status} frozenTo={s.frozen_to} /> },
    { key: 'balance', header: t('students.columns.balance'), cell: (s) => <Balance value={s.balance} />, numeric: true },
  ];
  if (archived) {
    columns.push(
      { key: 'reason', header: t('students.columns.reason'), cell: (s) => reasonText(t, s.archived_reason) },
      { key: 'archived_at', header: t('students.columns.archivedAt'), cell: (s) => <span className={nowrap}>{formatDate(s.archived_at, lang)}</span> },
    );
  } else {
    columns.push({ key: 'created_at', header: t('students.columns.createdAt'), cell: (s) => <span className={nowrap}>{formatDate(s.created_at, lang)}</span> });
  }
  return columns;
}
