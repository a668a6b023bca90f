// Queuing a message to parents: always inside the transaction of the event that causes it, so a message exists
// exactly when its event committed; the same event for the same student (or lead) and source is queued once.
import type { MessageEvent } from '../../../contract/parentMessages';
import type { Tx } from '../../db/client';
import { type MessageChannel, parentMessageHistory, parentMessages } from '../../db/schema';

export type NewMessage = {
  filialId: number;
  /** The student the message is about; null for a lead's welcome (then `leadId`). */
  studentId: number | null;
  leadId?: number | null;
  /** `+998XXXXXXXXX`. */
  phone: string;
  channel: MessageChannel;
  event: MessageEvent;
  /** What the event is about, e.g. `lesson:12`: the same event, student (or lead) and source are queued once. */
  sourceId: string;
  text: string;
  /** Not sent before this instant (an absence waits a few minutes for a correction); default: now. */
  notBefore?: Date;
};

/** Queues `message` in the caller's transaction; returns its id, or null when it was already queued. */
export async function enqueueMessage(tx: Tx, message: NewMessage, now: Date): Promise<number | null> {
  const { notBefore, ...values } = message;
  const [row] = await tx
    .insert(parentMessages)
    .values({ ...values, status: 'waiting', nextAttemptAt: notBefore ?? now, createdAt: now })
    // Either unique index (the student's or the lead's) makes a repeat a no-op.
    .onConflictDoNothing()
    .returning({ id: parentMessages.id });
  if (!row) return null;
  await tx.insert(parentMessageHistory).values({ messageId: row.id, status: 'waiting', at: now });
  return row.id;
}
