import { useEffect, useRef, useState } from 'react';
import type { Lang } from '../i18n';
import type { DayProblem } from '../lib/dayInput';

export type TypedProblem = DayProblem | 'min' | 'max';
type Parsed = { ok: true; value: string } | { ok: false; problem: DayProblem | 'empty' };

type Options = {
  /** The committed value (YYYY-MM-DD or YYYY-MM), "" for none. */
  value: string;
  onChange: (value: string) => void;
  lang: Lang;
  format: (value: string, lang: Lang) => string;
  parse: (text: string) => Parsed;
  outside?: (value: string) => 'min' | 'max' | null;
  /** The page always has a value (a report's day, the salary month): bad or empty text never clears it. */
  alwaysSet?: boolean;
};

/**
 * The text of a typed date or month field and what it commits. A whole valid text commits at once; leaving the field
 * (or Enter) with text that is no date shows its problem and commits "" — no stale or guessed value stays behind.
 * A change of `value` from outside (a reset, a picked day) replaces the text; our own "" leaves the bad text alone.
 * With `alwaysSet` nothing is ever cleared: a bad text only shows its problem while the value in use stays.
 */
export function useTypedValue({ value, onChange, lang, format, parse, outside, alwaysSet = false }: Options) {
  const [text, setText] = useState(() => format(value, lang));
  const [problem, setProblem] = useState<TypedProblem | null>(null);
  const reported = useRef(value);

  useEffect(() => {
    if (value === reported.current) return;
    reported.current = value;
    setText(format(value, lang));
    setProblem(null);
  }, [value, lang, format]);
  // Only a language switch re-formats the shown text (a text with a problem stays as typed).
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a language switch re-formats; a value or problem change must not
  useEffect(() => {
    if (!problem) setText(format(reported.current, lang));
  }, [lang]);

  const report = (next: string) => {
    reported.current = next;
    if (next !== value) onChange(next);
  };

  /**
   * Reads a text: `final` when the person leaves the field or presses Enter (then partial text is a problem).
   * Answers whether the text is a value the field can hold (a day within the bounds, or nothing).
   */
  const read = (typed: string, final: boolean): boolean => {
    const parsed = parse(typed);
    const found: TypedProblem | null = parsed.ok ? (outside?.(parsed.value) ?? null) : parsed.problem === 'empty' ? null : parsed.problem;
    if (found) {
      if (final) {
        setProblem(found);
        if (!alwaysSet) report('');
      }
      return false;
    }
    setProblem(null);
    if (!parsed.ok && alwaysSet) {
      // Emptied: the value in use stays, and so comes back on leaving the field.
      if (final) setText(format(value, lang));
      return true;
    }
    const next = parsed.ok ? parsed.value : '';
    if (final) setText(format(next, lang));
    report(next);
    return true;
  };

  return {
    text,
    problem,
    /** The person typed: keep the text, drop an old problem, commit a whole valid value. */
    type: (typed: string) => {
      setText(typed);
      setProblem(null);
      read(typed, false);
    },
    /** Blur or Enter. Answers whether the text was a value the field can hold. */
    finish: () => read(text, true),
    /** A value picked in the calendar. */
    pick: (picked: string) => {
      setText(format(picked, lang));
      setProblem(null);
      report(picked);
    },
  };
}
