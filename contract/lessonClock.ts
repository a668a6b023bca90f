// When a lesson happens on the centre's clock (pure, shared by the server and the app). Lessons are stored as a
// date and a time of day in Tashkent; "now" is always an instant handed in by the caller (the server's Clock).
export const CENTRE_TIME_ZONE = 'Asia/Tashkent';
/** Tashkent keeps UTC+5 all year (no daylight saving since 1992), so a wall-clock time has one fixed offset. */
export const CENTRE_UTC_OFFSET = '+05:00';
const OFFSET_MS = 5 * 60 * 60_000;

const two = (n: number) => String(n).padStart(2, '0');

/** The centre's wall clock at `now`: its date `YYYY-MM-DD` and time of day `HH:MM:SS`. */
export function centreWallClock(now: Date): { date: string; time: string } {
  const local = new Date(now.getTime() + OFFSET_MS);
  return {
    date: local.toISOString().slice(0, 10),
    time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}:${two(local.getUTCSeconds())}`,
  };
}

/** The instant a lesson on `date` at `time` (`HH:MM` or `HH:MM:SS`, Tashkent) begins, ISO 8601 with offset. */
export function lessonStartsAt(date: string, time: string): string {
  return `${date}T${time.slice(0, 5)}:00${CENTRE_UTC_OFFSET}`;
}

/** Whether the lesson has begun at `now` (its start instant included). */
export function lessonStarted(lesson: { date: string; start_time: string }, now: Date): boolean {
  return Date.parse(lessonStartsAt(lesson.date, lesson.start_time)) <= now.getTime();
}
