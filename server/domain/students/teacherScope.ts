// Object scope inside a branch (design "Who sees what"; issue 15): a teacher or assistant reads the students,
// results, attendance and memberships of the groups they teach or assist, whatever pages a director gave them.
// A student is theirs when the student has (or had) a membership in such a group, or was chosen for an individual
// lesson they teach. Everyone else: no condition (branch scope alone decides). Another teacher's student is
// unknown to them: 404 by id, absent from every list.
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { groups, lessonStudents, lessons, studentGroups } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { isTeaching } from '../lessons/access';

// Aliased, so the conditions can sit in queries over the same tables without their columns being captured.
const sg = alias(studentGroups, 'own_sg');
const g = alias(groups, 'own_g');
const ls = alias(lessonStudents, 'own_ls');
const l = alias(lessons, 'own_l');

/** For teachers and assistants: the student `studentId` (a column or expression) is one of theirs. */
export function ownStudentCondition(user: Pick<AuthUser, 'id' | 'role'>, studentId: AnyColumn | SQL): SQL | undefined {
  if (!isTeaching(user)) return undefined;
  return sql`(exists (select 1 from ${studentGroups} own_sg join ${groups} own_g on ${g.id} = ${sg.groupId}
      where ${sg.studentId} = ${studentId} and (${g.teacherId} = ${user.id} or ${g.assistantId} = ${user.id}))
    or exists (select 1 from ${lessonStudents} own_ls join ${lessons} own_l on ${l.id} = ${ls.lessonId}
      where ${ls.studentId} = ${studentId} and ${l.teacherId} = ${user.id}))`;
}

/** For teachers and assistants: the group `groupId` is one they teach or assist. */
export function ownGroupIdCondition(user: Pick<AuthUser, 'id' | 'role'>, groupId: AnyColumn | SQL): SQL | undefined {
  if (!isTeaching(user)) return undefined;
  return sql`exists (select 1 from ${groups} own_g where ${g.id} = ${groupId} and (${g.teacherId} = ${user.id} or ${g.assistantId} = ${user.id}))`;
}
