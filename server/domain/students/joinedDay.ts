// The day a student joined the centre: their first group membership (a walk-in testing student may wait months
// for a group), or, for a student never in a group, the centre's day their record was made. Student statistics
// count days since joining from it and the student lists filter their period by it, so both say the same.
import { sql, type SQL } from 'drizzle-orm';
import { students } from '../../db/schema';
import { CENTRE_TIME_ZONE } from '../lessons/dates';

/** SQL date of the day the student of the current `students` row joined (first_joined_on is kept by the database
 * from their memberships: migration 0030). */
export const joinedDaySql: SQL<string> = sql<string>`coalesce(
  ${students.firstJoinedOn},
  (${students.createdAt} at time zone ${sql.raw(`'${CENTRE_TIME_ZONE}'`)})::date
)`;
