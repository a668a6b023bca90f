import { css } from 'styled-system/css';
import { useT } from '../../../i18n';
import { DayColumn, TimeGutter } from './DayColumn';
import { DayHeading, DayStrip } from './DayStrip';
import type { DayProps } from './WeekGrid';

const frame = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '2' });

/** Phone layout: one day at a time, chosen with a row of seven day buttons. */
export function DayView({
  days,
  today,
  blocksOf,
  view,
  colourOf,
  onOpen,
  day,
  onDay,
}: DayProps & { day: string; onDay: (day: string) => void }) {
  const { t } = useT();
  const index = Math.max(0, days.indexOf(day));
  const blocks = blocksOf(day);
  return (
    <div data-testid="schedule-day">
      <DayStrip days={days} day={day} today={today} onDay={onDay} />
      <DayHeading days={days} day={day} empty={blocks.length === 0} />
      <div className={frame}>
        <div className={css({ display: 'grid', gridTemplateColumns: '48px 1fr', pt: '2', pb: '2' })}>
          <TimeGutter />
          <DayColumn
            blocks={blocks}
            dayName={t(`edu.weekdays.${index + 1}`)}
            view={view}
            colourOf={colourOf}
            onOpen={onOpen}
            today={day === today}
          />
        </div>
      </div>
    </div>
  );
}
