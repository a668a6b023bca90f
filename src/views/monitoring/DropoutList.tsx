// The dropout early-warning list: students with unexcused absences in a row or a balance below the next lesson's
// charge, with the reason, the balance, the next lesson, a call link and a one-click call task.
import { css } from 'styled-system/css';
import { Link } from 'wouter';
import type { DropoutRow } from '../../api/monitoring';
import { useDropouts } from '../../api/monitoring';
import { useReadablePages } from '../../app/hooks';
import { useT } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { rowNumber } from '../../lib/params';
import { Badge } from '../../ui/Badge';
import { Table, type Column } from '../../ui/Table';
import { ListPagination } from '../common/ListPagination';
import { Balance } from '../common/Balance';
import { studentHref } from '../common/hrefs';
import { DropoutCallTask } from './DropoutCallTask';

export function DropoutList({ filial, page, onPage }: { filial: number; page: number; onPage: (page: number) => void }) {
  const { t, lang } = useT();
  const canTask = useReadablePages().has('tasks');
  const dropouts = useDropouts(filial, page);
  const columns: Column<DropoutRow>[] = [
    { key: 'n', header: t('monitoring.dropouts.number'), cell: (_r, i) => rowNumber(page, i), width: '3rem' },
    {
      key: 'student',
      header: t('monitoring.dropouts.student'),
      cell: (r) => (
        <div>
          <Link href={studentHref(r.student.id)}>{r.student.full_name}</Link>
          <div className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            <a href={`tel:${r.student.phone}`}>{r.student.phone}</a>
          </div>
        </div>
      ),
    },
    { key: 'group', header: t('monitoring.dropouts.group'), cell: (r) => r.group.name },
    {
      key: 'reason',
      header: t('monitoring.dropouts.reason'),
      cell: (r) => (
        <div className={css({ display: 'flex', gap: '1', flexWrap: 'wrap' })}>
          {r.reasons.map((reason) => (
            <Badge key={reason} tone="danger">
              {reason === 'absences' ? t('monitoring.dropouts.absences', { count: r.absences_in_row }) : t('monitoring.dropouts.balanceLow')}
            </Badge>
          ))}
        </div>
      ),
    },
    { key: 'balance', header: t('monitoring.dropouts.balance'), numeric: true, cell: (r) => <Balance value={r.balance} /> },
    {
      key: 'next',
      header: t('monitoring.dropouts.nextLesson'),
      cell: (r) => (r.next_lesson_date ? formatDate(r.next_lesson_date, lang) : '—'),
    },
    ...(canTask ? [{ key: 'task', header: t('monitoring.dropouts.actions'), cell: (r: DropoutRow) => <DropoutCallTask row={r} t={t} /> }] : []),
  ];
  return (
    <section aria-labelledby="dropouts-title" className={css({ mt: '6' })}>
      <h2 id="dropouts-title" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '1' })}>
        {t('monitoring.dropouts.title')}
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm', mb: '3' })}>{t('monitoring.dropouts.subtitle')}</p>
      <Table
        columns={columns}
        rows={dropouts.data?.results}
        rowKey={(r) => `${r.student.id}:${r.group.id}`}
        loading={dropouts.isLoading}
        loadingText={t('monitoring.loading')}
        emptyText={dropouts.isError ? t('monitoring.loadFailed') : t('monitoring.dropouts.empty')}
        label={t('monitoring.dropouts.title')}
        testId="dropouts-table"
      />
      <ListPagination page={page} count={dropouts.data?.count} onChange={onPage} />
    </section>
  );
}
