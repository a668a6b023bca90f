import { format, parseISO } from 'date-fns';
import { css, cx } from 'styled-system/css';
import type { ScheduleBlock } from '../../../../contract/weekSchedule';
import { useT } from '../../../i18n';
import { DayColumn, TimeGutter } from './DayColumn';

const frame = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', overflowX: 'auto' });
const grid = css({ display: 'grid', gridTemplateColumns: '56px repeat(7, minmax(128px, 1fr))', minW: '960px' });
const head = css({
  position: 'sticky',
  top: '0',
  zIndex: 'docked',
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderInlineStartWidth: '1px',
  borderColor: 'border.default',
  px: '2',
  py: '2',
  textAlign: 'center',
});
const todayHead = css({ color: 'accent.fg', bg: 'accent.subtle' });

export type DayProps = {
  days: readonly string[];
  today: string;
  blocksOf: (day: string) => ScheduleBlock[];
  view: 'room' | 'teacher';
  colourOf: (rowId: number) => number;
  onOpen: (groupId: number) => void;
};

/** Desk layout: Monday to Sunday side by side, the time running down. */
export function WeekGrid({ days, today, blocksOf, view, colourOf, onOpen }: DayProps) {
  const { t } = useT();
  return (
    <div className={frame} data-testid="schedule-week">
      <div className={grid} role="group" aria-label={t('schedule.days')}>
        <div className={css({ borderBottomWidth: '1px', borderColor: 'border.default' })} />
        {days.map((day, i) => (
          <div key={day} className={cx(head, day === today ? todayHead : undefined)} data-testid="schedule-day-head">
            <div className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{t(`edu.weekdays.${i + 1}`)}</div>
            <div className={css({ fontSize: 'xs', color: day === today ? 'accent.fg' : 'fg.muted' })}>
              {format(parseISO(day), 'dd.MM')}
              {day === today ? ` · ${t('schedule.today')}` : ''}
            </div>
          </div>
        ))}
        <div className={css({ pt: '3', pb: '3' })}>
          <TimeGutter />
        </div>
        {days.map((day, i) => (
          <div key={day} className={css({ pt: '3', pb: '3', borderInlineStartWidth: '1px', borderColor: 'border.default' })}>
            <DayColumn
              blocks={blocksOf(day)}
              dayName={t(`edu.weekdays.${i + 1}`)}
              view={view}
              colourOf={colourOf}
              onOpen={onOpen}
              today={day === today}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
