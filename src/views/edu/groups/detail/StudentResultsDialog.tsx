import { useState } from 'react';
import { css } from 'styled-system/css';
import type { Group } from '../../../../../contract/groups';
import { useStudentResults } from '../../../../api/groupDetail';
import { useT } from '../../../../i18n';
import { formatDate, toIsoDay } from '../../../../lib/dates';
import { Badge } from '../../../../ui/Badge';
import { DateField } from '../../../../ui/DateField';
import { Dialog } from '../../../../ui/Dialog';
import { Table, type Column } from '../../../../ui/Table';
import type { ResultItem } from '../../../../../contract/results';
import { ATTENDANCE_TONE, attendanceIcon } from '../../../common/attendance/attendanceIcons';
import { attendanceRate } from '../../../common/attendance/format';

const stat = css({ bg: 'bg.subtle', borderRadius: 'control', px: '3', py: '2' });

/** One student's results over a date range (this group's period up to today by default): summary, then every lesson. */
export function StudentResultsDialog({
  student,
  group,
  onClose,
}: {
  student: { id: number; full_name: string };
  group: Group;
  onClose: () => void;
}) {
  const { t, lang } = useT();
  const today = toIsoDay(new Date());
  const [start, setStart] = useState(group.start_date < today ? group.start_date : today);
  const [end, setEnd] = useState(group.end_date < today ? group.end_date : today);
  const results = useStudentResults(student.id, start, end);
  const summary = results.data?.summary;
  const rate = summary ? attendanceRate(summary) : null;

  const columns: Column<ResultItem>[] = [
    { key: 'date', header: t('group_detail.fields.date'), cell: (i) => formatDate(i.date, lang) },
    { key: 'group', header: t('group_detail.results.group'), cell: (i) => i.group?.name ?? '—' },
    {
      key: 'status',
      header: t('group_detail.results.status'),
      cell: (i) =>
        i.lesson_status === 'cancelled' ? (
          <Badge tone="neutral">{t('group_detail.lessonStatus.cancelled')}</Badge>
        ) : i.status ? (
          <Badge tone={ATTENDANCE_TONE[i.status]}>
            {attendanceIcon(i.status, 12)}
            {t(`group_detail.attendance.${i.status}`)}
          </Badge>
        ) : (
          <span className={css({ color: 'fg.subtle' })}>{t('group_detail.lessons.notMarked')}</span>
        ),
    },
    { key: 'mark', header: t('group_detail.sheet.mark'), numeric: true, cell: (i) => (i.mark === null ? '—' : i.mark) },
  ];

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('group_detail.results.title', { student: student.full_name })}
      closeLabel={t('common.actions.close')}
      maxWidth="720px"
    >
      <div className={css({ display: 'grid', gap: '4' })} data-testid="student-results">
        <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', maxW: '26rem' })}>
          <DateField label={t('group_detail.results.from')} name="start_date" value={start} max={end} onChange={setStart} />
          <DateField label={t('group_detail.results.to')} name="end_date" value={end} min={start} onChange={setEnd} />
        </div>
        {summary ? (
          <div
            className={css({
              display: 'grid',
              gridTemplateColumns: { base: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' },
              gap: '2',
              fontSize: 'sm',
            })}
          >
            <div className={stat}>
              <div className={css({ color: 'fg.muted', fontSize: 'xs' })}>{t('group_detail.results.rate')}</div>
              <div className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{rate === null ? '—' : `${rate}%`}</div>
            </div>
            <div className={stat}>
              <div className={css({ color: 'fg.muted', fontSize: 'xs' })}>{t('group_detail.results.lessons')}</div>
              <div className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>{summary.lessons}</div>
            </div>
            <div className={stat}>
              <div className={css({ color: 'fg.muted', fontSize: 'xs' })}>{t('group_detail.results.average')}</div>
              <div className={css({ fontWeight: 'semibold', fontSize: 'lg' })}>
                {summary.average_mark === null ? '—' : summary.average_mark.toFixed(1).replace('.', ',')}
              </div>
            </div>
            <div className={stat}>
              <div className={css({ color: 'fg.muted', fontSize: 'xs' })}>{t('group_detail.results.counts')}</div>
              <div className={css({ fontVariantNumeric: 'tabular-nums' })}>{t('group_detail.lessons.counts', summary)}</div>
            </div>
          </div>
        ) : null}
        {results.isError ? (
          <p role="alert" className={css({ color: 'danger.default' })}>
            {t('group_detail.failedLoad')}
          </p>
        ) : null}
        <div className={css({ maxH: '50vh', overflowY: 'auto' })}>
          <Table
            columns={columns}
            rows={results.data?.items}
            rowKey={(i) => i.lesson_id}
            loading={results.isFetching}
            loadingText={t('edu.list.loading')}
            emptyText={t('group_detail.results.empty')}
            label={t('group_detail.results.title', { student: student.full_name })}
          />
        </div>
      </div>
    </Dialog>
  );
}
