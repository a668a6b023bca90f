import { Phone } from 'lucide-react';
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { DebtorRow } from '../../../api/debtors';
import type { Lang, Translate } from '../../../i18n';
import { formatDate, weekdayNames } from '../../../lib/dates';
import { rowNumber } from '../../../lib/params';
import type { Column } from '../../../ui/Table';
import { Balance } from '../../common/Balance';
import { showPhone, studentHref } from '../../common/hrefs';
import { CallTaskButton } from './CallTaskButton';
import { telHref } from '../../../lib/debtorFilters';

const muted = css({ color: 'fg.muted', fontSize: 'xs' });
const nowrap = css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });
const callLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  px: '2.5',
  py: '1.5',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border.default',
  color: 'accent.fg',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
  _hover: { bg: 'accent.subtle' },
});

export const rowKey = (r: DebtorRow) => `${r.student.id}:${r.group.id}`;

/** "Du, Ch, Ju" / "Mon, Wed, Fri". */
export function daysText(days: readonly number[], lang: Lang): string {
  const names = weekdayNames(lang, 'short');
  return days.map((d) => names[d - 1] ?? String(d)).join(', ');
}

/** A tel: link: a call is one tap on a phone and opens the softphone on a desk. */
export function CallLink({ row, t }: { row: DebtorRow; t: Translate }) {
  return (
    <a href={telHref(row.student.phone)} className={callLink} aria-label={t('debtors.callStudent', { name: row.student.full_name })} onClick={(e) => e.stopPropagation()}>
      <Phone size={14} aria-hidden="true" />
      {t('debtors.call')}
    </a>
  );
}

/** `canTask`: the reader may read tasks, so a row offers a one-click call task too; `onSms`: the debt message. */
export function debtorColumns(page: number, t: Translate, lang: Lang, canTask = false, onSms?: (row: DebtorRow) => void): Column<DebtorRow>[] {
  return [
    { key: 'number', header: t('debtors.columns.number'), cell: (_, i) => rowNumber(page, i), width: '48px' },
    {
      key: 'student',
      header: t('debtors.columns.student'),
      cell: (r) => (
        <Link href={studentHref(r.student.id)} className={css({ fontWeight: 'medium', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
          {r.student.full_name}
        </Link>
      ),
    },
    {
      key: 'phones',
      header: t('debtors.columns.phones'),
      cell: (r) => (
        <div className={nowrap}>
          <div>{showPhone(r.student.phone)}</div>
          {r.student.parent_phone ? (
            <a href={telHref(r.student.parent_phone)} className={muted} title={t('debtors.callParent')}>
              {t('debtors.parentShort', { phone: showPhone(r.student.parent_phone) })}
            </a>
          ) : null}
        </div>
      ),
    },
    {
      key: 'group',
      header: t('debtors.columns.group'),
      cell: (r) => (
        <div>
          <div>{r.group.name}</div>
          <div className={muted}>{daysText(r.days, lang)}</div>
        </div>
      ),
    },
    { key: 'teacher', header: t('debtors.columns.teacher'), cell: (r) => r.teacher.full_name },
    { key: 'balance', header: t('debtors.columns.balance'), cell: (r) => <Balance value={r.balance} />, numeric: true },
    {
      key: 'last_payment',
      header: t('debtors.columns.lastPayment'),
      cell: (r) => <span className={nowrap}>{r.last_payment_at ? formatDate(r.last_payment_at, lang) : <span className={muted}>{t('debtors.noPayment')}</span>}</span>,
    },
    {
      key: 'call',
      header: t('debtors.columns.actions'),
      cell: (r) => (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
          <CallLink row={r} t={t} />
          {canTask ? <CallTaskButton row={r} t={t} /> : null}
          {onSms ? (
            <button type="button" className={callLink} onClick={() => onSms(r)} aria-label={t('debtors.sms.row', { name: r.student.full_name })} data-testid={`debtor-sms-${r.student.id}`}>
              {t('debtors.sms.button')}
            </button>
          ) : null}
        </div>
      ),
    },
  ];
}
