// The bar charts of the reports and of a cashier's statistics, drawn as SVG: columns (categories along the bottom)
// or rows (categories down the left), one or more series side by side or stacked, a dashed grid at round ticks, a
// tooltip on hover or focus, a legend and optional value labels. A few kilobytes instead of a chart library;
// the arithmetic is in ./scale.ts.
import { useLayoutEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { bands, estimateWidth, formatNumber, labelEvery, niceTicks, scaleLinear, wrapLabel } from './scale';

export type BarSeries<D> = {
  key: string;
  name: string;
  /** One colour for the series, or one per bar. */
  colour: string | ((d: D) => string);
  value: (d: D) => number;
  /** The text of the tooltip and of the value label (the exact amount, say); else the number as the interface writes it. */
  text?: (d: D) => string;
};

export type BarChartProps<D> = {
  data: readonly D[];
  label: (d: D) => string;
  series: readonly BarSeries<D>[];
  layout?: 'columns' | 'rows';
  stacked?: boolean;
  height: number;
  /** The value axis ends here at least (100 for percentages). */
  max?: number;
  integer?: boolean;
  tick?: (v: number) => string;
  legend?: boolean;
  /** The value at the end of each bar (rows). */
  valueLabels?: boolean;
  /** Pixels for the category labels (rows) or the value ticks (columns). */
  axisWidth?: number;
  fontSize?: number;
  title?: string;
};

// Words in the text colours (AA on the card): a light series (free seats, amber) would not be readable as text.
const AXIS = 'var(--colors-fg-muted)';
const WORDS = 'var(--colors-fg-default)';
const GRID = 'var(--colors-border-default)';
const CURSOR = 'var(--colors-bg-subtle)';
const RADIUS = 4;
const wrap = css({ position: 'relative', w: 'full' });
const tip = css({
  position: 'absolute',
  pointerEvents: 'none',
  zIndex: 1,
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'md',
  px: '2.5',
  py: '1.5',
  fontSize: 'sm',
  whiteSpace: 'nowrap',
});
const legendRow = css({ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: '4', mt: '1', fontSize: 'sm' });
const swatch = css({ display: 'inline-block', w: '2.5', h: '2.5', borderRadius: 'xs', mr: '1.5' });

/** A bar with its far end rounded: `dir` says where that end is. */
function barPath(x: number, y: number, w: number, h: number, dir: 'up' | 'right' | 'none'): string {
  const r = dir === 'none' ? 0 : Math.min(RADIUS, dir === 'up' ? w / 2 : h / 2, dir === 'up' ? h : w);
  if (r <= 0) return `M${x},${y}h${w}v${h}h${-w}Z`;
  if (dir === 'up') return `M${x},${y + h}V${y + r}Q${x},${y} ${x + r},${y}H${x + w - r}Q${x + w},${y} ${x + w},${y + r}V${y + h}Z`;
  return `M${x},${y}H${x + w - r}Q${x + w},${y} ${x + w},${y + r}V${y + h - r}Q${x + w},${y + h} ${x + w - r},${y + h}H${x}Z`;
}

let canvas: CanvasRenderingContext2D | null | undefined;
/** Measures text in the page's font, else estimates it. */
function textMeasure(el: HTMLElement | null, fontSize: number): (s: string) => number {
  canvas ??= typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!canvas || !el) return estimateWidth(fontSize);
  const ctx = canvas;
  ctx.font = `${fontSize}px ${getComputedStyle(el).fontFamily}`;
  return (s) => ctx.measureText(s).width;
}

const colourOf = <D,>(s: BarSeries<D>, d: D) => (typeof s.colour === 'function' ? s.colour(d) : s.colour);

