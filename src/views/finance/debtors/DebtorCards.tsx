import { CalendarDays, Phone, UserRound, Users } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { DebtorRow } from '../../../api/debtors';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import { Balance } from '../../common/Balance';
import { showPhone, studentHref } from '../../common/hrefs';
import { CallTaskButton } from './CallTaskButton';
import { CallLink, daysText, rowKey } from './debtorColumns';

const item = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1.5' });
const meta = css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'fg.muted', fontSize: 'sm', minW: '0' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

type Props = { rows: readonly DebtorRow[] | undefined; page: number; loading: boolean; emptyText: string; canTask?: boolean };

/** Debtors as cards on a phone: number and name with the debt, the phone with a call button, group and teacher. */
export function DebtorCards({ rows, page, loading, emptyText, canTask = false }: Props) {
  const { t, lang } = useT();
  if (!rows || rows.length === 0) return <p className={message}>{!rows && loading ? t('debtors.loading') : emptyText}</p>;
  return (
    <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('debtors.title')} data-testid="debtors-cards">
      {rows.map((r, i) => (
        <li key={rowKey(r)} className={item}>
          <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' })}>
            <Link href={studentHref(r.student.id)} className={css({ fontWeight: 'semibold', color: 'fg.default', minW: '0' })}>
              <span className={css({ color: 'fg.subtle', fontWeight: 'normal', me: '1.5' })}>{rowNumber(page, i)}.</span>
              {r.student.full_name}
            </Link>
            <Balance value={r.balance} />
          </div>
          <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'center' })}>
            <div className={meta}>
              <Phone size={14} aria-hidden="true" />
              <span className={css({ whiteSpace: 'nowrap' })}>{showPhone(r.student.phone)}</span>
            </div>
            <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
              <CallLink row={r} t={t} />
              {canTask ? <CallTaskButton row={r} t={t} /> : null}
            </div>
          </div>
          {r.student.parent_phone ? <div className={meta}>{t('debtors.parentShort', { phone: showPhone(r.student.parent_phone) })}</div> : null}
          <div className={meta}>
            <Users size={14} aria-hidden="true" />
            <span>
              {r.group.name} · {daysText(r.days, lang)}
            </span>
          </div>
          <div className={meta}>
            <UserRound size={14} aria-hidden="true" />
            <span>{r.teacher.full_name}</span>
          </div>
          <div className={meta}>
            <CalendarDays size={14} aria-hidden="true" />
            {r.last_payment_at ? t('debtors.lastPaymentOn', { date: formatDate(r.last_payment_at, lang) }) : t('debtors.noPayment')}
          </div>
        </li>
      ))}
    </ul>
  );
}
