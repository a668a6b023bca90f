import { css } from 'styled-system/css';
import type { ScheduleBlock } from '../../../../contract/weekSchedule';
import { AXIS_MINUTES, hourMarks, layoutDay, type Placed } from './layout';
import { LessonBlock } from './LessonBlock';

/** Minutes to pixels on the time axis (the same on a desk and on a phone). */
export const PX_PER_MINUTE = 0.9;

/** A lesson's box in its day column: down by its times, across by its lane among the lessons it overlaps. */
function verticalBox(placed: Placed<ScheduleBlock>) {
  return {
    top: placed.top * PX_PER_MINUTE,
    height: Math.max(placed.height * PX_PER_MINUTE - 2, 18),
    left: `calc(${(placed.lane / placed.lanes) * 100}% + 2px)`,
    width: `calc(${100 / placed.lanes}% - 4px)`,
  };
}

const column = css({ position: 'relative' });
const hourLine = css({ position: 'absolute', insetInline: '0', borderTopWidth: '1px', borderColor: 'border.default', opacity: 0.7 });
const halfLine = css({
  position: 'absolute',
  insetInline: '0',
  borderTopWidth: '1px',
  borderStyle: 'dashed',
  borderColor: 'border.default',
  opacity: 0.45,
});

export const AXIS_HEIGHT = AXIS_MINUTES * PX_PER_MINUTE;

type Props = {
  blocks: readonly ScheduleBlock[];
  dayName: string;
  view: 'room' | 'teacher';
  colourOf: (rowId: number) => number;
  onOpen: (groupId: number) => void;
  today?: boolean;
};

/** One day on the time axis: hour lines, and the day's lessons placed by their times. */
export function DayColumn({ blocks, dayName, view, colourOf, onOpen, today }: Props) {
  const marks = hourMarks();
  return (
    <div className={column} style={{ height: AXIS_HEIGHT, background: today ? 'rgba(37, 99, 235, 0.04)' : undefined }}>
      {marks.map((_, i) => (
        <div key={i} aria-hidden="true">
          <div className={hourLine} style={{ top: i * 60 * PX_PER_MINUTE }} />
          {i * 60 + 30 <= AXIS_MINUTES ? <div className={halfLine} style={{ top: (i * 60 + 30) * PX_PER_MINUTE }} /> : null}
        </div>
      ))}
      {layoutDay(blocks).map((placed) => (
        <LessonBlock
          key={placed.block.lesson_id}
          block={placed.block}
          box={verticalBox(placed)}
          colour={colourOf(placed.block.row_id)}
          secondary={view === 'room' ? placed.block.teacher_name : placed.block.room_name}
          dayName={dayName}
          onOpen={onOpen}
        />
      ))}
    </div>
  );
}

const gutter = css({ position: 'relative', fontSize: '11px', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' });

/** The hours at the left of the grid, each at the height of its line. */
export function TimeGutter() {
  return (
    <div className={gutter} style={{ height: AXIS_HEIGHT }} aria-hidden="true">
      {hourMarks().map((mark, i) => (
        <span
          key={mark}
          className={css({ position: 'absolute', insetEnd: '2', transform: 'translateY(-50%)' })}
          style={{ top: i * 60 * PX_PER_MINUTE }}
        >
          {mark}
        </span>
      ))}
    </div>
  );
}
