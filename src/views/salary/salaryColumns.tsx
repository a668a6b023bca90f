import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { SalaryRow } from '../../api/salary';
import type { Translate } from '../../i18n';
import { formatMoney } from '../../lib/money';
import type { Column } from '../../ui/Table';
import { employeeHref } from '../common/hrefs';

const muted = css({ color: 'fg.muted', fontSize: 'xs' });
const money = css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' });

/** "150 000,00 per lesson", "40 % of payments", "5 000 000,00 a month". */
export function rateText(r: SalaryRow, t: Translate): string {
  if (r.kind === 'percent') return t('salary.rate.percent', { percent: Number(r.salary_percent ?? '0').toString() });
  return t(`salary.rate.${r.kind}`, { amount: formatMoney(r.salary_amount ?? '0') });
}

/** The facts the amount comes from, in words: "12 lessons", "87 students present", "paid 3 000 000,00". */
export function factText(r: SalaryRow, t: Translate): string {
  switch (r.kind) {
    case 'fixed':
      return r.facts.days_employed < r.facts.days_in_month ? t('salary.facts.days', { days: r.facts.days_employed, of: r.facts.days_in_month }) : t('salary.facts.wholeMonth');
    case 'per_lesson':
      return t('salary.facts.lessons', { count: r.facts.lessons });
    case 'per_student':
      return t('salary.facts.students', { count: r.facts.students, lessons: r.facts.lessons });
    case 'percent':
      return t('salary.facts.paid', { amount: formatMoney(r.facts.paid) });
  }
}

export const rowKey = (r: SalaryRow) => r.employee.id;

export function salaryColumns(t: Translate): Column<SalaryRow>[] {
  return [
    { key: 'number', header: t('salary.columns.number'), cell: (_, i) => i + 1, width: '48px' },
    {
      key: 'employee',
      header: t('salary.columns.employee'),
      cell: (r) => (
        <div>
          <Link href={employeeHref(r.employee.id)} className={css({ fontWeight: 'medium', color: 'accent.fg', _hover: { textDecoration: 'underline' } })}>
            {r.employee.full_name}
          </Link>
          <div className={muted}>
            {t(`common.roles.${r.employee.role}`)}
            {r.archived_on ? ` · ${t('salary.archived')}` : ''}
          </div>
        </div>
      ),
    },
    { key: 'rate', header: t('salary.columns.rate'), cell: (r) => <span className={money}>{rateText(r, t)}</span> },
    { key: 'lessons', header: t('salary.columns.lessons'), cell: (r) => r.facts.lessons, numeric: true },
    { key: 'students', header: t('salary.columns.students'), cell: (r) => r.facts.students, numeric: true },
    { key: 'paid', header: t('salary.columns.paid'), cell: (r) => <span className={money}>{formatMoney(r.facts.paid)}</span>, numeric: true },
    {
      key: 'amount',
      header: t('salary.columns.amount'),
      cell: (r) => (
        <span className={css({ fontWeight: 'semibold' })} data-testid="salary-amount">
          <span className={money}>{formatMoney(r.amount)}</span>
          {r.kind === 'fixed' && r.facts.days_employed < r.facts.days_in_month ? <div className={muted}>{factText(r, t)}</div> : null}
        </span>
      ),
      numeric: true,
    },
  ];
}
