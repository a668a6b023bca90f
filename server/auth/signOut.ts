// Logout on the server: the current session ends at once for every app process, and the log says who left.
import type { Db } from '../db/client';
import { audit } from '../domain/audit/record';
import { revokeSession } from './sessions';

export async function signOut(db: Db, actor: { userId: number; sessionId: string; ip: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await revokeSession(tx, actor.sessionId, 'logout');
    await audit(tx, { actorId: actor.userId, action: 'auth.sign_out', entity: 'session', entityId: actor.sessionId, ip: actor.ip });
  });
}
