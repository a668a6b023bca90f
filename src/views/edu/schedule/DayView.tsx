import { format, parseISO } from 'date-fns';
import { css, cx } from 'styled-system/css';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';
import { DayColumn, TimeGutter } from './DayColumn';
import type { DayProps } from './WeekGrid';

const switcher = css({ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: '1', mb: '3' });
const dayButton = css({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: '0.5',
  py: '2',
  minH: '12',
  borderRadius: 'control',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  fontSize: 'xs',
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'accent.default', color: 'fg.onAccent', borderColor: 'accent.default' },
});
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
  const { t, lang } = useT();
  const index = Math.max(0, days.indexOf(day));
  const blocks = blocksOf(day);
  return (
    <div data-testid="schedule-day">
      <div className={switcher} role="group" aria-label={t('schedule.days')}>
        {days.map((d, i) => (
          <button
            key={d}
            type="button"
            className={cx(dayButton, d === today ? css({ fontWeight: 'bold' }) : undefined)}
            aria-pressed={d === day}
            aria-label={`${t(`edu.weekdays.${i + 1}`)} ${format(parseISO(d), 'dd.MM')}`}
            onClick={() => onDay(d)}
          >
            <span>{t(`edu.weekdaysShort.${i + 1}`)}</span>
            <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{format(parseISO(d), 'd')}</span>
          </button>
        ))}
      </div>
      <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>
        {t(`edu.weekdays.${index + 1}`)}, {formatDate(day, lang)}
        {blocks.length === 0 ? (
          <span className={css({ ms: '2', fontWeight: 'normal', color: 'fg.muted', fontSize: 'sm' })}>{t('schedule.emptyDay')}</span>
        ) : null}
      </h2>
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
