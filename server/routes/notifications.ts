// Spec section 7, "Notifications": the bell's unread list and mark-read.
import { Hono } from 'hono';
import { idParam } from '../../contract/common';
import { notificationPatch, notificationsQuery, notification } from '../../contract/notifications';
import { listNotifications, setNotificationRead } from '../domain/notifications/notifications';
import { actorOf } from '../http/actor';
import type { AppDeps, AppEnv } from '../http/context';
import { validate } from '../http/validate';
import { answers } from '../http/answers';
import { z } from 'zod';

export function notificationRoutes(deps: AppDeps) {
  return new Hono<AppEnv>({ strict: false })
    .get('/no-pg', validate('query', notificationsQuery), answers(z.array(notification)), async (c) =>
      c.json(await listNotifications(deps.db, c.get('user'), c.req.valid('query'))),
    )
    .patch('/:id', validate('param', idParam), validate('json', notificationPatch), answers(notification), async (c) =>
      c.json(await setNotificationRead(deps.db, actorOf(c), c.req.valid('param').id, c.req.valid('json').is_read)),
    );
}
