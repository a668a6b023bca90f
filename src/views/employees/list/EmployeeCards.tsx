import { Building2, Phone } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { EmployeeListItem } from '../../../api/employees';
import { useT } from '../../../i18n';
import { rowNumber } from '../../../lib/params';
import { formatPhoneInput } from '../../../lib/phone';
import { Badge } from '../../../ui/Badge';
import { Avatar } from '../../../ui/Avatar';
import { employeeHref, filialNames } from './employeeColumns';

const item = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1.5', cursor: 'pointer', _hover: { borderColor: 'accent.default' } });
const meta = css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'fg.muted', fontSize: 'sm', minW: '0' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

type Props = { employees: readonly EmployeeListItem[] | undefined; page: number; loading: boolean; emptyText: string; names: ReadonlyMap<number, string>; onOpen: (e: EmployeeListItem) => void };

/** The employees as cards on a phone: photo, name, role, phone, branches. */
export function EmployeeCards({ employees, page, loading, emptyText, names, onOpen }: Props) {
  const { t } = useT();
  if (!employees || employees.length === 0) return <p className={message}>{!employees && loading ? t('employees.loading') : emptyText}</p>;
  return (
    <ul className={css({ display: 'grid', gap: '2' })} data-testid="employees-cards">
      {employees.map((e, i) => (
        <li key={e.id} className={item} onClick={() => onOpen(e)} data-row-id={e.id}>
          <div className={css({ display: 'flex', alignItems: 'center', gap: '2', minW: '0' })}>
            <Avatar name={e.full_name} photo={e.photo?.file} size={36} />
            <div className={css({ minW: '0', flex: '1' })}>
              <Link href={employeeHref(e.id)} onClick={(ev) => ev.stopPropagation()} className={css({ fontWeight: 'semibold', color: 'fg.default' })}>
                <span className={css({ color: 'fg.subtle', fontWeight: 'normal', me: '1.5' })}>{rowNumber(page, i)}.</span>
                {e.full_name}
              </Link>
              <div>
                <Badge>{t(`common.roles.${e.role}`)}</Badge>
              </div>
            </div>
          </div>
          <div className={meta}>
            <Phone size={14} aria-hidden="true" />
            <span className={css({ whiteSpace: 'nowrap' })}>{formatPhoneInput(e.phone)}</span>
          </div>
          <div className={meta}>
            <Building2 size={14} aria-hidden="true" />
            <span>{filialNames(e.filials, names, t)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}
