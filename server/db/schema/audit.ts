import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { employees } from './employees';

/** The actions of a lesson register's save (a marking; a correction after its day). */
export const REGISTER_SAVE_ACTIONS = ['attendance.mark', 'attendance.correct'] as const;
/** Those actions as an SQL list, literal, so a read's condition matches the partial index's own predicate. */
export const registerSaveActionsSql = sql.raw(REGISTER_SAVE_ACTIONS.map((a) => `'${a}'`).join(', '));

/** Append-only record of every mutation: who, when, what, before and after. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').references(() => employees.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    // No foreign key: the log must outlive the branch it mentions.
    filialId: integer('filial_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
    // A register's saves, latest first and counted from the index alone (a lesson answers its latest ten and the
    // count of all; the entity index made both read every save's row).
    index('audit_log_register_saves_idx')
      .on(t.entityId, t.createdAt, t.id)
      .where(sql`${t.entity} = 'lesson' and ${t.action} in (${registerSaveActionsSql})`),
  ],
);
