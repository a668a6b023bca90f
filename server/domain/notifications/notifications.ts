// Notifications are personal: a user reads and marks only their own.
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Notification, notificationsQuery } from '../../../contract/notifications';
import type { Db, DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema';
import type { AuthUser } from '../core/actor';
import { forbidden, notFound } from '../core/errors';
import { audit } from '../audit/record';

const columns = {
  id: notifications.id,
  comment: notifications.comment,
  is_read: notifications.isRead,
  created_at: notifications.createdAt,
  filial_id: notifications.filialId,
  link: notifications.link,
};

function toNotification(row: { id: number; comment: string; is_read: boolean; created_at: Date; link: string | null }): Notification {
  return { id: row.id, comment: row.comment, is_read: row.is_read, created_at: row.created_at.toISOString(), link: row.link };
}

export type NewNotification = { userId: number; comment: string; filialId?: number | null; link?: string | null };

/** Creates notifications inside the caller's transaction (tasks assigned, overdue, mentions). */
export async function notify(tx: DbOrTx, items: NewNotification[]): Promise<void> {
  if (items.length === 0) return;
  await tx.insert(notifications).values(
    items.map((n) => ({ userId: n.userId, comment: n.comment, filialId: n.filialId ?? null, link: n.link ?? null })),
  );
}

export async function listNotifications(
  db: Db,
  user: AuthUser,
  query: z.output<typeof notificationsQuery>,
): Promise<Notification[]> {
  const userId = query.user ?? user.id;
  if (userId !== user.id) throw forbidden('You can only read your own notifications');
  const rows = await db
    .select(columns)
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), query.is_read === undefined ? undefined : eq(notifications.isRead, query.is_read)),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id));
  return rows.map(toNotification);
}

export async function setNotificationRead(
  db: Db,
  actor: { user: AuthUser; ip: string },
  id: number,
  isRead: boolean,
): Promise<Notification> {
  return db.transaction(async (tx) => {
    const own = and(eq(notifications.id, id), eq(notifications.userId, actor.user.id));
    const [before] = await tx.select(columns).from(notifications).where(own).for('update');
    // Someone else's notification is as unknown as a missing one.
    if (!before) throw notFound('Notification not found');
    const [after] = await tx.update(notifications).set({ isRead }).where(own).returning(columns);
    await audit(tx, {
      actorId: actor.user.id,
      action: isRead ? 'notification.mark_read' : 'notification.mark_unread',
      entity: 'notification',
      entityId: id,
      filialId: before.filial_id,
      before: { is_read: before.is_read },
      after: { is_read: after.is_read },
      ip: actor.ip,
    });
    return toNotification(after);
  });
}
