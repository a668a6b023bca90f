// Time and round trips of the two heavy background jobs (the billing safety net and the freeze job) over the
// database of DATABASE_URL, as of now. On a database whose charges and freezes are already right both change
// nothing, so the benchmark's own database may be used. `--batch=1,50` compares the billing job's groups per
// transaction.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/markaz_bench_s100000_1 node --import tsx bench/jobTimes.ts --batch=1,50
import { postgresHandle } from '../server/db/client';
import { applyCharges } from '../server/jobs/billing';
import { applyFreezes } from '../server/jobs/studentFreezes';
import { centreToday } from '../server/domain/lessons/dates';
import { startRecording, stopRecording } from './statementLog';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL: the database to run the jobs over');
const batches = (process.argv.find((a) => a.startsWith('--batch='))?.slice(8) ?? '50').split(',').map(Number);
const handle = postgresHandle(url);
try {
  const timed = async (label: string, run: () => Promise<unknown>) => {
    startRecording();
    const t0 = performance.now();
    const result = await run();
    const ms = Math.round(performance.now() - t0);
    console.log(`${label}: ${ms} ms, ${stopRecording().length} round trips, ${JSON.stringify(result)}`);
  };
  const now = new Date();
  for (const batch of batches) await timed(`billing, ${batch} groups a transaction`, () => applyCharges(handle.db, now, batch));
  await timed('freezes', async () => {
    const r = await applyFreezes(handle.db, centreToday(now));
    return { started: r.started.length, ended: r.ended.length };
  });
} finally {
  await handle.close();
}
