// The JWT signing secret: JWT_SECRET, or one generated on first start and kept in app_settings so that
// every app process over the same database signs and verifies with the same key.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

const SETTING_KEY = 'jwt_secret';

export async function ensureJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  // Two processes starting together both insert; the first wins and both read the winner.
  await db
    .insert(appSettings)
    .values({ key: SETTING_KEY, value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, SETTING_KEY));
  if (!row) throw new Error('jwt_secret is missing from app_settings');
  return row.value;
}
