// One group's page: the group, its members with their attendance, its lessons month by month, one lesson with its
// roster (the attendance sheet), the writes on lessons and memberships, and a student's results. Parsed with the
// contract; query keys carry every filter.
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { attendanceBody, type AttendanceBody } from '../../contract/attendance';
import { group, type Group } from '../../contract/groups';
import { lessonDetail, lessonItem, type GroupExtraLesson, type LessonDetail, type LessonPatch } from '../../contract/lessons';
import { groupMember, moveResult, type AddToGroup, type MoveToGroup } from '../../contract/membership';
import { studentResults } from '../../contract/results';
import { studentBrief, type StudentsNoPgParams } from '../../contract/students';
import { api } from './http';

export const groupDetailKeys = {
  all: ['groupDetail'] as const,
  /** Under 'groups' so a saved group form (which refetches every 'groups' query) refreshes the page too. */
  group: (id: number) => ['groups', 'one', id] as const,
  members: (id: number) => ['groupDetail', id, 'members'] as const,
  lessons: (id: number, start: string, end: string) => ['groupDetail', id, 'lessons', { start, end }] as const,
  groupLessons: (id: number) => ['groupDetail', id, 'lessons'] as const,
  lesson: (lessonId: number) => ['lesson', lessonId] as const,
  results: (student: number, start: string, end: string) => ['results', 'student', { student, start, end }] as const,
  pickGroups: (filial: number) => ['groups', 'no-pg', { filial }] as const,
  students: (query: StudentsNoPgParams) => ['students', 'no-pg', query] as const,
};

/** GET /groups/{id}/ */
export function groupOptions(id: number) {
  return queryOptions({
    queryKey: groupDetailKeys.group(id),
    queryFn: () => api.get(`/groups/${id}/`, { schema: group }),
  });
}
export const useGroup = (id: number) => useQuery(groupOptions(id));

/** GET /add-group/group/{id}/: current members with their attendance since joining. */
export function useGroupMembers(id: number) {
  return useQuery({
    queryKey: groupDetailKeys.members(id),
    queryFn: () => api.get(`/add-group/group/${id}/`, { schema: z.array(groupMember) }),
  });
}

/** GET /lessons/no-pg/?group&start_date&end_date: a group's lessons between two dates (a month). */
export function useGroupLessons(id: number, start: string, end: string) {
  return useQuery({
    queryKey: groupDetailKeys.lessons(id, start, end),
    queryFn: () =>
      api.get('/lessons/no-pg/', {
        params: { group: id, start_date: start, end_date: end },
        schema: z.array(lessonItem),
      }),
  });
}

/** GET /groups/no-pg/?filial: running groups of a branch, the targets of a move. */
export function usePickableGroups(filial: number | null) {
  return useQuery({
    queryKey: groupDetailKeys.pickGroups(filial ?? 0),
    queryFn: () => api.get('/groups/no-pg/', { params: { filial }, schema: z.array(group) }),
    enabled: filial !== null,
  });
}

/**
 * GET /students/no-pg/?filial&q&exclude_group&limit: the branch's students to pick one to add to a group. The
 * server searches and caps the list; the previous answer stays on screen while a new search loads.
 */
export function useBranchStudents(query: StudentsNoPgParams) {
  return useQuery({
    queryKey: groupDetailKeys.students(query),
    queryFn: () => api.get('/students/no-pg/', { params: query, schema: z.array(studentBrief) }),
    placeholderData: keepPreviousData,
  });
}

/** GET /results/student/?id&start_date&end_date */
export function useStudentResults(student: number, start: string, end: string) {
  return useQuery({
    queryKey: groupDetailKeys.results(student, start, end),
    queryFn: () =>
      api.get('/results/student/', {
        params: { id: student, start_date: start, end_date: end },
        schema: studentResults,
      }),
    enabled: start !== '' && end !== '' && start <= end,
  });
}

/** GET /lessons/{id}/: the lesson with who is expected at it and their attendance. */
export function fetchLesson(lessonId: number): Promise<LessonDetail> {
  return api.get(`/lessons/${lessonId}/`, { schema: lessonDetail });
}

/** PUT /lessons/{id}/attendance/: saves the whole sheet; answers the lesson as stored. */
export function saveAttendance(lessonId: number, body: AttendanceBody): Promise<LessonDetail> {
  return api.put(`/lessons/${lessonId}/attendance/`, attendanceBody.parse(body), { schema: lessonDetail });
}

/** PATCH /lessons/{id}/: cancel or move (409 when the new time clashes). */
export function patchLesson(lessonId: number, body: LessonPatch): Promise<unknown> {
  return api.patch(`/lessons/${lessonId}/`, body);
}

/** POST /lessons/group-extra/ */
export function addGroupExtraLesson(body: GroupExtraLesson): Promise<unknown> {
  return api.post('/lessons/group-extra/', body);
}

/** POST /add-group/ */
export function addMember(body: AddToGroup): Promise<unknown> {
  return api.post('/add-group/', body);
}

/** POST /add-group/groups/update/: leaves `group_id` the day before `date`, joins `new_group_id` on it. */
export function moveMember(body: MoveToGroup): Promise<z.infer<typeof moveResult>> {
  return api.post('/add-group/groups/update/', body, { schema: moveResult });
}

/**
 * After a write on a group: refetch its page, other groups' pages (a move changes two), group lists, the schedule
 * and the student pickers (which leave members out).
 */
export function useRefreshGroup() {
  const client = useQueryClient();
  return () =>
    Promise.all(
      [groupDetailKeys.all, ['groups'], ['schedule'], ['results'], ['students']].map((queryKey) => client.invalidateQueries({ queryKey })),
    );
}

export type { Group };
