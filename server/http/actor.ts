// Who made a change, for its audit entry: the signed-in user and the address the request came from.
import type { Context } from 'hono';
import { clientAddress } from './clientAddress';
import type { AppEnv } from './context';

export const actorOf = (c: Context<AppEnv>) => ({ user: c.get('user'), ip: clientAddress(c) });
