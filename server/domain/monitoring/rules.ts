// The monitoring page's pure rules (unit-tested): which part of the day a lesson is in, when a teacher counts as
// late for a lesson or for the day, and which rooms are free now. Times are minutes of the day on Tashkent's clock;
// seconds never count (16:00:59 is on time for 16:00, as for the time tracker's late minutes).
import { NEXT_WINDOW_MINUTES, type LessonPhase } from '../../../contract/monitoring';
import { clockMinutes } from '../../../contract/timetracker';

/** running now: start ≤ now < end; next: starts within two hours; later: after that; done: ended. */
export function lessonPhase(start: string, end: string, now: number): LessonPhase {
  const s = clockMinutes(start);
  const e = clockMinutes(end);
  if (e <= now) return 'done';
  if (s <= now) return 'now';
  return s - now <= NEXT_WINDOW_MINUTES ? 'next' : 'later';
}

/** A teacher is late for a lesson that has started when they have not arrived, or arrived after its start. */
export function lateForLesson(start: string, now: number, arrived: number | null): boolean {
  const s = clockMinutes(start);
  if (now < s && arrived === null) return false;
  return arrived === null ? now >= s : arrived > s;
}

/** Attendance is missing once the lesson has started and fewer rows are marked than students are expected. */
export function attendanceMissing(start: string, now: number, expected: number, marked: number): boolean {
  return clockMinutes(start) <= now && marked < expected;
}

/**
 * When a person was due today: the earlier of the work start (only on a work day) and their first lesson's start.
 * Null when neither applies.
 */
export function dueAt(workStart: string | null, worksToday: boolean, firstLesson: string | null): number | null {
  const times = [worksToday && workStart ? clockMinutes(workStart) : null, firstLesson ? clockMinutes(firstLesson) : null].filter(
    (m): m is number => m !== null,
  );
  return times.length ? Math.min(...times) : null;
}

/**
 * Minutes late today, or 0: after arriving, how long after the due time they came (the record's own late minutes
 * count too); not arrived yet, how long the due time has passed.
 */
export function dayLateness(due: number | null, now: number, arrived: number | null, recordedLate: number): number {
  if (arrived !== null) return Math.max(recordedLate, due === null ? 0 : arrived - due, 0);
  if (due === null || now < due) return 0;
  return now - due;
}

export type RoomSlot = { roomId: number; start: string; end: string; groupId: number | null; groupName: string | null };

/**
 * The rooms with no lesson now, each with the start of its next lesson today (null: free for the rest of the day)
 * and that lesson's group, in the order given.
 */
export function freeRooms<R extends { id: number }>(
  rooms: readonly R[],
  slots: readonly RoomSlot[],
  now: number,
): { room: R; busyFrom: string | null; next: { id: number; name: string } | null }[] {
  const out: { room: R; busyFrom: string | null; next: { id: number; name: string } | null }[] = [];
  for (const room of rooms) {
    const own = slots.filter((s) => s.roomId === room.id);
    if (own.some((s) => lessonPhase(s.start, s.end, now) === 'now')) continue;
    const upcoming = own.filter((s) => clockMinutes(s.start) > now).sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start))[0];
    out.push({
      room,
      busyFrom: upcoming ? upcoming.start.slice(0, 5) : null,
      next: upcoming && upcoming.groupId !== null ? { id: upcoming.groupId, name: upcoming.groupName ?? '' } : null,
    });
  }
  return out;
}
