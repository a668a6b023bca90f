// The day a student joined the centre: their first group membership (a walk-in testing student may wait months
// for a group), or, for a student never in a group, the centre's day their record was made. Student statistics
// count days since joining from it and the student lists filter their period by it, so both say the same.
import { sql, type SQL } from 'drizzle-orm';
import { studentGroups, students } from '../../db/schema';
import { CENTRE_TIME_ZONE } from '../lessons/dates';

/** SQL date of the day the student of the current `students` row joined (index student_groups_student_joined_idx). */
export const joinedDaySql: SQL<string> = sql<string>`coalesce(
  (select min(${studentGroups.joinedOn}) from ${studentGroups} where ${studentGroups.studentId} = ${students.id}),
  (${students.createdAt} at time zone ${sql.raw(`'${CENTRE_TIME_ZONE}'`)})::date
)`;
