import { css } from 'styled-system/css';
import { toCents } from '../../../../contract/money';
import { useCashierPayments, useCashierStats, type DateRange } from '../../../api/finance';
import { useT } from '../../../i18n';
import { formatDayMonth } from '../../../lib/dates';
import { formatMoney, shortenAmount } from '../../../lib/money';
import { BarChart } from '../../../ui/charts/BarChart';
import { DateField } from '../../../ui/DateField';
import { kindName, methodLabel } from '../../common/money/financeText';
import { Money } from '../../common/money/Money';
import { statsPeriod } from './statsPeriod';
import { centreToday } from '../../../../contract/centreDay';

const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '4' });
const figure = css({ display: 'grid', gap: '0.5' });
const label = css({ fontSize: 'xs', color: 'fg.muted' });
const line = css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '1.5', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm' });

/** A bar's height only: the exact amounts stay strings and are what the tooltip and the tables show. */
const height = (amount: string) => Number(toCents(amount)) / 100;

/**
 * The cashier's movement over a period (GET /finance/casher/stats/{id}) and its income and expense by day, method
 * and kind (GET /finance/payment_casher/{id}), both asked for the dates on screen from the first request: those in
 * the query, else the centre's current month (statsPeriod).
 */
export default function StatsTab({ cashier, range, onRange }: { cashier: number; range: DateRange; onRange: (r: DateRange) => void }) {
  const { t, lang } = useT();
  const period = statsPeriod(range, centreToday());
  const stats = useCashierStats(cashier, period);
  const payments = useCashierPayments(cashier, period);
  const s = stats.data;
  const p = payments.data;
  const days = (p?.by_day ?? []).map((d) => ({ day: formatDayMonth(d.date, lang), income: height(d.income), expense: height(d.expense), exact: d }));
  return (
    <div className={css({ display: 'grid', gap: '4' })} data-testid="cashier-stats">
      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(4, 12rem)' }, gap: '3' })}>
        <DateField label={t('finance.filters.from')} name="start_date" alwaysSet value={period.start_date} onChange={(day) => onRange({ ...range, start_date: day })} />
        <DateField label={t('finance.filters.to')} name="end_date" alwaysSet value={period.end_date} onChange={(day) => onRange({ ...range, end_date: day })} />
      </div>
      {stats.isError || payments.isError ? <p className={css({ color: 'fg.muted' })}>{t('cashiers.stats.loadFailed')}</p> : null}
      {s ? (
        <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr 1fr', md: 'repeat(3, 1fr)', xl: 'repeat(6, 1fr)' }, gap: '3' })}>
          {(
            [
              ['opening', s.opening, true],
              ['income', s.income, false],
              ['expense', s.expense === '0.00' ? s.expense : `-${s.expense}`, false],
              ['received', s.received, false],
              ['handedOver', s.handed_over === '0.00' ? s.handed_over : `-${s.handed_over}`, false],
              ['closing', s.closing, true],
            ] as const
          ).map(([key, value]) => (
            <div key={key} className={panel}>
              <div className={figure}>
                <span className={label}>{t(`cashiers.stats.${key}`)}</span>
                {/* Each card's main figure: the full amount (issue 15), a size smaller on a phone so it fits. */}
                <span className={css({ fontSize: { base: 'md', md: 'lg' } })} data-testid={`cashier-stats-${key}`}>
                  <Money value={value} />
                </span>
              </div>
            </div>
          ))}
        </div>
      ) : null}
      <div className={panel}>
        <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '3' })}>{t('cashiers.stats.byDay')}</h2>
        {days.length === 0 ? (
          <p className={css({ color: 'fg.muted', fontSize: 'sm', py: '6', textAlign: 'center' })}>{payments.isLoading ? t('cashiers.loading') : t('cashiers.stats.noMovement')}</p>
        ) : (
          <div data-testid="cashier-chart">
            <BarChart
              data={days}
              label={(d) => d.day}
              height={200}
              tick={(v) => shortenAmount(v, t)}
              legend
              title={t('cashiers.stats.byDay')}
              series={(['income', 'expense'] as const).map((key) => ({
                key,
                name: t(`finance.actions.${key}`),
                colour: key === 'income' ? '#16a34a' : '#dc2626',
                value: (d: (typeof days)[number]) => d[key],
                text: (d: (typeof days)[number]) => formatMoney(d.exact[key]),
              }))}
            />
          </div>
        )}
      </div>
      {p ? (
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', lg: '1fr 1fr' }, alignItems: 'start' })}>
          <section className={panel}>
            <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' })}>{t('cashiers.stats.byMethod')}</h2>
            {p.by_method.map((row) => (
              <div key={row.method} className={line}>
                <span>{methodLabel(t, row.method)}</span>
                <Money value={row.net} />
              </div>
            ))}
            {p.by_method.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted', py: '2' })}>{t('cashiers.stats.noMovement')}</p> : null}
          </section>
          <section className={panel}>
            <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold', mb: '1' })}>{t('cashiers.stats.byKind')}</h2>
            {p.by_kind.map((row) => (
              <div key={row.kind.id} className={line}>
                <span>{kindName(t, row.kind)}</span>
                <Money value={row.kind.action === 'expense' && row.amount !== '0.00' ? `-${row.amount}` : row.amount} />
              </div>
            ))}
            {p.by_kind.length === 0 ? <p className={css({ fontSize: 'sm', color: 'fg.muted', py: '2' })}>{t('cashiers.stats.noMovement')}</p> : null}
          </section>
        </div>
      ) : null}
    </div>
  );
}
