// Groups of spec section 7 ("Groups"), parsed with the contract: the paged list with its filters, one group,
// the writes (409 names the clashing group), the scheduling assistant (GET /groups/availability), and the
// look-ups the list filters and the group form need (courses, teachers).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { roleListItem } from '../../contract/auth';
import { course } from '../../contract/catalogue';
import { paged } from '../../contract/common';
import { ASSISTANT_ROLES, availability, group, TEACHER_ROLES, type Availability, type Group, type GroupBody, type GroupStatus } from '../../contract/groups';
import { groupDetailKeys } from './groupDetail';
import { api } from './http';
import { queryClient } from './queryClient';

export const groupPage = paged(group);

/** The list's filters as they stand in the URL query. */
export type GroupsFilter = {
  filial: number | null;
  page: number;
  subject?: number;
  level?: number;
  teacher?: number;
  status?: GroupStatus;
  q?: string;
};

export const groupKeys = {
  all: ['groups'] as const,
  page: (f: GroupsFilter) => ['groups', 'page', f] as const,
};

/** GET /groups/ with the spec's filter names (teacher__id, course__subject__id, course__level__id). */
export function useGroupsPage(f: GroupsFilter) {
  return useQuery({
    queryKey: groupKeys.page(f),
    queryFn: () =>
      api.get('/groups/', {
        params: {
          filial: f.filial,
          page: f.page,
          teacher__id: f.teacher,
          course__subject__id: f.subject,
          course__level__id: f.level,
          status: f.status,
          q: f.q,
        },
        schema: groupPage,
      }),
    enabled: f.filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** POST /groups/ or PUT /groups/{id}/; afterwards every cached group list and group is refetched. */
export async function saveGroup(id: number | null, body: GroupBody): Promise<Group> {
  const saved = id === null ? await api.post('/groups/', body, { schema: group }) : await api.put(`/groups/${id}/`, body, { schema: group });
  // The list, and a group page showing this group.
  await Promise.all([queryClient.invalidateQueries({ queryKey: groupKeys.all }), queryClient.invalidateQueries({ queryKey: groupDetailKeys.all })]);
  return saved;
}

export type AvailabilityRequest = {
  filial: number;
  days: readonly number[];
  start_time: string;
  end_time: string;
  start_date: string;
  end_date: string;
  /** The group being edited: its own schedule is no clash. */
  exclude_group?: number | null;
};

/** GET /groups/availability: every active room and teacher of the branch, free or busy (with the clash). */
export function fetchAvailability(q: AvailabilityRequest): Promise<Availability> {
  return api.get('/groups/availability', { params: { ...q, days: q.days.join(',') }, schema: availability });
}

// ------------------------------------------------------------------------------------------------ look-ups
// Subjects and levels come from the catalogue's hooks (src/api/catalogue.ts).

/** GET /courses/no-pg/?filial= (active courses of a branch, with their monthly price and duration). */
export function useCourseOptions(filial: number | null) {
  return useQuery({
    queryKey: ['courses', 'options', filial],
    queryFn: () => api.get('/courses/no-pg/', { params: { filial }, schema: z.array(course) }),
    enabled: filial !== null,
  });
}

const staffRoles: ReadonlySet<string> = new Set([...TEACHER_ROLES, ...ASSISTANT_ROLES]);

/**
 * GET /auth/roles/?filial&is_archived=false, kept to those who may lead or assist a group: the list's teacher
 * filter, and the form's choices until the scheduling assistant has answered for a slot.
 */
export function useGroupStaff(filial: number | null, enabled = true) {
  return useQuery({
    queryKey: ['groupStaff', filial],
    queryFn: async () => {
      const people = await api.get('/auth/roles/', { params: { filial, is_archived: false }, schema: z.array(roleListItem) });
      return people.filter((p) => staffRoles.has(p.role));
    },
    enabled: filial !== null && enabled,
  });
}
