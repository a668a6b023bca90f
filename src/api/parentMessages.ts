// Messages to parents (issue 17): the outbox list (GET /messages/), the month's count and parts per branch
// (/messages/stats/), resend of a failed one, the branch's settings (/messages/settings/), the debt message and a
// parent's opt-out (/messages/students/{id}/).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  debtMessageResult,
  messageSettings,
  type MessageSettingsBody,
  messageStats,
  type MessagesQuery,
  parentMessage,
  parentMessagesPage,
  parentOptOut,
} from '../../contract/parentMessagesApi';
import { api } from './http';
import { idempotencyHeaders } from './idempotency';
import { queryClient } from './queryClient';

export const messageKeys = {
  all: ['messages'] as const,
  list: (q: Partial<MessagesQuery>) => ['messages', 'list', q] as const,
  stats: (month: string) => ['messages', 'stats', month] as const,
  settings: (filial: number) => ['messages', 'settings', filial] as const,
  optOut: (student: number) => ['messages', 'optOut', student] as const,
};

const refresh = () => queryClient.invalidateQueries({ queryKey: messageKeys.all });

export function useMessages(query: Partial<MessagesQuery>, enabled = true) {
  return useQuery({
    queryKey: messageKeys.list(query),
    queryFn: () => api.get('/messages/', { params: query, schema: parentMessagesPage }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMessageStats(month: string) {
  return useQuery({ queryKey: messageKeys.stats(month), queryFn: () => api.get('/messages/stats/', { params: { month }, schema: messageStats }) });
}

export function useMessageSettings(filial: number | null) {
  return useQuery({
    queryKey: messageKeys.settings(filial ?? 0),
    queryFn: () => api.get('/messages/settings/', { params: { filial: filial ?? undefined }, schema: messageSettings }),
    enabled: filial !== null,
  });
}

export async function saveMessageSettings(body: MessageSettingsBody, key: string) {
  const saved = await api.patch('/messages/settings/', body, { headers: idempotencyHeaders(key), schema: messageSettings });
  await refresh();
  return saved;
}

export async function resendMessage(id: number, key: string) {
  const saved = await api.post(`/messages/${id}/resend/`, {}, { headers: idempotencyHeaders(key), schema: parentMessage });
  await refresh();
  return saved;
}

export async function sendDebtMessages(students: number[], key: string) {
  const result = await api.post('/messages/debt/', { students }, { headers: idempotencyHeaders(key), schema: debtMessageResult });
  await refresh();
  return result;
}

export function useParentOptOut(student: number) {
  return useQuery({ queryKey: messageKeys.optOut(student), queryFn: () => api.get(`/messages/students/${student}/`, { schema: parentOptOut }) });
}

export async function setParentOptOut(student: number, optOut: boolean, key: string) {
  const saved = await api.patch(`/messages/students/${student}/`, { opt_out: optOut }, { headers: idempotencyHeaders(key), schema: parentOptOut });
  await refresh();
  return saved;
}
