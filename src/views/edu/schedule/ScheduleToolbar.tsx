import { ChevronLeft, ChevronRight } from 'lucide-react';
import { css } from 'styled-system/css';
import { useT } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { shiftWeek } from './layout';
import { SCHEDULE_LAYOUTS, type ScheduleQuery, type ScheduleQueryChange } from './useScheduleQuery';

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
  _hover: { color: 'fg.default' },
  '&[aria-pressed=true]': { bg: 'accent.default', color: 'fg.onAccent' },
});

/** Two or more exclusive choices as pressed buttons, in one bordered strip. */
function Segmented<T extends string>(props: { label: string; options: readonly T[]; value: T; text: (v: T) => string; onChange: (v: T) => void }) {
  return (
    <div className={segmented} role="group" aria-label={props.label}>
      {props.options.map((v) => (
        <button key={v} type="button" className={segment} aria-pressed={props.value === v} onClick={() => props.onChange(v)}>
          {props.text(v)}
        </button>
      ))}
    </div>
  );
}

type Props = {
  query: ScheduleQuery;
  update: (change: ScheduleQueryChange) => void;
  /** Whether the shown week holds today (then "this week" has nothing to do). */
  isThisWeek: boolean;
  rows: readonly { id: number; name: string }[];
};

/** Week navigation, the layout, rooms or teachers, and one room or teacher; every choice goes to the URL. */
export function ScheduleToolbar({ query, update, isThisWeek, rows }: Props) {
  const { t } = useT();
  return (
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
        <Button variant="outline" onClick={() => update({ week: null, day: null })} disabled={isThisWeek}>
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
      <Segmented
        label={t('schedule.layout.label')}
        options={SCHEDULE_LAYOUTS}
        value={query.layout}
        text={(v) => t(`schedule.layout.${v}`)}
        onChange={(v) => update({ layout: v === 'rooms' ? null : v })}
      />
      <Segmented
        label={t('schedule.view.label')}
        options={['room', 'teacher'] as const}
        value={query.view}
        text={(v) => t(`schedule.view.${v}`)}
        onChange={(v) => update({ view: v === 'room' ? null : v, row: null })}
      />
      <Select
        aria-label={t(`schedule.filter.${query.view}`)}
        className={css({ minW: '48', flex: { base: '1', sm: 'initial' } })}
        options={rows.map((r) => ({ value: r.id, label: r.name }))}
        placeholder={t(query.view === 'room' ? 'schedule.filter.allRooms' : 'schedule.filter.allTeachers')}
        value={query.row ?? ''}
        onChange={(e) => update({ row: e.target.value === '' ? null : Number(e.target.value) })}
      />
    </div>
  );
}
