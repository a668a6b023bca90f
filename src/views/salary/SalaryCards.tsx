import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { SalaryRow } from '../../api/salary';
import { useT } from '../../i18n';
import { formatMoney } from '../../lib/money';
import { employeeHref } from '../common/hrefs';
import { factText, rateText, rowKey } from './salaryColumns';

const item = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1' });
const meta = css({ color: 'fg.muted', fontSize: 'sm' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

type Props = { rows: readonly SalaryRow[] | undefined; loading: boolean; emptyText: string };

/** Salaries as cards on a phone: name and amount, role, terms and the facts behind the amount. */
export function SalaryCards({ rows, loading, emptyText }: Props) {
  const { t } = useT();
  if (!rows || rows.length === 0) return <p className={message}>{!rows && loading ? t('salary.loading') : emptyText}</p>;
  return (
    <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('salary.title')} data-testid="salary-cards">
      {rows.map((r, i) => (
        <li key={rowKey(r)} className={item} data-row-id={r.employee.id}>
          <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' })}>
            <Link href={employeeHref(r.employee.id)} className={css({ fontWeight: 'semibold', color: 'fg.default', minW: '0' })}>
              <span className={css({ color: 'fg.subtle', fontWeight: 'normal', me: '1.5' })}>{i + 1}.</span>
              {r.employee.full_name}
            </Link>
            <span className={css({ fontWeight: 'semibold', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{formatMoney(r.amount)}</span>
          </div>
          <div className={meta}>
            {t(`common.roles.${r.employee.role}`)}
            {r.archived_on ? ` · ${t('salary.archived')}` : ''}
          </div>
          <div className={meta}>
            {rateText(r, t)} · {factText(r, t)}
          </div>
        </li>
      ))}
    </ul>
  );
}
