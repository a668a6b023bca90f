// The pure arithmetic of the bar charts (src/ui/charts/BarChart.tsx): round ticks for a value axis that starts at
// zero, the bands of the categories, and numbers written as the interface writes them (src/lib/money.ts: digits
// grouped with a no-break space, comma before decimals, in Uzbek, Russian and English alike).
import { DECIMAL_SEPARATOR, GROUP_SEPARATOR } from '../../lib/money';

/** A round step (1, 2, 2.5 or 5 times a power of ten; integers only when `integer`) that cuts `span` in about `count`. */
export function niceStep(span: number, count: number, integer = false): number {
  const raw = span / Math.max(1, count);
  const power = 10 ** Math.floor(Math.log10(raw));
  const steps = integer && power < 10 ? [1, 2, 5, 10] : [1, 2, 2.5, 5, 10];
  const step = (steps.find((s) => raw <= s * power + 1e-12 * power) ?? 10) * power;
  return integer ? Math.max(1, Math.round(step)) : step;
}

/**
 * The ticks of a value axis from 0 to at least `max`, evenly spaced by a round step: niceTicks(7) → 0, 2, 4, 6, 8;
 * niceTicks(100) → 0, 20, …, 100. Nothing to show (max ≤ 0, or not a number) gives 0 and 1.
 */
export function niceTicks(max: number, count = 5, integer = false): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const step = niceStep(max, count, integer);
  const n = Math.ceil(max / step - 1e-9);
  return Array.from({ length: n + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** Where `value` sits on an axis of `length` pixels from 0 to `top` (clamped to the axis). */
export function scaleLinear(value: number, top: number, length: number): number {
  if (!(top > 0)) return 0;
  return Math.max(0, Math.min(length, (value / top) * length));
}

/** `count` categories across `length` pixels: each band's size and the start of band `i`, `padding` of it left empty. */
export function bands(count: number, length: number, padding = 0.2): { size: number; bar: number; start: (i: number) => number } {
  const size = count > 0 ? length / count : length;
  return { size, bar: size * (1 - padding), start: (i: number) => i * size + (size * padding) / 2 };
}

/** Every k-th category label so that labels of `labelWidth` pixels do not overlap in bands of `bandSize`. */
export function labelEvery(bandSize: number, labelWidth: number): number {
  return bandSize > 0 ? Math.max(1, Math.ceil(labelWidth / bandSize)) : 1;
}

/** 1234567.5 → "1 234 567,5" (at most two decimals, none when whole). */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const [int, frac = ''] = Math.abs(value).toFixed(2).split('.');
  const decimals = frac.replace(/0+$/, '');
  const sign = value < 0 && (int !== '0' || decimals) ? '-' : '';
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_SEPARATOR)}${decimals ? DECIMAL_SEPARATOR + decimals : ''}`;
}

/** A text's width in pixels at `fontSize`, estimated from its length (the browser measures it when it can). */
export const estimateWidth = (fontSize: number) => (text: string) => text.length * fontSize * 0.58;

/**
 * A category label cut into at most `maxLines` lines no wider than `width` pixels (words kept whole where they fit,
 * a word longer than a line cut; the last line ends in "…" when text is left over).
 */
export function wrapLabel(text: string, width: number, measure: (s: string) => number, maxLines = 2): string[] {
  const fits = (s: string) => measure(s) <= width;
  const longest = (s: string) => {
    let n = s.length;
    while (n > 1 && !fits(s.slice(0, n))) n--;
    return n;
  };
  const lines: string[] = [];
  let rest = text.trim();
  while (rest && lines.length < maxLines) {
    if (fits(rest)) {
      lines.push(rest);
      rest = '';
      break;
    }
    const room = longest(rest);
    const cut = rest.lastIndexOf(' ', room);
    const at = cut > 0 ? cut : room;
    lines.push(rest.slice(0, at));
    rest = rest.slice(at).trim();
  }
  if (rest && lines.length) {
    let last = `${lines[lines.length - 1].trimEnd()}…`;
    while (last.length > 2 && !fits(last)) last = `${last.slice(0, -2).trimEnd()}…`;
    lines[lines.length - 1] = last;
  }
  return lines;
}
