import { css } from 'styled-system/css';
import type { FixedRow } from '../../../../contract/timetracker';
import { useFixedDay } from '../../../api/timetracker';
import { useT } from '../../../i18n';
import { Table, type Column } from '../../../ui/Table';
import { clockText } from './timeText';

/** The branch's employees on one day: arrived, left and late minutes (late ones highlighted). */
export function DayGrid({ filial, day, onDay }: { filial: number; day: string; onDay: (day: string) => void }) {
  const { t } = useT();
  const rows = useFixedDay(filial, day);
  const columns: Column<FixedRow>[] = [
    { key: 'name', header: t('timetracker.columns.employee'), cell: (r) => r.employee.full_name },
    { key: 'arrived', header: t('timetracker.columns.arrived'), cell: (r) => clockText(r.record?.arrived_at) },
    { key: 'left', header: t('timetracker.columns.left'), cell: (r) => clockText(r.record?.left_at) },
    { key: 'late', header: t('timetracker.columns.late'), cell: (r) => r.record?.late_minutes ?? 0, numeric: true },
  ];
  return (
    <section>
      <input type="date" value={day} onChange={(e) => e.target.value && onDay(e.target.value)} aria-label={t('timetracker.day')} />
      <Table columns={columns} rows={rows.data} rowKey={(r) => r.employee.id} loading={rows.isLoading} loadingText={t('timetracker.loading')} emptyText={t('timetracker.empty')} />
    </section>
  );
}
