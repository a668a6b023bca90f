import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from './employees';
import { filials } from './filials';

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    filialId: integer('filial_id').references(() => filials.id, { onDelete: 'set null' }),
    /** Where the notification leads in the app, e.g. `/tasks?id=5` or `/students/info?id=42&tab=comments`. */
    link: text('link'),
  },
  (t) => [index('notifications_user_read_idx').on(t.userId, t.isRead)],
);
