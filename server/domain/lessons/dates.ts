// "Today" for the education area is the date in the centre's time zone (Tashkent), not the server's: a lesson
// at 09:00 local time is today's from midnight there.
import { todayIn } from '../lessonDates';

export const CENTRE_TIME_ZONE = 'Asia/Tashkent';

export function centreToday(now: Date = new Date()): string {
  return todayIn(CENTRE_TIME_ZONE, now);
}

export { dayText, hhmm } from '../../../contract/schedule';

