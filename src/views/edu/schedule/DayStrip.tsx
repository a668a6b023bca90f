import { format, parseISO } from 'date-fns';
import { css } from 'styled-system/css';
import { useT } from '../../../i18n';
import { formatDate } from '../../../lib/dates';

const strip = css({ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '1', mb: '3', md: { gap: '2' } });
const dayButton = css({
  position: 'relative',
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
  transition: 'background 120ms, border-color 120ms',
  _hover: { borderColor: 'border.strong' },
  md: { flexDirection: 'row', justifyContent: 'center', gap: '2', fontSize: 'sm' },
  '&[aria-current=date]': { fontWeight: 'bold', borderColor: 'accent.default' },
  // Today's own colour only while it is not the chosen day: two rules setting one colour would leave the winner to
  // the order Panda happens to emit them in (after a refactor, the accent text landed on the accent background).
  '&[aria-current=date]:not([aria-pressed=true])': { color: 'accent.fg' },
  '&[aria-pressed=true]': { bg: 'accent.default', color: 'fg.onAccent', borderColor: 'accent.default' },
});
const shortName = css({ md: { display: 'none' } });
const fullName = css({ display: 'none', md: { display: 'inline', fontWeight: 'semibold' } });
// Dimmed beside the day's name, but not on the chosen day's blue, where it would fall below AA contrast.
const date = css({ fontVariantNumeric: 'tabular-nums', md: { opacity: 0.8 }, '[aria-pressed=true] > &': { opacity: 1 } });
// A dot under (on a desk: beside) today's date, in the colour of the button's text.
const todayDot = css({
  position: 'absolute',
  bottom: '1',
  insetInline: '0',
  mx: 'auto',
  w: '1',
  h: '1',
  borderRadius: 'full',
  bg: 'currentColor',
  md: { position: 'static', mx: '0', w: '1.5', h: '1.5' },
});

type Props = {
  /** The seven dates of the week, Monday first. */
  days: readonly string[];
  day: string;
  today: string;
  onDay: (day: string) => void;
};

/** Monday..Sunday of the shown week as buttons: short names on a phone, full names on a desk; today marked. */
export function DayStrip({ days, day, today, onDay }: Props) {
  const { t } = useT();
  return (
    <div className={strip} role="group" aria-label={t('schedule.days')} data-testid="schedule-day-strip">
      {days.map((d, i) => {
        const name = t(`edu.weekdays.${i + 1}`);
        const isToday = d === today;
        return (
          <button
            key={d}
            type="button"
            className={dayButton}
            aria-pressed={d === day}
            aria-current={isToday ? 'date' : undefined}
            aria-label={`${name} ${format(parseISO(d), 'dd.MM')}${isToday ? `, ${t('schedule.today')}` : ''}`}
            title={isToday ? t('schedule.today') : undefined}
            onClick={() => onDay(d)}
          >
            <span className={shortName}>{t(`edu.weekdaysShort.${i + 1}`)}</span>
            <span className={fullName}>{name}</span>
            <span className={date}>
              <span className={shortName}>{format(parseISO(d), 'd')}</span>
              <span className={fullName} style={{ fontWeight: 'normal' }}>
                {format(parseISO(d), 'dd.MM')}
              </span>
            </span>
            {isToday ? <span className={todayDot} aria-hidden="true" /> : null}
          </button>
        );
      })}
    </div>
  );
}

/** The chosen day written out ("Dushanba, 23.11.2026"), and a note when it has no lessons. */
export function DayHeading({ days, day, empty }: { days: readonly string[]; day: string; empty: boolean }) {
  const { t, lang } = useT();
  return (
    <h2 className={css({ fontWeight: 'semibold', mb: '2' })}>
      {t(`edu.weekdays.${Math.max(0, days.indexOf(day)) + 1}`)}, {formatDate(day, lang)}
      {empty ? <span className={css({ ms: '2', fontWeight: 'normal', color: 'fg.muted', fontSize: 'sm' })}>{t('schedule.emptyDay')}</span> : null}
    </h2>
  );
}
