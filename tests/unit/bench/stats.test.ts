import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { median, percentile, ratio, summarize } from '../../../bench/stats';

describe('bench stats', () => {
  it('takes nearest-rank percentiles', () => {
    const s = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100
    expect(percentile(s, 50)).toBe(50);
    expect(percentile(s, 95)).toBe(95);
    expect(percentile(s, 99)).toBe(99);
    expect(percentile(s, 100)).toBe(100);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([1, 2, 3], 50)).toBe(2);
    expect(percentile([1, 2, 3, 4], 50)).toBe(2);
    expect(percentile([], 50)).toBeNaN();
  });

  it('keeps percentiles ordered and within the samples', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e4, noNaN: true }), { minLength: 1 }), (xs) => {
        const s = summarize(xs);
        const lo = Math.min(...xs);
        const hi = Math.max(...xs);
        expect(s.count).toBe(xs.length);
        expect(s.p50).toBeLessThanOrEqual(s.p95);
        expect(s.p95).toBeLessThanOrEqual(s.p99);
        expect(s.p99).toBeLessThanOrEqual(s.max);
        expect(s.p50).toBeGreaterThanOrEqual(Math.round(lo * 100) / 100 - 0.01);
        expect(s.max).toBeCloseTo(hi, 1);
      }),
    );
  });

  it('summarizes latency samples whatever their order', () => {
    const xs = [5, 1, 4, 2, 3, 10, 9, 8, 7, 6];
    expect(summarize(xs)).toEqual({ count: 10, p50: 5, p95: 10, p99: 10, max: 10, mean: 5.5 });
  });

  it('takes medians of odd and even counts', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('divides API time by SQL time, none when there is no SQL time', () => {
    expect(ratio(3, 2)).toBe(1.5);
    expect(ratio(10, 3)).toBe(3.33);
    expect(ratio(3, 0)).toBeNull();
    expect(ratio(Number.NaN, 2)).toBeNull();
  });
});
