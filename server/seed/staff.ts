// Demo employee profiles: every demo employee works 09:00–18:00 Monday to Saturday; teachers teach the subject of
// their first group and earn per lesson (every other one a share of what their students paid), the others a
// fixed monthly salary by role; the call operator takes calls.
import { sql } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import type { DbOrTx } from '../db/client';
import { employeeProfiles, employees } from '../db/schema';

const FIXED: Partial<Record<Role, string>> = {
  DIRECTOR: '15000000.00',
  MULTIPLE_FILIAL_MANAGER: '12000000.00',
  FILIAL_Manager: '9000000.00',
  ACCOUNTING: '7000000.00',
  HEAD_TEACHER: '8000000.00',
};
const TEACHING: Role[] = ['TEACHER', 'ASSISTANT'];

export async function seedStaff(tx: DbOrTx): Promise<void> {
  const people = await tx
    .select({
      id: employees.id,
      role: employees.role,
      // Written out in full: drizzle leaves column names unqualified in a one-table select.
      subjectId: sql<number | null>`(select c.subject_id from groups g join courses c on c.id = g.course_id where g.teacher_id = "employees"."id" order by g.id limit 1)`,
    })
    .from(employees)
    .orderBy(employees.id);
  if (!people.length) return;
  await tx.insert(employeeProfiles).values(
    people.map((p, i) => {
      const teaching = TEACHING.includes(p.role);
      const percent = teaching && i % 2 === 1 && p.role === 'TEACHER';
      return {
        employeeId: p.id,
        subjectId: p.subjectId == null ? null : Number(p.subjectId),
        isCallOperator: p.role === 'CALL_OPERATOR',
        salaryKind: percent ? ('percent' as const) : teaching ? ('per_lesson' as const) : ('fixed' as const),
        salaryAmount: percent ? null : teaching ? (p.role === 'TEACHER' ? '150000.00' : '80000.00') : (FIXED[p.role] ?? '5000000.00'),
        salaryPercent: percent ? '40.00' : null,
        workDays: [1, 2, 3, 4, 5, 6],
        workStart: '09:00',
        workEnd: '18:00',
      };
    }),
  ).onConflictDoNothing({ target: employeeProfiles.employeeId });
}
