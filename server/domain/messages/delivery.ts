// The gateway's delivery report (Eskiz's callback_url): the message it names by the id its send answered becomes
// delivered, or failed with the gateway's status as the reason. A report for an unknown id, or for a message that
// is not `sent` (a repeat of the same report, or one that arrives late), changes nothing.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { parentMessageHistory, parentMessages } from '../../db/schema';

/** Eskiz's statuses of a message the operator delivered; the other final ones are failures. */
const DELIVERED = new Set(['DELIVRD', 'DELIVERED']);
const FAILED = new Set(['UNDELIV', 'UNDELIVERABLE', 'EXPIRED', 'REJECTD', 'REJECTED', 'DELETED', 'FAILED', 'ERROR']);

export type DeliveryReport = { providerMessageId: string; status: string; detail?: string };

/** Applies a report; answers whether it changed a message. */
export async function recordDelivery(db: Db, report: DeliveryReport, now: Date): Promise<boolean> {
  const status = report.status.trim().toUpperCase();
  const next = DELIVERED.has(status) ? ('delivered' as const) : FAILED.has(status) ? ('failed' as const) : null;
  // An intermediate status (ACCEPTD, waiting, TRANSMTD) says nothing final.
  if (!next) return false;
  const reason = next === 'failed' ? [status, report.detail].filter(Boolean).join(': ') : null;
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(parentMessages)
      .set(next === 'delivered' ? { status: next, deliveredAt: now } : { status: next, reason })
      .where(and(eq(parentMessages.providerMessageId, report.providerMessageId), inArray(parentMessages.status, ['sent'])))
      .returning({ id: parentMessages.id });
    if (!changed.length) return false;
    await tx.insert(parentMessageHistory).values(changed.map((m) => ({ messageId: m.id, status: next, reason, at: now })));
    return true;
  });
}
