// "Today" for the education area is the date in the centre's time zone (Tashkent), not the server's: a lesson
// at 09:00 local time is today's from midnight there. Every function takes the instant it reasons about (a
// Clock's now(), server/domain/clock.ts); none reads the real time itself.
import { CENTRE_TIME_ZONE, centreWallClock } from '../../../contract/lessonClock';

export { CENTRE_TIME_ZONE, centreWallClock };

export function centreToday(now: Date): string {
  return centreWallClock(now).date;
}

export { dayText, hhmm } from '../../../contract/schedule';
