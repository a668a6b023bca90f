import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bands, estimateWidth, formatNumber, labelEvery, niceStep, niceTicks, scaleLinear, wrapLabel } from '../../../src/ui/charts/scale';

describe('niceTicks', () => {
  it.each([
    [7, true, [0, 2, 4, 6, 8]],
    [3, true, [0, 1, 2, 3]],
    [1, true, [0, 1]],
    [100, false, [0, 20, 40, 60, 80, 100]],
    [1484568, false, [0, 500000, 1000000, 1500000]],
    [0.9, false, [0, 0.2, 0.4, 0.6, 0.8, 1]],
    [0, false, [0, 1]],
    [Number.NaN, false, [0, 1]],
  ])('%s (integer %s) → %j', (max, integer, ticks) => {
    expect(niceTicks(max, 5, integer as boolean)).toEqual(ticks);
  });

  it('covers the maximum with evenly spaced round ticks from zero', () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-3, max: 1e12, noNaN: true }), fc.integer({ min: 2, max: 8 }), fc.boolean(), (max, count, integer) => {
        const ticks = niceTicks(integer ? Math.ceil(max) : max, count, integer);
        const step = ticks[1] - ticks[0];
        expect(ticks[0]).toBe(0);
        expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual((integer ? Math.ceil(max) : max) * (1 - 1e-9));
        expect(ticks.length).toBeLessThanOrEqual(2 * count + 2);
        for (let i = 1; i < ticks.length; i++) expect(ticks[i] - ticks[i - 1]).toBeCloseTo(step, 6);
        if (integer) for (const t of ticks) expect(Number.isInteger(t)).toBe(true);
        const mantissa = Number((step / 10 ** Math.floor(Math.log10(step))).toPrecision(6));
        expect([1, 2, 2.5, 5]).toContain(mantissa);
      }),
    );
  });
});

describe('niceStep', () => {
  it('avoids 2.5 below ten when counting whole things', () => {
    expect(niceStep(11, 5, false)).toBe(2.5);
    expect(niceStep(11, 5, true)).toBe(5);
    expect(niceStep(0.5, 5, true)).toBe(1);
  });
});

describe('scaleLinear and bands', () => {
  it('places a value on the axis and clamps it', () => {
    expect(scaleLinear(50, 100, 200)).toBe(100);
    expect(scaleLinear(150, 100, 200)).toBe(200);
    expect(scaleLinear(-1, 100, 200)).toBe(0);
    expect(scaleLinear(5, 0, 200)).toBe(0);
  });
  it('cuts the length into equal bands with padding on both sides', () => {
    const b = bands(4, 400, 0.2);
    expect(b.size).toBe(100);
    expect(b.bar).toBe(80);
    expect(b.start(0)).toBe(10);
    expect(b.start(3)).toBe(310);
  });
  it('skips labels that would overlap', () => {
    expect(labelEvery(60, 50)).toBe(1);
    expect(labelEvery(20, 50)).toBe(3);
    expect(labelEvery(0, 50)).toBe(1);
  });
});

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [12, '12'],
    [1234567, '1\u00a0234\u00a0567'],
    [1500000.5, '1\u00a0500\u00a0000,5'],
    [-2500.25, '-2\u00a0500,25'],
    [-0.001, '0'],
    [87.5, '87,5'],
  ])('%s → %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe('wrapLabel', () => {
  const measure = estimateWidth(12);
  it('keeps a short label on one line', () => {
    expect(wrapLabel('Instagram', 120, measure)).toEqual(['Instagram']);
  });
  it('breaks at spaces and ends an overflow with an ellipsis, every line within the width', () => {
    const lines = wrapLabel('Ingliz tili boshlang‘ich guruhi kechki smena', 100, measure);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('Ingliz tili');
    expect(lines[1].endsWith('…')).toBe(true);
    for (const l of lines) expect(measure(l)).toBeLessThanOrEqual(100);
  });
  it('cuts a word longer than the width', () => {
    const [line] = wrapLabel('E2E-manba-abcdefghijklmnop', 60, measure, 1);
    expect(line.endsWith('…')).toBe(true);
    expect(measure(line)).toBeLessThanOrEqual(60);
  });
  it('never gives a line wider than the width', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.integer({ min: 30, max: 200 }), fc.integer({ min: 1, max: 3 }), (text, width, maxLines) => {
        const lines = wrapLabel(text, width, measure, maxLines);
        expect(lines.length).toBeLessThanOrEqual(maxLines);
        for (const l of lines) expect(measure(l)).toBeLessThanOrEqual(Math.max(width, measure('x…')));
      }),
    );
  });
});
