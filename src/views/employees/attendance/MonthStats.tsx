import { css } from 'styled-system/css';
import type { StatisticsRow } from '../../../../contract/timetracker';
import { useTimeStatistics } from '../../../api/timetracker';
import { useT } from '../../../i18n';
import { MonthField } from '../../../ui/MonthField';
import { Table, type Column } from '../../../ui/Table';

const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1', fontSize: 'sm' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });
const late = (n: number) => css({ color: n > 0 ? 'danger.default' : undefined, fontWeight: n > 0 ? 'semibold' : undefined });

/** The month per employee: days present, days late, late minutes, absences on work days. */
export function MonthStats({ filial, month, onMonth }: { filial: number; month: string; onMonth: (month: string) => void }) {
  const { t } = useT();
  const stats = useTimeStatistics(filial, month);
  const columns: Column<StatisticsRow>[] = [
    { key: 'name', header: t('timetracker.columns.employee'), cell: (r) => <span className={css({ fontWeight: 'medium' })}>{r.employee.full_name}</span> },
    { key: 'present', header: t('timetracker.columns.present'), cell: (r) => r.days_present, numeric: true },
    { key: 'daysLate', header: t('timetracker.columns.daysLate'), cell: (r) => <span className={late(r.days_late)}>{r.days_late}</span>, numeric: true },
    { key: 'lateTotal', header: t('timetracker.columns.lateTotal'), cell: (r) => <span className={late(r.late_minutes)}>{r.late_minutes}</span>, numeric: true },
    { key: 'absences', header: t('timetracker.columns.absences'), cell: (r) => r.absences, numeric: true },
  ];
  return (
    <section aria-labelledby="att-month" className={css({ display: 'grid', gap: '3' })}>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap' })}>
        <h2 id="att-month" className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
          {t('timetracker.monthTitle')}
        </h2>
        <div className={css({ w: '180px' })}>
          <MonthField label={t('timetracker.month')} value={month} onChange={onMonth} name="month" />
        </div>
      </div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={stats.data} rowKey={(r) => r.employee.id} loading={stats.isLoading} loadingText={t('timetracker.loading')} emptyText={t('timetracker.empty')} label={t('timetracker.monthTitle')} testId="attendance-month-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!stats.data || stats.data.length === 0 ? (
          <p className={message}>{stats.isLoading ? t('timetracker.loading') : t('timetracker.empty')}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('timetracker.monthTitle')}>
            {stats.data.map((r) => (
              <li key={r.employee.id} className={card}>
                <span className={css({ fontWeight: 'semibold' })}>{r.employee.full_name}</span>
                <span>
                  {t('timetracker.columns.present')}: {r.days_present} · {t('timetracker.columns.absences')}: {r.absences}
                </span>
                <span className={late(r.late_minutes)}>
                  {t('timetracker.columns.daysLate')}: {r.days_late} · {t('timetracker.columns.lateTotal')}: {r.late_minutes}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
