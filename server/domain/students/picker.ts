// GET /students/no-pg/: a branch's students for pickers (the group page's "add student" dialog). Never the whole
// branch: at most `limit` rows, alphabetical, and a person narrows with `q` rather than paging.
import { and, asc, eq, inArray, isNull, like, notExists, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { StudentBrief, studentsNoPgQuery } from '../../../contract/students';
import type { DbOrTx } from '../../db/client';
import { studentGroups, students } from '../../db/schema';
import { APOSTROPHES, searchableName } from '../../db/schema/nameSearch';
import type { AuthUser } from '../core/actor';
import { containsPattern } from '../catalogue/common';
import { resolveFilial } from '../core/scope';
import { ownStudentCondition } from './teacherScope';
import { studentBriefColumns } from './students';

const APOSTROPHE_RUN = new RegExp(`[${APOSTROPHES}]`, 'g');

export type PickerSearch = { name: string } | { phoneDigits: string };

/**
 * What a search text looks for: made of digits (with spaces, +, -, parentheses) it is a piece of a phone number;
 * otherwise a piece of the full name, lower-cased, apostrophes made plain.
 */
export function pickerSearch(q: string): PickerSearch {
  const digits = q.replace(/\D/g, '');
  if (digits !== '' && /^[\d\s+()-]+$/.test(q)) return { phoneDigits: digits };
  return { name: q.toLowerCase().replace(APOSTROPHE_RUN, "'") };
}

// The same expression as the trigram index students_name_trgm_idx, so the search uses it.
const searchableStudentName = searchableName(students.fullName);

export function searchCondition(q: string): SQL {
  const search = pickerSearch(q);
  // Phones are stored as +998XXXXXXXXX, so the digits are the phone without its plus.
  if ('phoneDigits' in search) return like(students.phone, containsPattern(search.phoneDigits));
  return like(searchableStudentName, containsPattern(search.name));
}

export async function listStudentsForPicker(
  db: DbOrTx,
  user: AuthUser,
  query: z.output<typeof studentsNoPgQuery>,
): Promise<StudentBrief[]> {
  const scope = resolveFilial(user, query.filial);
  const openMember = (groupId: number) =>
    db
      .select({ one: sql`1` })
      .from(studentGroups)
      .where(and(eq(studentGroups.studentId, students.id), eq(studentGroups.groupId, groupId), isNull(studentGroups.leftOn)));
  return db
    .select(studentBriefColumns)
    .from(students)
    .where(
      and(
        scope === 'all' ? undefined : inArray(students.filialId, scope),
        ownStudentCondition(user, students.id),
        eq(students.isArchived, query.is_archived),
        query.status ? eq(students.status, query.status) : undefined,
        query.q ? searchCondition(query.q) : undefined,
        query.exclude_group ? notExists(openMember(query.exclude_group)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${students.fullName})`), asc(students.id))
    .limit(query.limit);
}
