// Pure rules of the week grid: which Monday the URL means, the days of a week, and where each lesson block sits
// on a day's time axis (09:00 at the top, 23:30 at the bottom); overlapping lessons share the width in lanes.
import { addDays, addWeeks, format, isValid, parseISO, startOfWeek } from 'date-fns';
import { FIRST_SLOT, LAST_SLOT, minutesOfDay } from '../../../../contract/schedule';

export const AXIS_START = minutesOfDay(FIRST_SLOT);
export const AXIS_END = minutesOfDay(LAST_SLOT);
export const AXIS_MINUTES = AXIS_END - AXIS_START;

const iso = (d: Date) => format(d, 'yyyy-MM-dd');

/** The Monday of the week holding `value` (any day of it); today's week when it is missing or not a date. */
export function mondayOf(value: string | null | undefined, today: Date): string {
  const parsed = value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseISO(value) : null;
  const day = parsed && isValid(parsed) ? parsed : today;
  return iso(startOfWeek(day, { weekStartsOn: 1 }));
}

/** The Monday `weeks` weeks before or after `monday`. */
export function shiftWeek(monday: string, weeks: number): string {
  return iso(addWeeks(parseISO(monday), weeks));
}

/** Monday .. Sunday of the week starting on `monday`. */
export function weekDays(monday: string): string[] {
  const start = parseISO(monday);
  return Array.from({ length: 7 }, (_, i) => iso(addDays(start, i)));
}

export type Timed = { start_time: string; end_time: string };

export type Placed<T> = {
  block: T;
  /** Minutes from the top of the axis, and the length, both clamped to the axis. */
  top: number;
  height: number;
  /** 0-based lane among `lanes` lanes of the cluster of lessons that overlap it. */
  lane: number;
  lanes: number;
};

/**
 * Places one day's blocks: sorted by start (then longer first), each takes the first lane free at its start;
 * a cluster is a run of blocks linked by overlaps, and every block in it gets the cluster's lane count, so
 * widths line up. Touching lessons (10:00-11:00 and 11:00-12:00) do not overlap (spec section 5).
 */
export function layoutDay<T extends Timed>(blocks: readonly T[]): Placed<T>[] {
  const items = blocks
    .map((block) => {
      const start = Math.max(AXIS_START, Math.min(AXIS_END, minutesOfDay(block.start_time)));
      const end = Math.max(start, Math.min(AXIS_END, minutesOfDay(block.end_time)));
      return { block, start, end };
    })
    .sort((a, b) => a.start - b.start || b.end - a.end);

  const placed: Placed<T>[] = [];
  let cluster: Placed<T>[] = [];
  let laneEnds: number[] = [];
  let clusterEnd = -1;

  const closeCluster = () => {
    for (const p of cluster) p.lanes = laneEnds.length;
    cluster = [];
    laneEnds = [];
  };

  for (const item of items) {
    if (item.start >= clusterEnd) closeCluster();
    let lane = laneEnds.findIndex((end) => end <= item.start);
    if (lane === -1) lane = laneEnds.push(item.end) - 1;
    else laneEnds[lane] = item.end;
    const p: Placed<T> = { block: item.block, top: item.start - AXIS_START, height: item.end - item.start, lane, lanes: 1 };
    cluster.push(p);
    placed.push(p);
    clusterEnd = Math.max(clusterEnd, item.end);
  }
  closeCluster();
  return placed;
}

/** Hour marks of the axis: 09:00, 10:00, … 23:00. */
export function hourMarks(): string[] {
  const marks: string[] = [];
  for (let m = Math.ceil(AXIS_START / 60) * 60; m <= AXIS_END; m += 60) marks.push(`${String(m / 60).padStart(2, '0')}:00`);
  return marks;
}
