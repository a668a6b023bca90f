// Parents on Telegram from the student card: whether a bot is configured, the linked chats, a one-time link for a
// parent (shown with its QR code) and unlinking a chat.
import { useQuery } from '@tanstack/react-query';
import { studentTelegram, telegramLinkAnswer } from '../../contract/telegram';
import { api } from './http';
import { idempotencyHeaders } from './idempotency';
import { queryClient } from './queryClient';

export const telegramKeys = { student: (id: number) => ['telegram', 'student', id] as const };

/** GET /students/{id}/telegram/ */
export function useStudentTelegram(studentId: number) {
  return useQuery({ queryKey: telegramKeys.student(studentId), queryFn: () => api.get(`/students/${studentId}/telegram/`, { schema: studentTelegram }) });
}

/** POST /students/{id}/telegram/link/: a new one-time link, valid a week. */
export function createTelegramLink(studentId: number, key: string) {
  return api.post(`/students/${studentId}/telegram/link/`, undefined, { schema: telegramLinkAnswer, headers: idempotencyHeaders(key) });
}

/** DELETE /students/{id}/telegram/{chat}/ */
export async function unlinkTelegramChat(studentId: number, chat: number, key: string) {
  await api.delete(`/students/${studentId}/telegram/${chat}/`, { headers: idempotencyHeaders(key) });
  await queryClient.invalidateQueries({ queryKey: telegramKeys.student(studentId) });
}
