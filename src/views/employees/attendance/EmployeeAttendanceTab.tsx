import { useState } from 'react';
import { css } from 'styled-system/css';
import type { TimeRecord } from '../../../../contract/timetracker';
import { monthDays } from '../../../../contract/timetracker';
import { useTimeline } from '../../../api/timetracker';
import { useCurrentBranch } from '../../../app/useBranch';
import { currentLang, useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { Table, type Column } from '../../../ui/Table';
import { clockText } from './timeText';

/** One employee's days in a month (/employees/info, the attendance tab). */
export default function EmployeeAttendanceTab({ employeeId }: { employeeId: number }) {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [month, setMonth] = useState(() => new Date().toISOString().slice(0, 7));
  const days = monthDays(month);
  const records = useTimeline(filial, employeeId, days[0]!, days[days.length - 1]!);
  const columns: Column<TimeRecord>[] = [
    { key: 'day', header: t('timetracker.columns.day'), cell: (r) => formatDate(r.day, currentLang()) },
    { key: 'arrived', header: t('timetracker.columns.arrived'), cell: (r) => clockText(r.arrived_at) },
    { key: 'left', header: t('timetracker.columns.left'), cell: (r) => clockText(r.left_at) },
    { key: 'late', header: t('timetracker.columns.late'), cell: (r) => r.late_minutes, numeric: true },
  ];
  return (
    <section className={css({ display: 'grid', gap: '3' })} data-testid="employee-attendance">
      <input type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} aria-label={t('timetracker.month')} />
      <Table columns={columns} rows={records.data} rowKey={(r) => r.id} loading={records.isLoading} loadingText={t('timetracker.loading')} emptyText={t('timetracker.empty')} />
    </section>
  );
}
