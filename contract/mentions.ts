// Mentions in comments (issue 6): who a comment may mention. GET /comments/mentionable/?filial= lists the active
// employees working in the branch, and those with no branches (they work in every branch) — the same rule POST
// /comments/ and /comments/stuff/ check for `mentions`. Without `filial`, every branch of the reader's scope.
import { z } from 'zod';
import { queryId } from './common';
import { roleSchema } from './auth';

export const mentionableQuery = z.object({ filial: queryId });
export type MentionableParams = { filial?: number };

export const mentionable = z.object({ id: z.number().int(), full_name: z.string(), role: roleSchema });
export type Mentionable = z.infer<typeof mentionable>;
export const mentionableList = z.array(mentionable);
