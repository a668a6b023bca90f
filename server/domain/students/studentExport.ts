// The rows behind GET /students/excel/: the list with GET /students/'s filters, every page at once (capped).
import { and } from 'drizzle-orm';
import type { z } from 'zod';
import { STUDENTS_EXCEL_LIMIT, type StudentListItem, type studentsQuery } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import { filials, students } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { resolveFilial } from '../core/scope';
import { selectStudentRows, studentFiltersWhere, studentScopeWhere } from './studentRows';
import { ownStudentCondition } from './teacherScope';

export type StudentExport = { rows: StudentListItem[]; filialNames: Map<number, string> };

export async function exportStudents(q: DbOrTx, user: AuthUser, query: z.output<typeof studentsQuery>): Promise<StudentExport> {
  const where = and(studentScopeWhere(resolveFilial(user, query.filial)), ownStudentCondition(user, students.id), studentFiltersWhere(query));
  const rows = await selectStudentRows(q, where, { limit: STUDENTS_EXCEL_LIMIT, offset: 0 });
  const names = await q.select({ id: filials.id, name: filials.name }).from(filials);
  return { rows, filialNames: new Map(names.map((r) => [r.id, r.name])) };
}
