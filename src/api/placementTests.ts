// Placement and progress tests (/edu/test/create), parsed with the contract: the branch's paged list, one test
// with its questions, the writes (POST creates, PUT replaces the questions) and archiving.
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { testDetail, testPage, type TestBody, type TestDetail } from '../../contract/placementTests';
import type { TestKind } from '../machines/testDraft';
import { api } from './http';
import { queryClient } from './queryClient';

export type TestsFilter = { filial: number | null; page: number; archived: boolean; kind?: TestKind };

export const testKeys = {
  all: ['placementTests'] as const,
  page: (f: TestsFilter) => ['placementTests', 'page', f] as const,
  one: (id: number) => ['placementTests', 'one', id] as const,
};

/** GET /tests/?filial&page&kind&is_archived: one page of the branch's tests, newest first. */
export function useTestsPage(f: TestsFilter) {
  return useQuery({
    queryKey: testKeys.page(f),
    queryFn: () => api.get('/tests/', { params: { filial: f.filial, page: f.page, kind: f.kind, is_archived: f.archived }, schema: testPage }),
    enabled: f.filial !== null,
    placeholderData: keepPreviousData,
  });
}

export function fetchTest(id: number): Promise<TestDetail> {
  return api.get(`/tests/${id}/`, { schema: testDetail });
}

/** POST /tests/ or PUT /tests/{id}/ with the whole test; afterwards the cached lists are refetched. */
export async function saveTest(id: number | null, body: TestBody): Promise<TestDetail> {
  const saved = id === null ? await api.post('/tests/', body, { schema: testDetail }) : await api.put(`/tests/${id}/`, body, { schema: testDetail });
  await queryClient.invalidateQueries({ queryKey: testKeys.all });
  return saved;
}

/** PATCH /tests/{id}/ {is_archived}: archived tests leave the active list and come back when unarchived. */
export function useArchiveTest() {
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) => api.patch(`/tests/${id}/`, { is_archived: archived }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: testKeys.all }),
  });
}
