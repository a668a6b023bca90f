import { z } from 'zod';
import { queryBool, queryId } from './common';

export const notification = z.object({
  id: z.number().int(),
  comment: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  /** Where the notification leads in the app (e.g. `/tasks?id=5`), or null. */
  link: z.string().nullish(),
});
export type Notification = z.infer<typeof notification>;

export const notificationsQuery = z.object({ user: queryId, is_read: queryBool.optional() });
export const notificationPatch = z.object({ is_read: z.boolean() });
