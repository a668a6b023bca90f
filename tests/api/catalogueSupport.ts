// Shared by the catalogue API tests: the real translations (so field messages can be checked in English), a
// token per role, and lookups of the demo catalogue by name.
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import { subjectLevels, subjects, themes } from '../../server/db/schema';
import type { CallOptions, TestApp } from './harness';

export const REAL_LOCALES = { LOCALES_DIR: fileURLToPath(new URL('../../locales', import.meta.url)) };
export const EN = { 'accept-language': 'en' };

/** Signs each role in once per test file. */
export function tokens(t: TestApp) {
  const cache = new Map<Role, Promise<string>>();
  return (role: Role) => {
    if (!cache.has(role)) cache.set(role, t.signInAs(role).then((pair) => pair.access_token));
    return cache.get(role)!;
  };
}

/** `t.call` as a role, with English messages. */
export function caller(t: TestApp) {
  const tokenOf = tokens(t);
  return async (role: Role, method: string, path: string, options: Omit<CallOptions, 'token'> = {}) =>
    t.call(method, path, { ...options, token: await tokenOf(role), headers: { ...EN, ...options.headers } });
}

export async function subjectId(t: TestApp, name: string): Promise<number> {
  const [row] = await t.db.select({ id: subjects.id }).from(subjects).where(eq(subjects.name, name));
  if (!row) throw new Error(`no subject ${name}`);
  return row.id;
}

export async function levelId(t: TestApp, subject: string, name: string): Promise<number> {
  const [row] = await t.db
    .select({ id: subjectLevels.id })
    .from(subjectLevels)
    .where(and(eq(subjectLevels.subjectId, await subjectId(t, subject)), eq(subjectLevels.name, name)));
  if (!row) throw new Error(`no level ${subject} / ${name}`);
  return row.id;
}

export async function themeId(t: TestApp, subject: string, level: string, name: string): Promise<number> {
  const [row] = await t.db
    .select({ id: themes.id })
    .from(themes)
    .where(and(eq(themes.levelId, await levelId(t, subject, level)), eq(themes.name, name)));
  if (!row) throw new Error(`no theme ${name}`);
  return row.id;
}
