// What a group points at must belong to its branch: an active course and room of the branch, a teacher
// (TEACHER or HEAD_TEACHER) and an assistant (ASSISTANT or TEACHER) who are active and work there (an employee
// without branches works in every branch). Each failure is a 400 on its own field, all reported at once.
import { and, eq, sql } from 'drizzle-orm';
import { ASSISTANT_ROLES, TEACHER_ROLES, groupMsg } from '../../../contract/groups';
import type { Role } from '../../../contract/roles';
import type { DbOrTx } from '../../db/client';
import { courses, employeeFilials, employees, filials, groups, rooms } from '../../db/schema';
import { fieldKeys } from '../core/errors';

export type References = {
  filial: number;
  course?: number;
  teacher?: number;
  assistant?: number | null;
  room?: number;
  parent_group?: number;
};

/** Whether an employee works in the branch: listed there, or listed nowhere. */
export function worksIn(filialId: number) {
  return sql`(exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id} and ${employeeFilials.filialId} = ${filialId})
    or not exists (select 1 from ${employeeFilials} where ${employeeFilials.employeeId} = ${employees.id}))`;
}

async function isStaff(tx: DbOrTx, id: number, filialId: number, roles: readonly Role[]): Promise<boolean> {
  const [row] = await tx
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.id, id), eq(employees.isArchived, false), sql`${employees.role} in ${[...roles]}`, worksIn(filialId)));
  return Boolean(row);
}

/**
 * Checks the given references (absent ones are not checked) and answers the course's price when a course was
 * checked. Throws 400 `{field: [message key]}` for every bad one.
 */
export async function checkReferences(tx: DbOrTx, refs: References): Promise<{ coursePrice?: string }> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, key: string) => (errors[field] = [key]);

  const [branch] = await tx.select({ id: filials.id }).from(filials).where(and(eq(filials.id, refs.filial), eq(filials.isArchived, false)));
  if (!branch) {
    fail('filial', 'validation.notFound');
    throw fieldKeys(errors);
  }
  let coursePrice: string | undefined;
  if (refs.course != null) {
    const [course] = await tx
      .select({ price: courses.price })
      .from(courses)
      .where(and(eq(courses.id, refs.course), eq(courses.filialId, refs.filial), eq(courses.isArchived, false)));
    if (course) coursePrice = course.price;
    else fail('course', groupMsg.course);
  }
  if (refs.room != null) {
    const [room] = await tx
      .select({ id: rooms.id })
      .from(rooms)
      .where(and(eq(rooms.id, refs.room), eq(rooms.filialId, refs.filial), eq(rooms.isArchived, false)));
    if (!room) fail('room', groupMsg.room);
  }
  if (refs.teacher != null && !(await isStaff(tx, refs.teacher, refs.filial, TEACHER_ROLES))) fail('teacher', groupMsg.teacher);
  if (refs.assistant != null && !(await isStaff(tx, refs.assistant, refs.filial, ASSISTANT_ROLES))) fail('assistant', groupMsg.assistant);
  if (refs.parent_group != null) {
    const [main] = await tx
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.id, refs.parent_group), eq(groups.filialId, refs.filial), eq(groups.isSecondary, false)));
    if (!main) fail('parent_group', groupMsg.parentGroup);
  }
  if (Object.keys(errors).length) throw fieldKeys(errors);
  return { coursePrice };
}
