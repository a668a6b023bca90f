import type { CSSProperties } from 'react';
import { css, cx } from 'styled-system/css';
import type { ScheduleBlock } from '../../../../contract/weekSchedule';
import { useT } from '../../../i18n';

// One colour per room or teacher, so the same row reads the same across the week.
const PALETTE = [
  { bg: '#e8efff', border: '#2563eb' },
  { bg: '#e7f6ec', border: '#15803d' },
  { bg: '#fff4e0', border: '#c2410c' },
  { bg: '#f3e8ff', border: '#7e22ce' },
  { bg: '#e4f4f8', border: '#0e7490' },
  { bg: '#fde8f1', border: '#be185d' },
  { bg: '#f1f5e0', border: '#4d7c0f' },
  { bg: '#eceef3', border: '#475569' },
];

const block = css({
  position: 'absolute',
  overflow: 'hidden',
  borderRadius: '6px',
  borderInlineStartWidth: '3px',
  px: '1.5',
  py: '1',
  fontSize: 'xs',
  lineHeight: '1.25',
  textAlign: 'start',
  color: 'fg.default',
  boxShadow: '0 0 0 1px rgba(255,255,255,0.9)',
  transition: 'box-shadow 120ms, transform 120ms',
  '&:is(button)': { cursor: 'pointer', _hover: { boxShadow: 'card', zIndex: 1 } },
});
// Cancelled: greyed and struck through, not faded (faded text fell below AA contrast); the tag says it in words.
const cancelled = css({ filter: 'grayscale(1)', '& [data-strike]': { textDecoration: 'line-through' } });
const line = css({ display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
const tag = css({
  fontSize: '10px',
  fontWeight: 'semibold',
  textTransform: 'uppercase',
  letterSpacing: '0.02em',
  color: 'fg.muted',
});

type Props = {
  block: ScheduleBlock;
  /** Where the block sits in its layout (absolute position and size); the layout decides, the block only draws. */
  box: Pick<CSSProperties, 'top' | 'left' | 'width' | 'height'>;
  colour: number;
  /** What the block says besides group and time: the teacher in the room view, the room in the teacher view. */
  secondary: string;
  dayName: string;
  onOpen: (groupId: number) => void;
};

/** One lesson: group, time and room or teacher; cancelled ones struck through, extra ones tagged; a click opens the group. */
export function LessonBlock({ block: b, box, colour, secondary, dayName, onOpen }: Props) {
  const { t } = useT();
  const palette = PALETTE[colour % PALETTE.length];
  const time = `${b.start_time.slice(0, 5)}–${b.end_time.slice(0, 5)}`;
  const name = b.group?.name ?? t('schedule.block.noGroup');
  const style: CSSProperties = {
    ...box,
    background: palette.bg,
    borderColor: palette.border,
  };
  const label = [
    t('schedule.block.label', { group: name, day: dayName, time, room: b.room_name, teacher: b.teacher_name }),
    b.status === 'cancelled' ? t('schedule.block.cancelled') : null,
    b.kind === 'extra' ? t('schedule.block.extra') : null,
  ]
    .filter(Boolean)
    .join(', ');
  const tagText =
    b.status === 'cancelled' ? t('schedule.block.cancelled') : b.kind === 'extra' ? t('schedule.block.extra') : null;
  const content = (
    <>
      <span
        data-strike
        className={css({ display: '-webkit-box', lineClamp: '2', overflow: 'hidden', fontWeight: 'semibold', overflowWrap: 'anywhere' })}
      >
        {name}
      </span>
      <span className={line}>
        <span data-strike className={css({ fontVariantNumeric: 'tabular-nums' })}>
          {time}
        </span>
        {/* The tag rides on the time line, so a short block still says it is cancelled or extra. */}
        {tagText ? <span className={tag}> · {tagText}</span> : null}
      </span>
      <span className={cx(line, css({ color: 'fg.muted' }))}>{secondary}</span>
    </>
  );
  const className = cx(block, b.status === 'cancelled' ? cancelled : undefined);
  const data = { 'data-testid': 'schedule-block', 'data-lesson-id': b.lesson_id, 'data-status': b.status };
  if (!b.group) {
    return (
      <div className={className} style={style} title={label} aria-label={label} role="note" {...data}>
        {content}
      </div>
    );
  }
  const groupId = b.group.id;
  return (
    <button type="button" className={className} style={style} title={label} aria-label={label} onClick={() => onOpen(groupId)} {...data}>
      {content}
    </button>
  );
}
