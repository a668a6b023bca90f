import { useMemo } from 'react';
import { css } from 'styled-system/css';
import { useLocation } from 'wouter';
import type { ScheduleBlock } from '../../../../contract/weekSchedule';
import { useWeekSchedule } from '../../../api/schedule';
import { useCurrentBranch } from '../../../app/useBranch';
import { useT } from '../../../i18n';
import { formatDate, toIsoDay } from '../../../lib/dates';
import { Button } from '../../../ui/Button';
import { PageHeader } from '../../../ui/PageHeader';
import { DayView } from './DayView';
import { weekDays } from './layout';
import { RoomTimeline } from './RoomTimeline';
import { ScheduleToolbar } from './ScheduleToolbar';
import { useScheduleQuery } from './useScheduleQuery';
import { WeekGrid } from './WeekGrid';

const note = css({
  py: '10',
  textAlign: 'center',
  color: 'fg.muted',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
});

/**
 * /edu/schedule: the branch's lessons of one week, by room or by teacher; a lesson opens its group. Two layouts:
 * one day with a row per room (or teacher) and the time across (the default), or the week with days across.
 */
export default function SchedulePage() {
  const { t, lang } = useT();
  const [, navigate] = useLocation();
  const filial = useCurrentBranch();
  const now = new Date();
  const today = toIsoDay(now);
  const [query, update] = useScheduleQuery(now);
  const schedule = useWeekSchedule(filial, query.week, query.view);
  const data = schedule.data;
  const days = data?.days.length === 7 ? data.days : weekDays(query.week);
  const day = query.day && days.includes(query.day) ? query.day : days.includes(today) ? today : days[0];

  const { blocks, rows, blocksOf, colourOf } = useMemo(() => {
    const allRows = data?.rows ?? [];
    const blocks = (data?.blocks ?? []).filter((b) => query.row === null || b.row_id === query.row);
    const byDay = new Map<string, ScheduleBlock[]>();
    for (const b of blocks) byDay.set(b.date, [...(byDay.get(b.date) ?? []), b]);
    const index = new Map(allRows.map((r, i) => [r.id, i]));
    return {
      blocks,
      rows: allRows.filter((r) => query.row === null || r.id === query.row),
      blocksOf: (d: string) => byDay.get(d) ?? [],
      colourOf: (id: number) => index.get(id) ?? 0,
    };
  }, [data, query.row]);
  const shown = blocks.length;

  const open = (groupId: number) => navigate(`/edu/groups?id=${groupId}`);
  const onDay = (d: string) => update({ day: d });
  const weekLabel = `${formatDate(days[0], lang)} – ${formatDate(days[6], lang)}`;
  const dayProps = { days, today, blocksOf, view: query.view, colourOf, onOpen: open };

  return (
    <section>
      <PageHeader title={t('schedule.title')}>
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })} data-testid="schedule-week-label">
          {weekLabel}
          {data && !schedule.isPlaceholderData ? ` · ${t('schedule.lessons', { count: shown })}` : ''}
        </p>
      </PageHeader>
      <ScheduleToolbar query={query} update={update} isThisWeek={days.includes(today)} rows={data?.rows ?? []} />

      {filial === null ? (
        <p className={note}>{t('edu.noBranch')}</p>
      ) : schedule.isError ? (
        <div className={note} role="alert">
          <p>{t('schedule.failed')}</p>
          <Button variant="outline" className={css({ mt: '3' })} onClick={() => void schedule.refetch()}>
            {t('common.actions.retry')}
          </Button>
        </div>
      ) : (
        <div aria-busy={schedule.isFetching || undefined} className={css({ position: 'relative' })}>
          {!data ? <p className={css({ color: 'fg.muted', mb: '2' })}>{t('edu.list.loading')}</p> : null}
          {data && shown === 0 && !schedule.isPlaceholderData ? (
            <p className={css({ color: 'fg.muted', mb: '2' })} data-testid="schedule-empty">
              {t('schedule.empty')}
            </p>
          ) : null}
          {query.layout === 'rooms' ? (
            <div className={css({ opacity: schedule.isPlaceholderData ? 0.6 : 1 })}>
              <RoomTimeline
                data={data}
                ready={!schedule.isPlaceholderData}
                blocks={blocks}
                rows={rows}
                days={days}
                day={day}
                today={today}
                now={now}
                view={query.view}
                colourOf={colourOf}
                onDay={onDay}
                onOpen={open}
              />
            </div>
          ) : (
            <>
              <div className={css({ display: { base: 'none', md: 'block' }, opacity: schedule.isPlaceholderData ? 0.6 : 1 })}>
                <WeekGrid {...dayProps} />
              </div>
              <div className={css({ display: { base: 'block', md: 'none' }, opacity: schedule.isPlaceholderData ? 0.6 : 1 })}>
                <DayView {...dayProps} day={day} onDay={onDay} />
              </div>
            </>
          )}
        </div>
      )}
    </section>
  );
}
