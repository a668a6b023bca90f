import { pgTable, text } from 'drizzle-orm/pg-core';

/** Small key/value settings shared by every app process (e.g. the generated JWT secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
