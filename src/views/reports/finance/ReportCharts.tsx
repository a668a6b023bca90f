// The report's charts (recharts, loaded only with this page): income and expense per month as bars, and every kind
// as a horizontal bar coloured by its side. Bars take numbers (amounts have at most 12 integer digits, exact in a
// double); labels and tooltips show the exact strings.
import { Bar, BarChart, CartesianGrid, Cell, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { css } from 'styled-system/css';
import type { FinanceReport } from '../../../api/financeReport';
import { useT } from '../../../i18n';
import { monthName } from '../../../lib/dates';
import { formatMoney, shortenAmount } from '../../../lib/money';
import { Card } from '../../../ui/Card';
import { monthLabel, systemKindKey } from './reportPeriod';

export const INCOME_COLOUR = '#15803d';
export const EXPENSE_COLOUR = '#dc2626';

const title = css({ fontSize: 'md', fontWeight: 'semibold', mb: '3' });
const empty = css({ h: '240px', display: 'grid', placeItems: 'center', color: 'fg.muted' });

export function MonthChart({ report }: { report: FinanceReport }) {
  const { t, lang } = useT();
  const months = Array.from({ length: 12 }, (_, i) => monthName(i, lang).slice(0, 3));
  const data = report.by_month.map((m) => ({ label: monthLabel(m.month, months), income: Number(m.income), expense: Number(m.expense), exact: m }));
  const nothing = report.by_month.every((m) => m.income === '0.00' && m.expense === '0.00');
  return (
    <Card data-testid="chart-months">
      <h2 className={title}>{t('finance_report.charts.byMonth')}</h2>
      {nothing ? (
        <p className={empty}>{t('finance_report.charts.empty')}</p>
      ) : (
        <ResponsiveContainer width="100%" height={280}>
          <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" tickLine={false} />
            <YAxis tickFormatter={(v: number) => shortenAmount(v, t)} width={72} tickLine={false} />
            <Tooltip formatter={(value, name) => [formatMoney(value as number), name]} />
            <Legend />
            <Bar dataKey="income" name={t('finance_report.kpi.income')} fill={INCOME_COLOUR} radius={[4, 4, 0, 0]} />
            <Bar dataKey="expense" name={t('finance_report.kpi.expense')} fill={EXPENSE_COLOUR} radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}

export function KindChart({ report }: { report: FinanceReport }) {
  const { t } = useT();
  const data = report.by_kind.map((k) => {
    const key = systemKindKey(k.kind);
    return { label: key ? t(key) : k.kind.name, amount: Number(k.amount), action: k.kind.action };
  });
  return (
    <Card data-testid="chart-kinds">
      <h2 className={title}>{t('finance_report.charts.byKind')}</h2>
      {data.length === 0 ? (
        <p className={empty}>{t('finance_report.charts.empty')}</p>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(160, data.length * 40 + 40)}>
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" tickFormatter={(v: number) => shortenAmount(v, t)} tickLine={false} />
            <YAxis type="category" dataKey="label" width={130} tickLine={false} />
            <Tooltip formatter={(value) => formatMoney(value as number)} />
            <Bar dataKey="amount" name={t('finance_report.tables.amount')} radius={[0, 4, 4, 0]}>
              {data.map((d, i) => (
                <Cell key={i} fill={d.action === 'income' ? INCOME_COLOUR : EXPENSE_COLOUR} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </Card>
  );
}
