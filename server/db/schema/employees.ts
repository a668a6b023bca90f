import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { PageKey, Role } from '../../../contract/roles';
import { filials } from './filials';

export const employees = pgTable(
  'employees',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    /** Normalised `+998XXXXXXXXX`; the sign-in name. */
    phone: text('phone').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    photo: text('photo'),
    isArchived: boolean('is_archived').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The staff search is ILIKE '%…%' on the name: a trigram index (pg_trgm).
  (t) => [index('employees_name_trgm_idx').using('gin', t.fullName.op('gin_trgm_ops'))],
);

/** An employee's branches; none means every branch (spec section 6). */
export const employeeFilials = pgTable(
  'employee_filials',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    filialId: integer('filial_id')
      .notNull()
      .references(() => filials.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.filialId] }), index('employee_filials_filial_idx').on(t.filialId)],
);

/** Page permissions (`me.pages`); a key missing here reads as not readable. */
export const employeePages = pgTable(
  'employee_pages',
  {
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    page: text('page').$type<PageKey>().notNull(),
    isReadable: boolean('is_readable').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.employeeId, t.page] })],
);
