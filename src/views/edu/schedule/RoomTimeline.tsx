import { useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { TIME_SLOTS } from '../../../../contract/schedule';
import type { ScheduleBlock, WeekSchedule } from '../../../../contract/weekSchedule';
import { useT } from '../../../i18n';
import { DayHeading, DayStrip } from './DayStrip';
import { SLOT_COUNT, firstUsedSlot, slotOfMoment, timelineRows } from './timeline';
import { NOW_COLOUR, PAD_X, SLOT_PX, TimelineRowView } from './TimelineRow';

// The grid scrolls inside its frame both ways, so the time header sticks to the frame's top and the row names to
// its left; the frame is at most a screen high (less the app header), so a big branch keeps both in sight.
const frame = css({
  position: 'relative',
  overflow: 'auto',
  overscrollBehaviorX: 'contain',
  maxH: 'calc(100dvh - 96px)',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'card',
});
// As wide as its content, so the sticky row names have the whole scroll width to stick across.
const grid = css({ display: 'grid', w: 'max-content', minW: 'full', gridTemplateColumns: { base: '104px auto', md: '184px auto' } });
const cornerCell = css({
  position: 'sticky',
  top: '0',
  left: '0',
  zIndex: 4,
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderInlineEndWidth: '1px',
  borderColor: 'border.default',
  px: '3',
  display: 'flex',
  alignItems: 'center',
  fontSize: 'xs',
  fontWeight: 'semibold',
  color: 'fg.muted',
  textTransform: 'uppercase',
  letterSpacing: '0.03em',
});
const timeHead = css({
  position: 'sticky',
  top: '0',
  zIndex: 3,
  h: '9',
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  fontSize: '11px',
  fontVariantNumeric: 'tabular-nums',
});
const label = css({ position: 'absolute', top: '50%', transform: 'translate(-50%, -50%)', whiteSpace: 'nowrap' });

type Props = {
  data: WeekSchedule | undefined;
  /** False while the previous week's data stands in for the one being loaded. */
  ready: boolean;
  /** The blocks to show (the row filter already applied) and the rows they may sit in. */
  blocks: readonly ScheduleBlock[];
  rows: WeekSchedule['rows'];
  days: readonly string[];
  day: string;
  today: string;
  now: Date;
  view: 'room' | 'teacher';
  colourOf: (rowId: number) => number;
  onDay: (day: string) => void;
  onOpen: (groupId: number) => void;
};

/** One day of the week: a row per room (or teacher), the half-hours of 09:00-23:30 across, lessons as blocks. */
export function RoomTimeline({ data, ready, blocks, rows, days, day, today, now, view, colourOf, onDay, onOpen }: Props) {
  const { t } = useT();
  const dayRows = useMemo(
    () => timelineRows(rows, blocks, day, (b) => (view === 'room' ? b.room_name : b.teacher_name)),
    [rows, blocks, day, view],
  );
  const nowSlot = day === today ? slotOfMoment(now) : null;
  const dayName = t(`edu.weekdays.${Math.max(0, days.indexOf(day)) + 1}`);
  const empty = dayRows.every((r) => r.items.length === 0);

  // Open a day scrolled to where it matters: on today, now a quarter of the way across what is in sight (a little
  // past, mostly what is coming); on another day, half an hour before its first lesson. Only when the day (or its
  // data) first arrives, so a refetch does not pull the grid away from where the user scrolled it.
  const scroller = useRef<HTMLDivElement>(null);
  const corner = useRef<HTMLDivElement>(null);
  const firstSlot = firstUsedSlot(dayRows);
  const scrollKey = data && ready ? `${day}:${view}:${data.start_date}` : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scrolls once per day, view and data, not on every clock tick
  useEffect(() => {
    const el = scroller.current;
    if (scrollKey === null || !el) return;
    const inSight = el.clientWidth - (corner.current?.offsetWidth ?? 0);
    const x = nowSlot !== null ? PAD_X + nowSlot * SLOT_PX - inSight / 4 : firstSlot !== null ? (firstSlot - 1) * SLOT_PX : 0;
    el.scrollLeft = Math.max(0, x);
  }, [scrollKey]);

  const width = SLOT_COUNT * SLOT_PX + 2 * PAD_X;
  return (
    <div data-testid="schedule-timeline">
      <DayStrip days={days} day={day} today={today} onDay={onDay} />
      <DayHeading days={days} day={day} empty={Boolean(data) && empty} />
      {data && dayRows.length === 0 ? (
        <p className={css({ color: 'fg.muted', py: '6', textAlign: 'center' })}>{t(`schedule.timeline.noRows.${view}`)}</p>
      ) : (
        <div ref={scroller} className={frame} role="region" aria-label={`${dayName}: ${t(`schedule.view.${view}`)}`} tabIndex={0}>
          <div className={grid} role="table" aria-label={t(`schedule.view.${view}`)}>
            <div role="row" className={css({ display: 'contents' })}>
              <div ref={corner} className={cornerCell} role="columnheader">
                {t(`schedule.filter.${view}`)}
              </div>
              <div className={timeHead} style={{ width }} role="columnheader" aria-label={`${TIME_SLOTS[0]}–${TIME_SLOTS[SLOT_COUNT]}`}>
                {TIME_SLOTS.map((slot, i) => (
                  <span
                    key={slot}
                    className={label}
                    aria-hidden="true"
                    style={{ left: PAD_X + i * SLOT_PX, color: slot.endsWith(':00') ? undefined : 'var(--colors-fg-subtle)', fontWeight: slot.endsWith(':00') ? 600 : 400 }}
                  >
                    {slot}
                  </span>
                ))}
                {nowSlot !== null ? (
                  <span
                    aria-hidden="true"
                    className={css({ position: 'absolute', bottom: '-4px', w: '2', h: '2', borderRadius: 'full', transform: 'translateX(-50%)' })}
                    style={{ left: PAD_X + nowSlot * SLOT_PX, background: NOW_COLOUR }}
                  />
                ) : null}
              </div>
            </div>
            {dayRows.map((row) => (
              <TimelineRowView
                key={row.id}
                row={row}
                width={width}
                nowSlot={nowSlot}
                colour={colourOf(row.id)}
                dayName={dayName}
                view={view}
                onOpen={onOpen}
              />
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
