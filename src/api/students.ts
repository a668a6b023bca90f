// The student lists of spec section 7 ("Students"): GET /students/ (one page of a list with its filters), the
// counts of every list, the walk-in create (answers the student and same-phone leads and students) and the
// phone check the add dialog runs while the user types.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { paged } from '../../contract/common';
import {
  checkPhoneAnswer,
  studentCounts,
  studentCreated,
  studentListItem,
  type StudentCreateBody,
  type StudentCreated,
  type StudentList,
} from '../../contract/students';
import { api } from './http';
import { queryClient } from './queryClient';
import { studentsParams, type StudentFilters } from '../lib/studentLists';

export type { StudentCounts, StudentCreated, StudentDuplicate, StudentListItem } from '../../contract/students';

const studentListPage = paged(studentListItem);

export const studentKeys = {
  all: ['students'] as const,
  page: (list: StudentList, filters: StudentFilters, filial: number | null) => ['students', 'list', list, filial, filters] as const,
  counts: (filial: number | null) => ['students', 'counts', filial] as const,
  phone: (phone: string) => ['students', 'check_phone', phone] as const,
};

/** GET /students/?list&page&page_size=30&filial&…: one page; the previous page stays while the next loads. */
export function useStudentsPage(list: StudentList, filters: StudentFilters, filial: number | null) {
  return useQuery({
    queryKey: studentKeys.page(list, filters, filial),
    queryFn: () => api.get('/students/', { params: studentsParams(list, filters, filial), schema: studentListPage }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /students/counts/?filial: how many students each list holds (the tabs' numbers). */
export function useStudentCounts(filial: number | null) {
  return useQuery({
    queryKey: studentKeys.counts(filial),
    queryFn: () => api.get('/students/counts/', { params: { filial }, schema: studentCounts }),
    enabled: filial !== null,
  });
}

/** GET /students/check_phone?phone_number=: students and leads with this phone; asked only for a whole number. */
export function usePhoneCheck(phone: string | null) {
  return useQuery({
    queryKey: studentKeys.phone(phone ?? ''),
    queryFn: () => api.get('/students/check_phone', { params: { phone_number: phone }, schema: checkPhoneAnswer }),
    enabled: phone !== null,
    staleTime: 30_000,
  });
}

/** POST /students/: a walk-in student; every list and count is refetched afterwards. */
export async function createStudent(body: StudentCreateBody): Promise<StudentCreated> {
  const created = await api.post('/students/', body, { schema: studentCreated });
  await queryClient.invalidateQueries({ queryKey: studentKeys.all });
  return created;
}
