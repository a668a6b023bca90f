import { css } from 'styled-system/css';
import { useStudentHistory } from '../../../api/studentDetail';
import { useT } from '../../../i18n';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { ListPagination } from '../../common/ListPagination';
import { historySentence } from './historySentence';
import { emptyText, muted } from './parts';
import { StatusRecords } from './StatusRecords';

const timeline = css({ position: 'relative', ms: '2', ps: '5', borderStartWidth: '2px', borderColor: 'border.default', display: 'grid', gap: '4' });
const dot = css({ position: 'absolute', insetStart: '-27px', top: '1.5', w: '3', h: '3', borderRadius: 'full', bg: 'accent.default', borderWidth: '2px', borderColor: 'bg.surface' });

/** The student's log as a timeline, newest first (who did what, when, in a sentence), beside their freezes and archivings. */
export function HistoryTab({ studentId, page, onPage }: { studentId: number; page: number; onPage: (page: number) => void }) {
  return (
    <div className={css({ display: 'grid', gap: '6', gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' })}>
      <Timeline studentId={studentId} page={page} onPage={onPage} />
      <StatusRecords studentId={studentId} />
    </div>
  );
}

function Timeline({ studentId, page, onPage }: { studentId: number; page: number; onPage: (page: number) => void }) {
  const { t, lang } = useT();
  const history = useStudentHistory(studentId, page);
  if (history.isPending) return <p className={emptyText}>{t('student_detail.loading')}</p>;
  if (history.isError) return <p className={emptyText} role="alert">{t('student_detail.failedLoad')}</p>;
  if (history.data.results.length === 0) return <p className={emptyText}>{t('student_detail.history.empty')}</p>;
  return (
    <div>
      <ol className={timeline} data-testid="history-list">
        {history.data.results.map((row) => (
          <li key={row.id} className={css({ position: 'relative' })} data-action={row.action}>
            <span className={dot} aria-hidden="true" />
            <p className={css({ fontSize: 'sm' })}>{historySentence(row, t, (day) => formatDate(day, lang))}</p>
            <p className={muted}>
              {formatDateTime(row.created_at, lang)} · {row.actor?.full_name ?? t('student_detail.system')}
            </p>
          </li>
        ))}
      </ol>
      <div className={css({ mt: '4' })}>
        <ListPagination page={page} count={history.data.count} onChange={onPage} />
      </div>
    </div>
  );
}
