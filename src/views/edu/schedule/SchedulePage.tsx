import { ChevronLeft, ChevronRight } from 'lucide-react';
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
import { Select } from '../../../ui/Select';
import { DayView } from './DayView';
import { shiftWeek, weekDays } from './layout';
import { useScheduleQuery } from './useScheduleQuery';
import { WeekGrid } from './WeekGrid';

const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '3', mb: '4' });
const segmented = css({
  display: 'inline-flex',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  overflow: 'hidden',
  bg: 'bg.surface',
});
const segment = css({
  px: '3',
  h: '10',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'accent.default', color: 'fg.onAccent' },
});
const note = css({
  py: '10',
  textAlign: 'center',
  color: 'fg.muted',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
});

/** /edu/schedule: the branch's lessons of one week, by room or by teacher; a lesson opens its group. */
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

  const { blocksOf, colourOf, shown } = useMemo(() => {
    const rows = data?.rows ?? [];
    const blocks = (data?.blocks ?? []).filter((b) => query.row === null || b.row_id === query.row);
    const byDay = new Map<string, ScheduleBlock[]>();
    for (const b of blocks) byDay.set(b.date, [...(byDay.get(b.date) ?? []), b]);
    const index = new Map(rows.map((r, i) => [r.id, i]));
    return { blocksOf: (d: string) => byDay.get(d) ?? [], colourOf: (id: number) => index.get(id) ?? 0, shown: blocks.length };
  }, [data, query.row]);

  const open = (groupId: number) => navigate(`/edu/groups?id=${groupId}`);
  const rowOptions = (data?.rows ?? []).map((r) => ({ value: r.id, label: r.name }));
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
      <div className={toolbar}>
        <div className={css({ display: 'flex', gap: '1' })} role="group" aria-label={t('schedule.week.navigation')}>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('schedule.week.prev')}
            title={t('schedule.week.prev')}
            onClick={() => update({ week: shiftWeek(query.week, -1), day: null })}
          >
            <ChevronLeft size={18} />
          </Button>
          <Button variant="outline" onClick={() => update({ week: null, day: null })} disabled={days.includes(today)}>
            {t('schedule.week.this')}
          </Button>
          <Button
            variant="outline"
            size="icon"
            aria-label={t('schedule.week.next')}
            title={t('schedule.week.next')}
            onClick={() => update({ week: shiftWeek(query.week, 1), day: null })}
          >
            <ChevronRight size={18} />
          </Button>
        </div>
        <div className={segmented} role="group" aria-label={t('schedule.view.label')}>
          {(['room', 'teacher'] as const).map((v) => (
            <button
              key={v}
              type="button"
              className={segment}
              aria-pressed={query.view === v}
              onClick={() => update({ view: v === 'room' ? null : v, row: null })}
            >
              {t(`schedule.view.${v}`)}
            </button>
          ))}
        </div>
        <Select
          aria-label={t(`schedule.filter.${query.view}`)}
          className={css({ minW: '48', flex: { base: '1', sm: 'initial' } })}
          options={rowOptions}
          placeholder={t(query.view === 'room' ? 'schedule.filter.allRooms' : 'schedule.filter.allTeachers')}
          value={query.row ?? ''}
          onChange={(e) => update({ row: e.target.value === '' ? null : Number(e.target.value) })}
        />
      </div>

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
          <div className={css({ display: { base: 'none', md: 'block' }, opacity: schedule.isPlaceholderData ? 0.6 : 1 })}>
            <WeekGrid {...dayProps} />
          </div>
          <div className={css({ display: { base: 'block', md: 'none' }, opacity: schedule.isPlaceholderData ? 0.6 : 1 })}>
            <DayView {...dayProps} day={day} onDay={(d) => update({ day: d })} />
          </div>
        </div>
      )}
    </section>
  );
}
