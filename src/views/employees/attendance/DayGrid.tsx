import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import type { FixedRow } from '../../../../contract/timetracker';
import { useFixedDay } from '../../../api/timetracker';
import { useMe } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { DateField } from '../../../ui/DateField';
import { Table, type Column } from '../../../ui/Table';
import { canWriteTime } from './canWrite';
import { LateBadge } from './LateBadge';
import { RecordDialog } from './RecordDialog';
import { clockText, scheduleText } from './timeText';

const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1.5', fontSize: 'sm' });
const lateCard = css({ borderColor: 'danger.default', borderInlineStartWidth: '4px' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

/** The branch's employees on one day: schedule, arrived, left and late minutes (late ones in red), corrections. */
export function DayGrid({ filial, day, onDay }: { filial: number; day: string; onDay: (day: string) => void }) {
  const { t } = useT();
  const me = useMe();
  const writer = canWriteTime(me.role);
  const rows = useFixedDay(filial, day);
  const [editing, setEditing] = useState<FixedRow | null>(null);
  const state = (r: FixedRow) =>
    r.record ? (r.record.edited ? <Badge tone="info">{t('timetracker.edited')}</Badge> : null) : r.works_today ? <Badge tone="neutral">{t('timetracker.noRecord')}</Badge> : <Badge tone="neutral">{t('timetracker.notWorking')}</Badge>;
  const edit = (r: FixedRow) =>
    writer ? (
      <Button size="sm" variant="outline" onClick={() => setEditing(r)} data-testid="record-edit" aria-label={`${r.record ? t('timetracker.actions.edit') : t('timetracker.actions.record')}: ${r.employee.full_name}`}>
        <Pencil size={14} aria-hidden="true" />
        {r.record ? t('timetracker.actions.edit') : t('timetracker.actions.record')}
      </Button>
    ) : null;
  const columns: Column<FixedRow>[] = [
    { key: 'name', header: t('timetracker.columns.employee'), cell: (r) => <span className={css({ fontWeight: 'medium' })}>{r.employee.full_name}</span> },
    { key: 'role', header: t('timetracker.columns.role'), cell: (r) => t(`common.roles.${r.employee.role}`) },
    { key: 'schedule', header: t('timetracker.columns.schedule'), cell: (r) => scheduleText(r.employee.work_start, r.employee.work_end) },
    { key: 'arrived', header: t('timetracker.columns.arrived'), cell: (r) => <span data-testid="arrived">{clockText(r.record?.arrived_at)}</span> },
    { key: 'left', header: t('timetracker.columns.left'), cell: (r) => clockText(r.record?.left_at) },
    { key: 'late', header: t('timetracker.columns.late'), cell: (r) => <LateBadge minutes={r.record?.late_minutes ?? 0} /> },
    { key: 'state', header: '', cell: state },
    ...(writer ? [{ key: 'edit', header: '', cell: edit, width: '120px' } satisfies Column<FixedRow>] : []),
  ];
  return (
    <section aria-labelledby="att-day" className={css({ display: 'grid', gap: '3' })}>
      <div className={css({ display: 'flex', gap: '3', alignItems: 'flex-end', justifyContent: 'space-between', flexWrap: 'wrap' })}>
        <h2 id="att-day" className={css({ fontSize: 'md', fontWeight: 'semibold' })}>
          {t('timetracker.dayTitle')}
        </h2>
        <div className={css({ w: '180px' })}>
          <DateField label={t('timetracker.day')} alwaysSet value={day} onChange={onDay} name="day" data-testid="attendance-day" />
        </div>
      </div>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows.data} rowKey={(r) => r.employee.id} loading={rows.isLoading} loadingText={t('timetracker.loading')} emptyText={t('timetracker.empty')} label={t('timetracker.dayTitle')} testId="attendance-day-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows.data || rows.data.length === 0 ? (
          <p className={message}>{rows.isLoading ? t('timetracker.loading') : t('timetracker.empty')}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('timetracker.dayTitle')}>
            {rows.data.map((r) => (
              <li key={r.employee.id} className={`${card} ${(r.record?.late_minutes ?? 0) > 0 ? lateCard : ''}`} data-row-id={r.employee.id}>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'center' })}>
                  <span className={css({ fontWeight: 'semibold' })}>{r.employee.full_name}</span>
                  <LateBadge minutes={r.record?.late_minutes ?? 0} />
                </div>
                <span className={css({ color: 'fg.muted', fontSize: 'xs' })}>
                  {t(`common.roles.${r.employee.role}`)} · {scheduleText(r.employee.work_start, r.employee.work_end)}
                </span>
                <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', alignItems: 'center', flexWrap: 'wrap' })}>
                  <span>
                    {t('timetracker.columns.arrived')}: <span data-testid="arrived">{clockText(r.record?.arrived_at)}</span> · {t('timetracker.columns.left')}: {clockText(r.record?.left_at)}
                  </span>
                  {state(r)}
                  {edit(r)}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {editing ? <RecordDialog filial={filial} day={day} row={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}
