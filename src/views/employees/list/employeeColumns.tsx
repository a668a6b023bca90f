import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { EmployeeListItem } from '../../../api/employees';
import type { Lang, Translate } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import { formatPhoneInput } from '../../../lib/phone';
import { Badge } from '../../../ui/Badge';
import type { Column } from '../../../ui/Table';
import { Avatar } from '../../../ui/Avatar';

import { employeeHref } from '../../common/hrefs';

export { employeeHref };

const nowrap = css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

/** Branch names of an employee; none means every branch. */
export function filialNames(ids: readonly number[], names: ReadonlyMap<number, string>, t: Translate): string {
  return ids.length ? ids.map((id) => names.get(id) ?? `#${id}`).join(', ') : t('employees.allBranches');
}

export function employeeColumns(page: number, t: Translate, lang: Lang, names: ReadonlyMap<number, string>): Column<EmployeeListItem>[] {
  return [
    { key: 'number', header: t('employees.columns.number'), cell: (_, i) => rowNumber(page, i), width: '48px' },
    {
      key: 'name',
      header: t('employees.columns.name'),
      cell: (e) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
          <Avatar name={e.full_name} photo={e.photo?.file} size={28} />
          <Link href={employeeHref(e.id)} className={css({ fontWeight: 'medium', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
            {e.full_name}
          </Link>
        </span>
      ),
    },
    { key: 'phone', header: t('employees.columns.phone'), cell: (e) => <span className={nowrap}>{formatPhoneInput(e.phone)}</span> },
    {
      key: 'role',
      header: t('employees.columns.role'),
      cell: (e) => (
        <span className={css({ display: 'inline-flex', gap: '1.5', flexWrap: 'wrap' })}>
          <Badge>{t(`common.roles.${e.role}`)}</Badge>
          {e.is_call_operator && e.role !== 'CALL_OPERATOR' ? <Badge tone="info">{t('employees.callOperator')}</Badge> : null}
        </span>
      ),
    },
    { key: 'subject', header: t('employees.columns.subject'), cell: (e) => e.subject?.name ?? '' },
    { key: 'filials', header: t('employees.columns.filials'), cell: (e) => filialNames(e.filials, names, t) },
    { key: 'created_at', header: t('employees.columns.createdAt'), cell: (e) => <span className={nowrap}>{formatDate(e.created_at, lang)}</span> },
  ];
}
