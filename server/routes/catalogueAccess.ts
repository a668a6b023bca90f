// What the catalogue routers share: who acts, and the page guards (reading is open to every education screen
// that picks a subject, level, theme or course; writing needs `materials`).
import type { Context } from 'hono';
import { CATALOGUE_READ_PAGES, CATALOGUE_WRITE_PAGES, type Actor } from '../domain/catalogue/common';
import { clientAddress } from '../http/clientAddress';
import type { AppEnv } from '../http/context';
import { requirePage } from '../http/requirePage';

export const actorOf = (c: Context<AppEnv>): Actor => ({ user: c.get('user'), ip: clientAddress(c) });
export const canRead = requirePage(...CATALOGUE_READ_PAGES);
export const canWrite = requirePage(...CATALOGUE_WRITE_PAGES);
