// One student's page: the student, their memberships, statistics, results, freezes and archivings, history and
// comments, and the writes the page makes (edit, comment). Status moves are saved by the studentStatus statechart;
// group joins and moves reuse the group page's calls. Parsed with the contract; query keys carry every filter.
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { archivedStudent, membership, type ArchiveStudentBody } from '../../contract/membership';
import { studentResults } from '../../contract/results';
import { studentDetail, type StudentDetail, type StudentPatchBody } from '../../contract/students';
import { commentItem, commentPage } from '../../contract/comments';
import { historyPage, studentArchiveHistory, studentStats } from '../../contract/studentStatusApi';
import { refreshAfterWrite } from './finance';
import { api } from './http';
import { idempotencyHeaders } from './idempotency';

export const studentDetailKeys = {
  /** Under 'students' so any student write elsewhere (lists, pickers) refreshes the page too. */
  all: ['students', 'detail'] as const,
  one: (id: number) => ['students', 'detail', id] as const,
  memberships: (id: number) => ['students', 'detail', id, 'memberships'] as const,
  stats: (id: number) => ['students', 'detail', id, 'stats'] as const,
  history: (id: number, page: number) => ['students', 'detail', id, 'history', { page }] as const,
  records: (id: number) => ['students', 'detail', id, 'records'] as const,
  comments: (id: number, page: number) => ['students', 'detail', id, 'comments', { page }] as const,
  results: (id: number, start: string, end: string) => ['results', 'student', { student: id, start, end }] as const,
};

/** GET /students/{id}/ */
export function useStudent(id: number) {
  return useQuery({ queryKey: studentDetailKeys.one(id), queryFn: () => api.get(`/students/${id}/`, { schema: studentDetail }) });
}

/** GET /add-group/student/{id}/: every membership, current and past. */
export function useStudentMemberships(id: number) {
  return useQuery({
    queryKey: studentDetailKeys.memberships(id),
    queryFn: () => api.get(`/add-group/student/${id}/`, { schema: z.array(membership) }),
  });
}

/** GET /api/v2/students/stats/{id}: attendance counts and lessons. */
export function useStudentStats(id: number) {
  return useQuery({
    queryKey: studentDetailKeys.stats(id),
    queryFn: () => api.get(`/api/v2/students/stats/${id}`, { schema: studentStats }),
  });
}

/** GET /results/student/?id&start_date&end_date */
export function useStudentResultsRange(id: number, start: string, end: string) {
  return useQuery({
    queryKey: studentDetailKeys.results(id, start, end),
    queryFn: () => api.get('/results/student/', { params: { id, start_date: start, end_date: end }, schema: studentResults }),
    enabled: start !== '' && end !== '' && start <= end,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2/students/{id}/history?page: the student's log, newest first. */
export function useStudentHistory(id: number, page: number) {
  return useQuery({
    queryKey: studentDetailKeys.history(id, page),
    queryFn: () => api.get(`/api/v2/students/${id}/history`, { params: { page }, schema: historyPage }),
    placeholderData: keepPreviousData,
  });
}

/** GET /archived/students/?id: the student's archivings and freezes. */
export function useStudentRecords(id: number) {
  return useQuery({
    queryKey: studentDetailKeys.records(id),
    queryFn: () => api.get('/archived/students/', { params: { id }, schema: studentArchiveHistory }),
  });
}

/** GET /comments/all/{id}/?target=student&page */
export function useStudentComments(id: number, page: number) {
  return useQuery({
    queryKey: studentDetailKeys.comments(id, page),
    queryFn: () => api.get(`/comments/all/${id}/`, { params: { target: 'student', page }, schema: commentPage }),
    placeholderData: keepPreviousData,
  });
}

/** POST /comments/ {student, text, mentions} */
export function addStudentComment(student: number, text: string, mentions: readonly number[] = []) {
  return api.post('/comments/', { student, text, ...(mentions.length ? { mentions } : {}) }, { schema: commentItem });
}

/** PATCH /students/{id}/: the edit form sends what it shows. */
export function updateStudent(id: number, body: StudentPatchBody): Promise<StudentDetail> {
  return api.patch(`/students/${id}/`, body, { schema: studentDetail });
}

/**
 * Cancels a freeze that has not started yet: the student stays active, so the status chart has no move for it;
 * the server's unfreeze takes it back (spec section 7, "Students").
 */
export function cancelScheduledFreeze(id: number): Promise<unknown> {
  return api.post(`/api/v2/students/${id}/unfreeze`, {});
}

/** After any write on the student: the page, its tabs, lists and pickers, and the groups' rosters. */
export function useRefreshStudent() {
  const client = useQueryClient();
  return () =>
    Promise.all([['students'], ['groupDetail'], ['groups'], ['results']].map((queryKey) => client.invalidateQueries({ queryKey })));
}

/**
 * PATCH /add-group/{id}/ with what happens to a positive balance (refund from a desk or keep as credit): a money
 * write, so it carries the action's Idempotency-Key; afterwards every student, money and desk read is refreshed.
 */
export async function archiveWithMoney(id: number, body: ArchiveStudentBody, key: string) {
  const answer = await api.patch(`/add-group/${id}/`, body, { schema: archivedStudent, headers: idempotencyHeaders(key) });
  await refreshAfterWrite();
  return answer;
}

export type { StudentDetail };
