// /monitoring (desktop only): the live state of the chosen branch's day — lessons running now, next (within two
// hours, with the rest of the day below) and done, each with its attendance bar and a red marker when attendance
// is missing after the start or the teacher is late; teachers late today; rooms free now; and the dropout
// early-warning list. Refreshed every minute. On a phone it asks to open it on a computer.
import { DoorOpen, Monitor, MonitorCheck, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { centreTimeOfDay } from '../../../contract/centreDay';
import { useMonitoringToday, type MonitorLesson, type MonitoringToday } from '../../api/monitoring';
import { useCurrentBranch } from '../../app/useBranch';
import { useT, type Translate } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { PageHeader } from '../../ui/PageHeader';
import { MessagePage } from '../common/MessagePage';
import { intParam, useQueryParams } from '../common/useQueryParams';
import { DropoutList } from './DropoutList';
import { LessonCard } from './LessonCard';

const MOBILE = '@media (max-width: 1023.98px)';
const DESKTOP = '@media (min-width: 1024px)';
const panel = css({ bg: 'bg.subtle', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default', p: '3', display: 'grid', gap: '2', alignContent: 'start' });
const panelTitle = css({ display: 'flex', alignItems: 'center', gap: '2', fontWeight: 'semibold', fontSize: 'sm' });
const muted = css({ color: 'fg.muted', fontSize: 'sm' });
const clock = (iso: string) => centreTimeOfDay(new Date(iso));

function Column({ title, testId, lessons, empty, t, children }: { title: string; testId: string; lessons: MonitorLesson[]; empty: string; t: Translate; children?: ReactNode }) {
  return (
    <section className={panel} data-testid={testId} aria-label={title}>
      <h2 className={panelTitle}>
        {title} <span className={muted}>({lessons.length})</span>
      </h2>
      {lessons.length ? lessons.map((l) => <LessonCard key={l.id} lesson={l} t={t} />) : <p className={muted}>{empty}</p>}
      {children}
    </section>
  );
}

function Board({ day, t }: { day: MonitoringToday; t: Translate }) {
  const { now, next, later, done } = day.lessons;
  return (
    <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr 1fr 18rem', gap: '4', alignItems: 'start' })}>
      <Column title={t('monitoring.columns.now')} testId="monitoring-now" lessons={now} empty={t('monitoring.empty.now')} t={t} />
      <Column title={t('monitoring.columns.next')} testId="monitoring-next" lessons={next} empty={t('monitoring.empty.next')} t={t}>
        {later.length ? (
          <div data-testid="monitoring-later" className={css({ display: 'grid', gap: '2', mt: '2' })}>
            <h3 className={muted}>{t('monitoring.columns.later', { count: later.length })}</h3>
            {later.map((l) => (
              <LessonCard key={l.id} lesson={l} t={t} />
            ))}
          </div>
        ) : null}
      </Column>
      <Column title={t('monitoring.columns.done')} testId="monitoring-done" lessons={done} empty={t('monitoring.empty.done')} t={t} />
      <div className={css({ display: 'grid', gap: '4' })}>
        <section className={panel} data-testid="monitoring-late" aria-label={t('monitoring.late.title')}>
          <h2 className={panelTitle}>
            <UserX size={16} aria-hidden="true" /> {t('monitoring.late.title')}
          </h2>
          {day.teachers_late.length ? (
            <ul className={css({ display: 'grid', gap: '1.5' })}>
              {day.teachers_late.map((r) => (
                <li key={r.employee.id} className={css({ fontSize: 'sm' })}>
                  <div>{r.employee.full_name}</div>
                  <div className={css({ fontSize: 'xs', color: 'danger.default' })}>
                    {r.arrived_at
                      ? t('monitoring.late.arrived', { time: clock(r.arrived_at), minutes: r.late_minutes, expected: r.expected_at })
                      : t('monitoring.late.notYet', { expected: r.expected_at, minutes: r.late_minutes })}
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className={muted}>{t('monitoring.late.none')}</p>
          )}
        </section>
        <section className={panel} data-testid="monitoring-rooms" aria-label={t('monitoring.rooms.title')}>
          <h2 className={panelTitle}>
            <DoorOpen size={16} aria-hidden="true" /> {t('monitoring.rooms.title')}
          </h2>
          {day.rooms_free.length ? (
            <ul className={css({ display: 'grid', gap: '1.5' })}>
              {day.rooms_free.map((r) => (
                <li key={r.room.id} className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', fontSize: 'sm' })}>
                  <span>{r.room.name}</span>
                  <span className={muted}>{r.busy_from ? t('monitoring.rooms.until', { time: r.busy_from }) : t('monitoring.rooms.allDay')}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p className={muted}>{t('monitoring.rooms.none')}</p>
          )}
        </section>
      </div>
    </div>
  );
}

export default function MonitoringPage() {
  const { t, lang } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const page = intParam(params, 'page') ?? 1;
  const today = useMonitoringToday(filial);

  return (
    <div>
      <div className={css({ [DESKTOP]: { display: 'none' } })} data-testid="monitoring-phone">
        <MessagePage icon={<Monitor size={28} />} title={t('monitoring.phone.title')} hint={t('monitoring.phone.hint')} />
      </div>
      <div className={css({ [MOBILE]: { display: 'none' } })}>
        {filial === null ? (
          <MessagePage icon={<MonitorCheck size={28} />} title={t('monitoring.noBranch')} />
        ) : (
          <>
            <PageHeader title={t('monitoring.title')}>
              <p className={muted} data-testid="monitoring-clock">
                {today.data ? t('monitoring.subtitle', { date: formatDate(today.data.date, lang), time: today.data.time }) : t('monitoring.loading')}
              </p>
            </PageHeader>
            {today.data ? (
              <Board day={today.data} t={t} />
            ) : (
              <p className={muted}>{today.isError ? t('monitoring.loadFailed') : t('monitoring.loading')}</p>
            )}
            <DropoutList filial={filial} page={page} onPage={(p) => setParams({ page: p > 1 ? p : null }, { push: true })} />
          </>
        )}
      </div>
    </div>
  );
}
