// Summary maths of the benchmark: nearest-rank percentiles of latency samples and the median of repeated timings.

/** The nearest-rank p-th percentile (0 < p ≤ 100) of samples already sorted ascending; NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** The median of unsorted samples (the mean of the two middle ones when their count is even); NaN when empty. */
export function median(samples: readonly number[]): number {
  if (samples.length === 0) return Number.NaN;
  const s = [...samples].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export type LatencySummary = { count: number; p50: number; p95: number; p99: number; max: number; mean: number };

/** p50, p95, p99, max and mean of latency samples (ms), rounded to 0.01 ms. */
export function summarize(samples: readonly number[]): LatencySummary {
  const s = [...samples].sort((a, b) => a - b);
  const mean = s.length ? s.reduce((a, b) => a + b, 0) / s.length : Number.NaN;
  return {
    count: s.length,
    p50: round2(percentile(s, 50)),
    p95: round2(percentile(s, 95)),
    p99: round2(percentile(s, 99)),
    max: round2(s.length ? s[s.length - 1] : Number.NaN),
    mean: round2(mean),
  };
}

export const round2 = (x: number) => Math.round(x * 100) / 100;

/** API time over SQL time, rounded to 0.01; null when the SQL time is not positive (nothing to divide by). */
export function ratio(apiMs: number, sqlMs: number): number | null {
  return sqlMs > 0 && Number.isFinite(apiMs) ? round2(apiMs / sqlMs) : null;
}
