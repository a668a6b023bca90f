// Who a comment may mention: GET /comments/mentionable/?filial= (the branch's active employees and those of every
// branch), for the comment composers' MentionPicker.
import { useQuery } from '@tanstack/react-query';
import { mentionableList } from '../../contract/mentions';
import { api } from './http';

export type { Mentionable } from '../../contract/mentions';

export const mentionKeys = { people: (filial: number | null) => ['comments', 'mentionable', filial] as const };

/** `filial` null: every branch of the reader's scope. */
export function useMentionable(filial: number | null) {
  return useQuery({
    queryKey: mentionKeys.people(filial),
    queryFn: () => api.get('/comments/mentionable/', { params: { filial: filial ?? undefined }, schema: mentionableList }),
    staleTime: 60_000,
  });
}
