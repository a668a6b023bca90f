// Bonus coins (issue 5, "Shop and bonuses"), parsed with the contract: recent entries, the leaderboard, a
// student's coins, the students and groups the dialogs pick from, and the awards (with an Idempotency-Key made
// once per user action).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import {
  bonusAwardResult,
  bonusBalance,
  bonusEntry,
  bonusGroup,
  bonusStudent,
  bonusTopRow,
  type BonusAwardBody,
  type BonusAwardResult,
  type BonusBulkBody,
} from '../../contract/bonuses';
import { paged } from '../../contract/common';
import { api } from './http';
import { idempotencyHeaders } from './idempotency';
import { queryClient } from './queryClient';

export const bonusEntryPage = paged(bonusEntry);

export const bonusKeys = {
  all: ['bonus'] as const,
  entries: (filial: number | null, page: number) => ['bonus', 'entries', filial, page] as const,
  top: (filial: number | null) => ['bonus', 'top', filial] as const,
  students: (filial: number | null, q: string, group: number | null) => ['bonus', 'students', filial, q, group] as const,
  groups: (filial: number | null) => ['bonus', 'groups', filial] as const,
  balance: (student: number) => ['bonus', 'balance', student] as const,
};

/** GET /bonus/?filial&kind=award&page: the branch's awards, newest first. */
export function useBonusEntries(filial: number | null, page: number) {
  return useQuery({
    queryKey: bonusKeys.entries(filial, page),
    queryFn: () => api.get('/bonus/', { params: { filial, page, page_size: 15 }, schema: bonusEntryPage }),
    enabled: filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /bonus/top/?filial: the branch's leaderboard. */
export function useBonusTop(filial: number | null) {
  return useQuery({
    queryKey: bonusKeys.top(filial),
    queryFn: () => api.get('/bonus/top/', { params: { filial }, schema: z.array(bonusTopRow) }),
    enabled: filial !== null,
  });
}

/** GET /bonus/students/?filial&q or ?group: students with their coins (a search, or a group's roster). */
export function useBonusStudents(filial: number | null, q: string, group: number | null = null, enabled = true) {
  return useQuery({
    queryKey: bonusKeys.students(filial, q, group),
    queryFn: () => api.get('/bonus/students/', { params: { filial, q, group }, schema: z.array(bonusStudent) }),
    enabled: enabled && filial !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /bonus/groups/?filial: running groups with their sizes. */
export function useBonusGroups(filial: number | null) {
  return useQuery({
    queryKey: bonusKeys.groups(filial),
    queryFn: () => api.get('/bonus/groups/', { params: { filial }, schema: z.array(bonusGroup) }),
    enabled: filial !== null,
  });
}

/** GET /bonus/balance/{student}: a student's coins. */
export function useBonusBalance(student: number | null) {
  return useQuery({
    queryKey: bonusKeys.balance(student ?? 0),
    queryFn: () => api.get(`/bonus/balance/${student}/`, { schema: bonusBalance }),
    enabled: student !== null,
  });
}

async function afterAward<T>(result: T): Promise<T> {
  await queryClient.invalidateQueries({ queryKey: bonusKeys.all });
  return result;
}

export async function awardCoins(body: BonusAwardBody, key: string): Promise<BonusAwardResult> {
  return afterAward(await api.post('/bonus/', body, { schema: bonusAwardResult, headers: idempotencyHeaders(key) }));
}

export async function awardCoinsBulk(body: BonusBulkBody, key: string): Promise<BonusAwardResult> {
  return afterAward(await api.post('/bonus/bulk/', body, { schema: bonusAwardResult, headers: idempotencyHeaders(key) }));
}
