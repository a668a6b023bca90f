// The report's charts (src/ui/charts, drawn as SVG): income and expense per month as bars, and every kind
// as a horizontal bar coloured by its side. Bars take numbers (amounts have at most 12 integer digits, exact in a
// double); labels and tooltips show the exact strings.
import { css } from 'styled-system/css';
import type { FinanceReport } from '../../../api/financeReport';
import { useT } from '../../../i18n';
import { monthName } from '../../../lib/dates';
import { formatMoney, shortenAmount } from '../../../lib/money';
import { Card } from '../../../ui/Card';
import { BarChart } from '../../../ui/charts/BarChart';
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
        <BarChart
          data={data}
          label={(d) => d.label}
          height={256}
          tick={(v) => shortenAmount(v, t)}
          legend
          title={t('finance_report.charts.byMonth')}
          series={[
            { key: 'income', name: t('finance_report.kpi.income'), colour: INCOME_COLOUR, value: (d) => d.income, text: (d) => formatMoney(d.exact.income) },
            { key: 'expense', name: t('finance_report.kpi.expense'), colour: EXPENSE_COLOUR, value: (d) => d.expense, text: (d) => formatMoney(d.exact.expense) },
          ]}
        />
      )}
    </Card>
  );
}

export function KindChart({ report }: { report: FinanceReport }) {
  const { t } = useT();
  const data = report.by_kind.map((k) => {
    const key = systemKindKey(k.kind);
    return { label: key ? t(key) : k.kind.name, amount: Number(k.amount), exact: k.amount, action: k.kind.action };
  });
  return (
    <Card data-testid="chart-kinds">
      <h2 className={title}>{t('finance_report.charts.byKind')}</h2>
      {data.length === 0 ? (
        <p className={empty}>{t('finance_report.charts.empty')}</p>
      ) : (
        <BarChart
          data={data}
          label={(d) => d.label}
          layout="rows"
          height={Math.max(160, data.length * 40 + 40)}
          axisWidth={130}
          tick={(v) => shortenAmount(v, t)}
          title={t('finance_report.charts.byKind')}
          series={[
            {
              key: 'amount',
              name: t('finance_report.tables.amount'),
              colour: (d) => (d.action === 'income' ? INCOME_COLOUR : EXPENSE_COLOUR),
              value: (d) => d.amount,
              text: (d) => formatMoney(d.exact),
            },
          ]}
        />
      )}
    </Card>
  );
}
