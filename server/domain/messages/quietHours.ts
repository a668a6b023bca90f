// Quiet hours: no SMS to parents between 21:00 and 08:00 in the centre; a message that falls due then waits for the
// morning. Telegram is not held back (the parent's phone stays silent unless they allowed the bot's sound).
import { addDays, centreInstant, centreMinutes, centreWallClock } from '../../../contract/centreDay';

export const QUIET_FROM = '21:00';
export const QUIET_UNTIL = '08:00';

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Is `at` inside the quiet hours of the centre? */
export function isQuiet(at: Date): boolean {
  const m = centreMinutes(at);
  return m >= minutesOf(QUIET_FROM) || m < minutesOf(QUIET_UNTIL);
}

/** The first instant at or after `at` when an SMS may go out. */
export function nextSendableAt(at: Date): Date {
  if (!isQuiet(at)) return at;
  const { date } = centreWallClock(at);
  // Evening: tomorrow's morning; after midnight: this morning's.
  const day = centreMinutes(at) >= minutesOf(QUIET_FROM) ? addDays(date, 1) : date;
  return new Date(centreInstant(day, QUIET_UNTIL));
}
