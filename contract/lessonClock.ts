// When a lesson happens on the centre's clock (pure, shared by the server and the app). Lessons are stored as a
// date and a time of day in Tashkent; "now" is always an instant handed in by the caller (the server's Clock).
import { centreInstant } from './centreDay';

export { CENTRE_TIME_ZONE, CENTRE_UTC_OFFSET, centreWallClock } from './centreDay';

/** The instant a lesson on `date` at `time` (`HH:MM` or `HH:MM:SS`, Tashkent) begins, ISO 8601 with offset. */
export function lessonStartsAt(date: string, time: string): string {
  return centreInstant(date, time);
}

/** Whether the lesson has begun at `now` (its start instant included). */
export function lessonStarted(lesson: { date: string; start_time: string }, now: Date): boolean {
  return Date.parse(lessonStartsAt(lesson.date, lesson.start_time)) <= now.getTime();
}
