import { css } from 'styled-system/css';
import type { ScheduleBlock } from '../../../../contract/weekSchedule';
import { useT } from '../../../i18n';
import { LessonBlock } from './LessonBlock';
import type { RowItem, TimelineRow } from './timeline';

/** A half-hour's width: its time label with air around it. 29 of them scroll on anything narrower than ~1.9k px. */
export const SLOT_PX = 56;
/** Room at both ends of the axis for the first and the last time label, centred on their lines. */
export const PAD_X = 20;
/** A lesson's height: two lines of group name, its time, and its teacher or room (or a cancelled/extra tag). */
const LANE_PX = 74;
const PAD_Y = 4;
export const NOW_COLOUR = 'var(--colors-danger-default)';

const nameCell = css({
  position: 'sticky',
  left: '0',
  zIndex: 2,
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '0.5',
  px: '3',
  py: '2',
  bg: 'bg.surface',
  borderInlineEndWidth: '1px',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  boxShadow: '4px 0 6px -4px rgba(16,24,40,0.12)',
});
const name = css({ fontWeight: 'semibold', fontSize: 'sm', lineHeight: '1.3', lineClamp: '2', overflowWrap: 'anywhere' });
const track = css({ position: 'relative', borderBottomWidth: '1px', borderColor: 'border.default' });
// Hour lines solid, half-hour lines fainter, drawn as one repeating background rather than 29 elements a row.
const lines = css({ position: 'absolute', insetBlock: '0', borderInlineEndWidth: '1px', borderColor: 'border.default' });
const linesStyle = {
  left: PAD_X,
  backgroundImage:
    'linear-gradient(to right, var(--colors-border-default) 1px, transparent 1px), linear-gradient(to right, rgba(219, 225, 234, 0.55) 1px, transparent 1px)',
  backgroundSize: `${2 * SLOT_PX}px 100%, ${SLOT_PX}px 100%`,
};

/** A lesson's box in its row: across by its times, down by its lane among the lessons it overlaps. */
function rowBox(item: RowItem<ScheduleBlock>) {
  return {
    left: PAD_X + item.from * SLOT_PX + 2,
    width: Math.max(item.span * SLOT_PX - 4, 18),
    top: PAD_Y + item.lane * LANE_PX + 1,
    height: LANE_PX - 2,
  };
}

type Props = {
  row: TimelineRow<ScheduleBlock>;
  /** The track's full width in pixels (all slots and both paddings). */
  width: number;
  nowSlot: number | null;
  colour: number;
  dayName: string;
  view: 'room' | 'teacher';
  onOpen: (groupId: number) => void;
};

/** One room's (or teacher's) day: its name, sticky at the left, and its lessons along the time axis. */
export function TimelineRowView({ row, width, nowSlot, colour, dayName, view, onOpen }: Props) {
  const { t } = useT();
  const height = row.lanes * LANE_PX + 2 * PAD_Y;
  return (
    <div role="row" className={css({ display: 'contents' })} data-testid="schedule-row" data-row-id={row.id}>
      <div role="rowheader" className={nameCell}>
        <span className={name} title={row.name}>
          {row.name}
        </span>
        {row.items.length > 0 ? (
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t('schedule.timeline.rowLessons', { count: row.items.length })}</span>
        ) : null}
      </div>
      <div role="cell" className={track} style={{ width, height }}>
        <div className={lines} aria-hidden="true" style={{ ...linesStyle, width: width - 2 * PAD_X }} />
        {nowSlot !== null ? (
          <div
            aria-hidden="true"
            className={css({ position: 'absolute', insetBlock: '0', w: '2px', zIndex: 1, pointerEvents: 'none' })}
            style={{ left: PAD_X + nowSlot * SLOT_PX - 1, background: NOW_COLOUR }}
          />
        ) : null}
        {row.items.map((item) => (
          <LessonBlock
            key={item.block.lesson_id}
            block={item.block}
            box={rowBox(item)}
            colour={colour}
            secondary={view === 'room' ? item.block.teacher_name : item.block.room_name}
            dayName={dayName}
            onOpen={onOpen}
          />
        ))}
      </div>
    </div>
  );
}
