// The load generator's process, forked by load.ts: runs autocannon for each job it is sent (warm-up, then the
// measured run) and answers with the latency summary of every response, the request rate and the failures.
import autocannon from 'autocannon';
import { summarize } from './stats';
import type { LoadJob, LoadReply } from './load';

function cannon(job: LoadJob, seconds: number, collect?: number[]) {
  return new Promise<{ non2xx: number; errors: number; elapsed: number; answered: number }>((resolve, reject) => {
    let non2xx = 0;
    let answered = 0;
    const start = performance.now();
    const instance = autocannon({ url: job.url, connections: job.connections, duration: seconds, headers: job.headers, timeout: 30 }, (err, result) => {
      if (err) reject(err);
      else resolve({ non2xx: Math.max(non2xx, result.non2xx), errors: result.errors + result.timeouts, elapsed: (performance.now() - start) / 1000, answered });
    });
    instance.on('response', (_client, status, _bytes, responseTime) => {
      answered++;
      if (status < 200 || status > 299) non2xx++;
      collect?.push(responseTime);
    });
  });
}

process.on('message', async (job: LoadJob) => {
  try {
    const warm = job.warmupSeconds > 0 ? (await cannon(job, job.warmupSeconds)).answered : 0;
    const times: number[] = [];
    const run = await cannon(job, job.seconds, times);
    const reply: LoadReply = {
      id: job.id,
      figure: { connections: job.connections, seconds: job.seconds, ...summarize(times), rps: Math.round(times.length / run.elapsed), non2xx: run.non2xx, errors: run.errors, answered_with_warmup: warm + run.answered },
    };
    process.send!(reply);
  } catch (e) {
    process.send!({ id: job.id, error: String((e as Error).stack ?? e) } satisfies LoadReply);
  }
});
