// Which groups and days an order may name. The server checks the branch, the group's state and its period; the
// weekday rule (a first lesson is a day the group meets) is the page's, so the dialog offers only those days.
import { CLOSED_GROUP_STATUSES, type Group } from '../../../../contract/groups';
import { addDays, isDay, isoWeekday } from '../../../../contract/centreDay';

type Schedule = Pick<Group, 'days' | 'start_date' | 'end_date'>;


/** True when the group meets on `date` and `date` lies in its period. */
export function isLessonDay(group: Schedule, date: string): boolean {
  if (!isDay(date)) return false;
  return date >= group.start_date && date <= group.end_date && group.days.includes(isoWeekday(date));
}

/** The next `count` lesson days of the group from `today` on (today included), within its period. */
export function firstLessonDates(group: Schedule, today: string, count = 12): string[] {
  const dates: string[] = [];
  if (group.days.length === 0) return dates;
  let day = today > group.start_date ? today : group.start_date;
  // Seven days hold every weekday, so count weeks bound the walk even with one lesson a week.
  for (let i = 0; i < count * 7 && dates.length < count && day <= group.end_date; i++, day = addDays(day, 1)) {
    if (group.days.includes(isoWeekday(day))) dates.push(day);
  }
  return dates;
}

/** Groups a lead can be ordered into: main, not finished or archived, of the lead's subject when it has one. */
export function groupsForLead<G extends Pick<Group, 'status' | 'is_secondary' | 'course'>>(groups: readonly G[], subjectId: number | null): G[] {
  return groups.filter(
    (g) => !g.is_secondary && !CLOSED_GROUP_STATUSES.includes(g.status) && (subjectId === null || g.course.subject_id === subjectId),
  );
}


/** An order becomes a student once its first lesson's day has come (the server answers 409 before). */
export function firstLessonCame(firstLessonDate: string | null, today: string): boolean {
  return firstLessonDate !== null && firstLessonDate <= today;
}
