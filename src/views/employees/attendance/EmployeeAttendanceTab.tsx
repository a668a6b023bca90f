import { useState } from 'react';
import { css } from 'styled-system/css';
import { monthDays, type TimeRecord } from '../../../../contract/timetracker';
import { useTimeline } from '../../../api/timetracker';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { Badge } from '../../../ui/Badge';
import { MonthField } from '../../../ui/MonthField';
import { Table, type Column } from '../../../ui/Table';
import { LateBadge } from './LateBadge';
import { clockText, tashkentToday } from './timeText';

const summary = css({ display: 'flex', gap: '4', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.muted' });
const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'sm', alignItems: 'center' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** One employee's days in a month (/employees/info, the attendance tab): arrived, left, late minutes. */
export default function EmployeeAttendanceTab({ employeeId }: { employeeId: number }) {
  const { t, lang } = useT();
  const [month, setMonth] = useState(() => tashkentToday().month);
  const days = monthDays(month);
  // Every branch in the user's scope: an employee may be recorded in more than one.
  const records = useTimeline(null, employeeId, days[0]!, days[days.length - 1]!);
  const rows = records.data;
  const lateTotal = (rows ?? []).reduce((sum, r) => sum + r.late_minutes, 0);
  const columns: Column<TimeRecord>[] = [
    { key: 'day', header: t('timetracker.columns.day'), cell: (r) => formatDate(r.day, lang) },
    { key: 'arrived', header: t('timetracker.columns.arrived'), cell: (r) => clockText(r.arrived_at) },
    { key: 'left', header: t('timetracker.columns.left'), cell: (r) => clockText(r.left_at) },
    { key: 'late', header: t('timetracker.columns.late'), cell: (r) => <LateBadge minutes={r.late_minutes} /> },
    { key: 'edited', header: '', cell: (r) => (r.edited ? <Badge tone="info">{t('timetracker.edited')}</Badge> : null) },
  ];
  return (
    <section className={css({ display: 'grid', gap: '3' })} data-testid="employee-attendance">
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap' })}>
        <p className={summary}>
          <span>
            {t('timetracker.columns.present')}: {(rows ?? []).filter((r) => r.arrived_at).length}
          </span>
          <span>
            {t('timetracker.columns.daysLate')}: {(rows ?? []).filter((r) => r.late_minutes > 0).length}
          </span>
          <span>
            {t('timetracker.columns.lateTotal')}: {lateTotal}
          </span>
        </p>
        <div className={css({ w: '180px' })}>
          <MonthField label={t('timetracker.month')} value={month} onChange={setMonth} name="month" />
        </div>
      </div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(r) => r.id} loading={records.isLoading} loadingText={t('timetracker.loading')} emptyText={t('timetracker.empty')} label={t('timetracker.title')} />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{records.isLoading ? t('timetracker.loading') : t('timetracker.empty')}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })}>
            {rows.map((r) => (
              <li key={r.id} className={card}>
                <span className={css({ fontWeight: 'medium' })}>{formatDate(r.day, lang)}</span>
                <span>
                  {clockText(r.arrived_at)}–{clockText(r.left_at)}
                </span>
                <LateBadge minutes={r.late_minutes} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
