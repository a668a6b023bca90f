// Views read a machine through its one connect selector (connectLeadStage, connectStudentStatus, ...), which says
// what the view may show and do, instead of matching states or reading context themselves (the student page once
// computed the legal moves twice). This fails when a view's useSelector reads a snapshot without a connect.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../support/imports';

const srcDir = path.resolve(__dirname, '../../../src');

/** The arguments of each `useSelector(...)` call, read to its closing parenthesis. */
function selectorCallArgs(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/\buseSelector\(/g)) {
    const start = (match.index ?? 0) + match[0].length;
    let depth = 1;
    let end = start;
    while (end < source.length && depth > 0) {
      if (source[end] === '(') depth++;
      else if (source[end] === ')') depth--;
      end++;
    }
    calls.push(source.slice(start, end - 1));
  }
  return calls;
}

/** The selectors given to useSelector that do not go through a connect function. */
function readsWithoutConnect(source: string): string[] {
  return selectorCallArgs(source)
    .map((args) => args.slice(args.indexOf(',') + 1).trim())
    .filter((selector) => !/\bconnect[A-Z]\w*\b/.test(selector));
}

describe('views read machines through connect', () => {
  it('tells a connect read from a direct one', () => {
    expect(readsWithoutConnect('const a = useSelector(actor, (s) => connectLeadStage(s).moves);')).toEqual([]);
    expect(readsWithoutConnect('const a = useSelector(actor, connectMemberMove);')).toEqual([]);
    expect(readsWithoutConnect("const a = useSelector(actor, (s) => s.matches('saving'));")).toEqual(["(s) => s.matches('saving')"]);
    expect(readsWithoutConnect('const a = useSelector(actor, selectMoves);')).toEqual(['selectMoves']);
    expect(readsWithoutConnect('return { saving: useSelector(actor, (s) => s.context.saving), x: 1 };')).toEqual(['(s) => s.context.saving']);
  });

  it('no view or app hook reads a snapshot without its connect', () => {
    const offenders = [...sourceFiles(path.join(srcDir, 'views')), ...sourceFiles(path.join(srcDir, 'app'))].flatMap((file) =>
      readsWithoutConnect(readFileSync(file, 'utf8')).map((selector) => `${path.relative(srcDir, file)}: ${selector}`),
    );
    expect(offenders).toEqual([]);
  });
});
