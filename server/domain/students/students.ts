// The few student operations the education area needs: create (seed, tests, and later the students API) and
// find one inside the user's branches.
import { and, eq } from 'drizzle-orm';
import type { StudentBrief, StudentCreate } from '../../../contract/students';
import { studentCreate } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import { students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { notFound } from '../core/errors';
import { allowedFilials, inScope } from '../core/scope';
import { ownStudentCondition } from './teacherScope';

export const studentBriefColumns = {
  id: students.id,
  full_name: students.fullName,
  phone: students.phone,
  filial: students.filialId,
  status: students.status,
  is_archived: students.isArchived,
};

/** Inserts a student (the body is parsed with the contract first); run inside the caller's transaction. */
export async function insertStudent(tx: DbOrTx, input: StudentCreate, createdBy: number | null = null): Promise<StudentBrief> {
  const body = studentCreate.parse(input);
  const [row] = await tx
    .insert(students)
    .values({ filialId: body.filial, fullName: body.full_name, phone: body.phone, status: body.status, createdBy })
    .returning(studentBriefColumns);
  return row;
}

/**
 * A student inside the user's branches (and in `filialId` when given; for a teacher or assistant, one of their
 * groups' students: teacherScope.ts), or 404. `forUpdate` locks the row so
 * two changes of one student's memberships run one after another.
 */
export async function findStudent(
  tx: DbOrTx,
  user: AuthUser,
  id: number,
  options: { filialId?: number; forUpdate?: boolean } = {},
): Promise<StudentBrief> {
  const query = tx
    .select(studentBriefColumns)
    .from(students)
    .where(
      and(eq(students.id, id), options.filialId === undefined ? undefined : eq(students.filialId, options.filialId), ownStudentCondition(user, students.id)),
    );
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row || !inScope(allowedFilials(user), row.filial)) throw notFound('Student not found');
  return row;
}
