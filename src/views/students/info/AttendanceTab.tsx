import { css } from 'styled-system/css';
import type { ResultItem } from '../../../../contract/results';
import { useStudentResultsRange, useStudentStats } from '../../../api/studentDetail';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { Badge } from '../../../ui/Badge';
import { DateField } from '../../../ui/DateField';
import { Table, type Column } from '../../../ui/Table';
import { ATTENDANCE_TONE, attendanceIcon } from '../../common/attendance/attendanceIcons';
import { attendanceRate } from '../../common/attendance/format';
import { emptyText, muted, sectionTitle } from './parts';

const stat = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', px: '3', py: '2.5' });
const value = css({ fontWeight: 'semibold', fontSize: 'lg', fontVariantNumeric: 'tabular-nums' });

function Stat({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className={stat} data-testid={testId}>
      <div className={muted}>{label}</div>
      <div className={value}>{children}</div>
    </div>
  );
}

const mark = (m: string | null) => (m === null ? '—' : m.replace('.', ','));

/**
 * The student's numbers (GET /api/v2/students/stats/{id}) and, for users who may read results, every lesson of
 * a date range with attendance and mark. The range lives in the query (`from`, `to`).
 */
export function AttendanceTab({
  studentId,
  canSeeResults,
  range,
  onRange,
}: {
  studentId: number;
  canSeeResults: boolean;
  range: { from: string; to: string };
  onRange: (range: { from: string; to: string }) => void;
}) {
  const { t, lang } = useT();
  const stats = useStudentStats(studentId);
  const s = stats.data;
  const rate = s ? attendanceRate(s.attendance) : null;
  return (
    <div className={css({ display: 'grid', gap: '5' })} data-testid="attendance-tab">
      {stats.isPending ? <p className={emptyText}>{t('student_detail.loading')}</p> : null}
      {stats.isError ? <p className={emptyText} role="alert">{t('student_detail.failedLoad')}</p> : null}
      {s ? (
        <section>
          <div className={css({ display: 'grid', gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', lg: 'repeat(6, minmax(0, 1fr))' }, gap: '3' })}>
            <Stat label={t('student_detail.stats.rate')} testId="stat-rate">{rate === null ? '—' : `${rate}%`}</Stat>
            <Stat label={t('student_detail.stats.attended')}>{s.lessons_attended}</Stat>
            <Stat label={t('student_detail.stats.average')}>{mark(s.average_mark)}</Stat>
            <Stat label={t('student_detail.stats.groups')}>{t('student_detail.stats.groupsValue', { now: s.groups_now, ever: s.groups_ever })}</Stat>
            <Stat label={t('student_detail.stats.frozenDays')}>{s.frozen_days}</Stat>
            <Stat label={t('student_detail.stats.days')}>{s.days_since_joining}</Stat>
          </div>
          <p className={css({ mt: '2', fontSize: 'sm', color: 'fg.muted' })}>{t('group_detail.lessons.counts', s.attendance)}</p>
          {s.groups.length ? (
            <div className={css({ mt: '3' })}>
              <Table
                columns={[
                  { key: 'group', header: t('student_detail.stats.group'), cell: (g) => g.group.name },
                  {
                    key: 'period',
                    header: t('student_detail.stats.period'),
                    cell: (g) => `${formatDate(g.joined_on, lang)} – ${g.left_on ? formatDate(g.left_on, lang) : t('student_detail.stats.now')}`,
                  },
                  { key: 'rate', header: t('student_detail.stats.rate'), numeric: true, cell: (g) => { const r = attendanceRate(g.attendance); return r === null ? '—' : `${r}%`; } },
                  { key: 'attended', header: t('student_detail.stats.attended'), numeric: true, cell: (g) => g.lessons_attended },
                  { key: 'average', header: t('student_detail.stats.average'), numeric: true, cell: (g) => mark(g.average_mark) },
                ]}
                rows={s.groups}
                rowKey={(g) => `${g.group.id}-${g.joined_on}`}
                loadingText={t('student_detail.loading')}
                emptyText={t('student_detail.groups.noneNow')}
                label={t('student_detail.stats.byGroup')}
              />
            </div>
          ) : null}
        </section>
      ) : null}
      {canSeeResults ? <Results studentId={studentId} range={range} onRange={onRange} /> : null}
    </div>
  );
}

function Results({ studentId, range, onRange }: { studentId: number; range: { from: string; to: string }; onRange: (range: { from: string; to: string }) => void }) {
  const { t, lang } = useT();
  const results = useStudentResultsRange(studentId, range.from, range.to);
  const columns: Column<ResultItem>[] = [
    { key: 'date', header: t('student_detail.results.date'), cell: (i) => formatDate(i.date, lang) },
    { key: 'group', header: t('student_detail.results.group'), cell: (i) => i.group?.name ?? '—' },
    { key: 'theme', header: t('student_detail.results.theme'), cell: (i) => i.theme ?? '—' },
    {
      key: 'status',
      header: t('student_detail.results.attendance'),
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
    { key: 'mark', header: t('student_detail.results.mark'), numeric: true, cell: (i) => (i.mark === null ? '—' : i.mark) },
  ];
  return (
    <section data-testid="student-results">
      <h2 className={sectionTitle}>{t('student_detail.results.title')}</h2>
      <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', maxW: '26rem', mb: '3' })}>
        <DateField label={t('student_detail.results.from')} name="from" alwaysSet value={range.from} max={range.to} onChange={(day) => onRange({ ...range, from: day })} />
        <DateField label={t('student_detail.results.to')} name="to" alwaysSet value={range.to} min={range.from} onChange={(day) => onRange({ ...range, to: day })} />
      </div>
      {results.isError ? <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm', mb: '2' })}>{t('student_detail.failedLoad')}</p> : null}
      <Table
        columns={columns}
        rows={results.data?.items}
        rowKey={(i) => i.lesson_id}
        loading={results.isFetching}
        loadingText={t('student_detail.loading')}
        emptyText={t('student_detail.results.empty')}
        label={t('student_detail.results.title')}
      />
      {results.data?.tests.length ? (
        <div className={css({ mt: '4' })}>
          <h3 className={sectionTitle}>{t('student_detail.results.tests')}</h3>
          <ul className={css({ display: 'grid', gap: '1', fontSize: 'sm' })}>
            {results.data.tests.map((r) => (
              <li key={r.id} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
                <span>{r.test.title}</span>
                <span className={css({ fontVariantNumeric: 'tabular-nums' })}>
                  {r.score} / {r.max_score} · {formatDate(r.created_at, lang)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
