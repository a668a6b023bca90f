// The benchmark's rows as a Markdown table, kept between markers in docs/benchmarks-app.md.
import type { AppBenchRow } from './types';

export const START = '<!-- app-bench:start -->';
export const END = '<!-- app-bench:end -->';

export function markdownRows(rows: AppBenchRow[]): string {
  const mark = (r: AppBenchRow) => (r.ok === undefined ? '' : r.ok ? 'ok' : '**over**');
  return [
    '| figure | value | budget | |',
    '|---|---:|---:|---|',
    ...rows.map((r) => `| ${r.name} | ${r.value} ${r.unit} | ${r.budget === undefined ? '' : `≤ ${r.budget} ${r.unit}`} | ${mark(r)} |`),
  ].join('\n');
}

/** Puts `table` between the markers of `doc` (appending them when missing). */
export function replaceBetweenMarkers(doc: string, table: string): string {
  const block = `${START}\n${table}\n${END}`;
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1 || end < start) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, start) + block + doc.slice(end + END.length);
}
