// Who made a change, for its audit entry: the signed-in user, the address the request came from, and the
// request's instant (the app clock's now), which the time-dependent rules of the change use.
import type { Context } from 'hono';
import { clientAddress } from './clientAddress';
import type { Actor } from '../domain/core/actor';
import type { AppEnv } from './context';

export const actorOf = (c: Context<AppEnv>): Actor => ({ user: c.get('user'), ip: clientAddress(c), now: c.get('now') });

/** The request's instant (AppDeps.clock's now when the request arrived). */
export const nowOf = (c: Context<AppEnv>): Date => c.get('now');
