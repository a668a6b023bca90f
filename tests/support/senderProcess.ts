// One server process's message sender, for the two-process test: `node --import tsx tests/support/senderProcess.ts
// <DATABASE_URL> <ESKIZ_BASE_URL> <instant>` sends waiting messages until none is left, its clock standing at
// `instant` (out of the quiet hours), then prints how many it sent.
import { postgresHandle } from '../../server/db/client';
import { manualClock } from '../../server/domain/core/clock';
import { sendWaitingMessages } from '../../server/domain/messages/sender';
import { eskizProvider } from '../../server/messaging/eskiz';

const [databaseUrl, eskizBase, instant] = process.argv.slice(2);
const clock = manualClock(instant);
const handle = postgresHandle(databaseUrl);
const provider = eskizProvider({ baseUrl: eskizBase, email: 'centre@example.uz', password: 'secret', from: '4546' });
let sent = 0;
for (;;) {
  // Small batches, so the two processes' claims interleave.
  const run = await sendWaitingMessages(handle.db, provider, clock, 5);
  sent += run.sent;
  if (run.sent + run.failed + run.retrying === 0) break;
}
await handle.close();
console.log(JSON.stringify({ sent }));
