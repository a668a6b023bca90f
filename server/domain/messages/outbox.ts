// Queuing a message to parents: always inside the transaction of the event that causes it, so a message exists
// exactly when its event committed; the same event for the same student and source is queued once.
import type { MessageEvent } from '../../../contract/parentMessages';
import type { Tx } from '../../db/client';
import { type MessageChannel, parentMessageHistory, parentMessages } from '../../db/schema';

export type NewMessage = {
  filialId: number;
  studentId: number;
  /** `+998XXXXXXXXX`. */
  phone: string;
  channel: MessageChannel;
  event: MessageEvent;
  /** What the event is about, e.g. `lesson:12`: the same event, student and source are queued once. */
  sourceId: string;
  text: string;
};

/** Queues `message` in the caller's transaction; returns its id, or null when it was already queued. */
export async function enqueueMessage(tx: Tx, message: NewMessage, now: Date): Promise<number | null> {
  const [row] = await tx
    .insert(parentMessages)
    .values({ ...message, status: 'waiting', nextAttemptAt: now, createdAt: now })
    .onConflictDoNothing({ target: [parentMessages.event, parentMessages.studentId, parentMessages.sourceId] })
    .returning({ id: parentMessages.id });
  if (!row) return null;
  await tx.insert(parentMessageHistory).values({ messageId: row.id, status: 'waiting', at: now });
  return row.id;
}
