import { css } from 'styled-system/css';
import { useStudentRecords } from '../../../api/studentDetail';
import { useT } from '../../../i18n';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { muted, panel, sectionTitle } from './parts';

const item = css({ py: '2', borderBottomWidth: '1px', borderColor: 'border.default', fontSize: 'sm', _last: { borderBottomWidth: '0' } });

/** The student's freezes (with an early end) and archivings (with when they came back), from GET /archived/students/. */
export function StatusRecords({ studentId }: { studentId: number }) {
  const { t, lang } = useT();
  const records = useStudentRecords(studentId);
  if (!records.data) return null;
  const { freezes, archivings } = records.data;
  return (
    <aside className={css({ display: 'grid', gap: '4', alignContent: 'start' })} data-testid="status-records">
      <section className={panel}>
        <h2 className={sectionTitle}>{t('student_detail.records.freezes')}</h2>
        {freezes.length === 0 ? <p className={muted}>{t('student_detail.records.noFreezes')}</p> : null}
        <ul>
          {freezes.map((f) => (
            <li key={f.id} className={item}>
              <div>
                {formatDate(f.from_date, lang)} – {formatDate(f.to_date, lang)}
              </div>
              <div className={muted}>
                {f.reason}
                {f.ended_on === null
                  ? ''
                  : f.ended_on < f.from_date
                    ? ` · ${t('student_detail.records.cancelled')}`
                    : ` · ${t('student_detail.records.endedOn', { date: formatDate(f.ended_on, lang) })}`}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className={panel}>
        <h2 className={sectionTitle}>{t('student_detail.records.archivings')}</h2>
        {archivings.length === 0 ? <p className={muted}>{t('student_detail.records.noArchivings')}</p> : null}
        <ul>
          {archivings.map((a) => (
            <li key={a.id} className={item}>
              <div>{a.reason}</div>
              <div className={muted}>
                {formatDateTime(a.archived_at, lang)}
                {a.restored_at ? ` · ${t('student_detail.records.restoredAt', { date: formatDateTime(a.restored_at, lang) })}` : ''}
              </div>
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}
