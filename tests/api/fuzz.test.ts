// Fuzzing every endpoint of the catalogue with requests generated from its zod schemas (tests/fuzz): no 5xx,
// every 4xx in the error shape, no write left behind by a 4xx. FUZZ_RUNS requests in all (1,000 by default,
// split over the backends); FUZZ_SEED=<n> replays a run; FUZZ_ONLY=<regex> narrows it to matching `METHOD path`s;
// FUZZ_VERBOSE=1 lists the endpoints that never answered 2xx.
import { describe, expect, it } from 'vitest';
import { describeFailure, fuzzApi } from '../fuzz/runner';
import { backends, useTestApp } from './harness';

// 500 a backend still covers every endpoint (checked below); `npm run soak` sends 20,000.
const runs = Number(process.env.FUZZ_RUNS ?? 1000);
// A new seed each local run explores; CI replays one fixed seed so a landing is judged on known requests (the soak
// and local runs keep exploring, and any seed they print replays here).
const CI_SEED = 20261125;
const seed = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : process.env.CI === 'true'
    ? CI_SEED
    : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
const only = process.env.FUZZ_ONLY ? new RegExp(process.env.FUZZ_ONLY) : undefined;
const perBackend = Math.ceil(runs / backends().length);
// About 60 ms a request on a busy machine, plus sign-ins; the soak's 20,000 get their time from the same rule.
const timeout = 60_000 + perBackend * 150;

describe.each(backends())('%s', (backend) => {
  const t = useTestApp(backend);

  it(`answers ${perBackend} fuzzed requests without a 5xx, with error-shaped 4xx and no write after a 4xx`, { timeout }, async () => {
    // Each backend gets its own stream, derived from the printed seed.
    const backendSeed = (seed + backends().indexOf(backend)) | 0;
    console.log(`fuzz ${backend}: FUZZ_SEED=${seed} (stream ${backendSeed}), ${perBackend} requests${only ? `, only ${only}` : ''}`);
    const report = await fuzzApi(t, { runs: perBackend, seed: backendSeed, only });
    console.log(
      `fuzz ${backend}: ${report.requests} requests over ${report.endpointsCovered}/${report.endpoints} endpoints in ${report.seconds.toFixed(1)} s (${report.fingerprints} fingerprinted); ` +
        `statuses ${JSON.stringify(report.byStatus)}; slowest ${report.slowest.map((s) => `${s.endpoint} ${s.ms} ms`).join(', ')}`,
    );
    if (process.env.FUZZ_VERBOSE) console.log(`fuzz ${backend}: never 2xx: ${report.neverSucceeded.join(', ')}`);
    if (report.failures.length) {
      const text = report.failures.map(describeFailure).join('\n\n');
      throw new Error(`fuzz ${backend} (FUZZ_SEED=${seed}): ${report.failures.length} failure(s)\n\n${text}`);
    }
    expect(report.requests).toBe(perBackend);
    // Every endpoint gets its share once there are enough requests for one round.
    if (!only && perBackend >= report.endpoints) expect(report.endpointsCovered).toBe(report.endpoints);
  });
});
