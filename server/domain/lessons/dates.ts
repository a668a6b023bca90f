// "Today" for the education area is the date in the centre's time zone (Tashkent), not the server's: a lesson
// at 09:00 local time is today's from midnight there. Every function takes the instant it reasons about (a
// Clock's now(), server/domain/clock.ts); none reads the real time itself.
export { CENTRE_TIME_ZONE, centreToday, centreWallClock } from '../../../contract/centreDay';

export { dayText, hhmm } from '../../../contract/schedule';