export function BarChart<D>({
  data,
  label,
  series,
  layout = 'columns',
  stacked = false,
  height,
  max,
  integer = false,
  tick = formatNumber,
  legend = false,
  valueLabels = false,
  axisWidth,
  fontSize = 13,
  title,
}: BarChartProps<D>) {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  const [active, setActive] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const rows = layout === 'rows';
  const text = (s: BarSeries<D>, d: D) => s.text?.(d) ?? formatNumber(s.value(d));
  const totals = data.map((d) => (stacked ? series.reduce((sum, s) => sum + Math.max(0, s.value(d)), 0) : Math.max(0, ...series.map((s) => s.value(d)))));
  const ticks = niceTicks(Math.max(max ?? 0, ...totals), 5, integer);
  const top = ticks[ticks.length - 1];
  const tickWidth = Math.max(...ticks.map((v) => tick(v).length)) * fontSize * 0.6;
  const left = rows ? (axisWidth ?? 120) : (axisWidth ?? Math.ceil(tickWidth + 12));
  const right = rows ? Math.max(16, valueLabels ? Math.max(...data.map((d) => text(series[0], d).length)) * fontSize * 0.6 + 12 : Math.ceil(tickWidth / 2) + 4) : 8;
  const topPad = rows ? 4 : 8;
  const bottom = fontSize + 14;
  const plotW = Math.max(0, width - left - right);
  const plotH = Math.max(0, height - topPad - bottom);
  const cats = bands(data.length, rows ? plotH : plotW, rows ? 0.25 : 0.2);
  const lanes = stacked ? 1 : series.length;
  const lane = cats.bar / lanes;
  const every = rows ? 1 : labelEvery(cats.size, Math.max(...data.map((d) => label(d).length)) * fontSize * 0.6 + 8);

  const bars = data.flatMap((d, i) => {
    let offset = 0;
    const last = stacked ? series.map((s) => s.value(d) > 0).lastIndexOf(true) : -1;
    return series.map((s, k) => {
      const v = Math.max(0, s.value(d));
      const from = stacked ? offset : 0;
      offset += v;
      const a = scaleLinear(from, top, rows ? plotW : plotH);
      const b = scaleLinear(from + v, top, rows ? plotW : plotH);
      const across = cats.start(i) + (stacked ? 0 : k * lane);
      const round = stacked && k !== last ? 'none' : rows ? 'right' : 'up';
      const path = rows ? barPath(left + a, topPad + across, b - a, lane, round) : barPath(left + across, topPad + plotH - b, lane, b - a, round);
      return v > 0 ? <path key={`${i}-${s.key}`} d={path} fill={colourOf(s, d)} data-bar={s.key} /> : null;
    });
  });

  const activeDatum = active === null ? undefined : data[active];
  const tipAt =
    active === null
      ? null
      : rows
        ? { left: left + plotW / 2, top: topPad + cats.start(active) + cats.bar + 4 }
        : { left: Math.min(Math.max(left + cats.start(active) + cats.bar / 2, 80), width - 80), top: topPad + 8 };

  return (
    <div ref={box} className={wrap} onMouseLeave={() => setActive(null)}>
      {width > 0 ? (
        <svg width={width} height={height} role="img" aria-label={title} fontSize={fontSize} style={{ display: 'block' }}>
          {ticks.map((v) => {
            const at = scaleLinear(v, top, rows ? plotW : plotH);
            return rows ? (
              <g key={v}>
                <line x1={left + at} x2={left + at} y1={topPad} y2={topPad + plotH} stroke={GRID} strokeDasharray="3 3" />
                <text x={left + at} y={topPad + plotH + fontSize + 6} textAnchor="middle" fill={AXIS}>
                  {tick(v)}
                </text>
              </g>
            ) : (
              <g key={v}>
                <line x1={left} x2={left + plotW} y1={topPad + plotH - at} y2={topPad + plotH - at} stroke={GRID} strokeDasharray="3 3" />
                <text x={left - 6} y={topPad + plotH - at} dy="0.32em" textAnchor="end" fill={AXIS}>
                  {tick(v)}
                </text>
              </g>
            );
          })}
          {active !== null ? (
            rows ? (
              <rect x={left} y={topPad + active * cats.size} width={plotW} height={cats.size} fill={CURSOR} />
            ) : (
              <rect x={left + active * cats.size} y={topPad} width={cats.size} height={plotH} fill={CURSOR} />
            )
          ) : null}
          {rows ? (
            <line x1={left} x2={left} y1={topPad} y2={topPad + plotH} stroke={GRID} />
          ) : (
            <line x1={left} x2={left + plotW} y1={topPad + plotH} y2={topPad + plotH} stroke={GRID} />
          )}
          {bars}
          {data.map((d, i) => {
            const name = label(d);
            const measure = rows ? textMeasure(box.current, fontSize) : estimateWidth(fontSize);
            if (rows) {
              const lines = wrapLabel(name, left - 10, measure, 3);
              const mid = topPad + cats.start(i) + cats.bar / 2;
              return (
                <text key={i} x={left - 6} y={mid - ((lines.length - 1) * (fontSize + 2)) / 2} textAnchor="end" fill={AXIS}>
                  <title>{name}</title>
                  {lines.map((l, n) => (
                    <tspan key={n} x={left - 6} dy={n === 0 ? '0.32em' : fontSize + 2}>
                      {l}
                    </tspan>
                  ))}
                </text>
              );
            }
            return i % every === 0 ? (
              <text key={i} x={left + cats.start(i) + cats.bar / 2} y={topPad + plotH + fontSize + 6} textAnchor="middle" fill={AXIS}>
                {name}
              </text>
            ) : null;
          })}
          {valueLabels && rows
            ? data.map((d, i) => (
                <text key={i} x={left + scaleLinear(totals[i], top, plotW) + 6} y={topPad + cats.start(i) + cats.bar / 2} dy="0.32em" fill={WORDS}>
                  {text(series[0], d)}
                </text>
              ))
            : null}
          {data.map((_, i) => (
            <rect
              key={i}
              data-band={i}
              tabIndex={-1}
              x={rows ? left : left + i * cats.size}
              y={rows ? topPad + i * cats.size : topPad}
              width={rows ? plotW : cats.size}
              height={rows ? cats.size : plotH}
              fill="transparent"
              onMouseEnter={() => setActive(i)}
              onFocus={() => setActive(i)}
            />
          ))}
        </svg>
      ) : (
        <div style={{ height }} />
      )}
      {activeDatum !== undefined && tipAt ? (
        <div className={tip} style={{ left: tipAt.left, top: tipAt.top, transform: 'translateX(-50%)' }} role="tooltip">
          <div className={css({ fontWeight: 'semibold', mb: '0.5' })}>{label(activeDatum)}</div>
          {series.map((s) => (
            <div key={s.key}>
              <span className={swatch} style={{ background: colourOf(s, activeDatum) }} />
              {s.name}: {text(s, activeDatum)}
            </div>
          ))}
        </div>
      ) : null}
      {legend ? (
        <div className={legendRow}>
          {series.map((s) => (
            <span key={s.key}>
              <span className={swatch} style={{ background: typeof s.colour === 'string' ? s.colour : WORDS }} />
              {s.name}
            </span>
          ))}
        </div>
      ) : null}
    </div>
  );
}
