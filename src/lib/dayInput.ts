// Typed dates of the date field: shown and accepted day first in both languages, "26.11.2026" in Uzbek and
// "26/11/2026" in English (British usage, as English is written in Uzbekistan; see docs/decisions.md), whatever the
// browser's locale. The wire format stays YYYY-MM-DD. Pure, so the rules are unit-tested without a browser.
import type { Lang } from '../i18n/language';

export const DAY_SEPARATOR: Record<Lang, string> = { uz: '.', ru: '.', en: '/' };

/** Why a typed text is not a date: nothing typed, not all of day, month and four-digit year, or no such day. */
export type DayProblem = 'incomplete' | 'invalid';
export type DayParse = { ok: true; iso: string } | { ok: false; problem: DayProblem | 'empty' };

const FIRST_YEAR = 1900;
const LAST_YEAR = 2199;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Whether year-month-day is a real calendar day (no 31.02, 29.02 only in leap years). */
function isRealDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** "2026-11-26" → "26.11.2026" (uz) or "26/11/2026" (en); "" for an empty or malformed value. */
export function formatDayInput(iso: string | null | undefined, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? '');
  if (!m) return '';
  const sep = DAY_SEPARATOR[lang];
  return `${m[3]}${sep}${m[2]}${sep}${m[1]}`;
}

/**
 * Reads a typed day, day first: "26.11.2026", "26/11/2026", "26-11-2026", "26 11 2026", "1.2.2026" and the eight
 * digits "26112026" all give "2026-11-26"-style ISO days; either language accepts any of these separators, so a
 * habit from the other language still works. A two-digit year is incomplete (never guessed), 31.02.2026 is invalid.
 */
export function parseDayInput(text: string): DayParse {
  const typed = text.trim();
  if (typed === '') return { ok: false, problem: 'empty' };
  let parts: string[];
  if (/^\d{8}$/.test(typed)) parts = [typed.slice(0, 2), typed.slice(2, 4), typed.slice(4)];
  else if (/^[\d./\-\s]+$/.test(typed)) parts = typed.split(/[./\-\s]+/).filter(Boolean);
  else return { ok: false, problem: 'invalid' };
  if (parts.length > 3) return { ok: false, problem: 'invalid' };
  const [day, month, year] = parts;
  if (parts.length < 3 || year.length !== 4 || day.length > 2 || month.length > 2) {
    return { ok: false, problem: parts.length === 3 && year.length > 4 ? 'invalid' : 'incomplete' };
  }
  const [d, m, y] = [Number(day), Number(month), Number(year)];
  if (y < FIRST_YEAR || y > LAST_YEAR || !isRealDay(y, m, d)) return { ok: false, problem: 'invalid' };
  return { ok: true, iso: `${pad(y, 4)}-${pad(m)}-${pad(d)}` };
}

/** Whether `iso` lies within the optional bounds (ISO days compare as strings). */
export function dayOutside(iso: string, min?: string | null, max?: string | null): 'min' | 'max' | null {
  if (min && iso < min) return 'min';
  if (max && iso > max) return 'max';
  return null;
}

/** "2026-11" → "11.2026" (uz) or "11/2026" (en): a month typed as in the day fields, without the day. */
export function formatMonthInput(month: string | null | undefined, lang: Lang): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month ?? '');
  return m ? `${m[2]}${DAY_SEPARATOR[lang]}${m[1]}` : '';
}

export type MonthParse = { ok: true; month: string } | { ok: false; problem: DayProblem | 'empty' };

/** Reads "11.2026", "11/2026", "11-2026", "1.2026" or the six digits "112026" into "2026-11". */
export function parseMonthInput(text: string): MonthParse {
  const typed = text.trim();
  if (typed === '') return { ok: false, problem: 'empty' };
  let parts: string[];
  if (/^\d{6}$/.test(typed)) parts = [typed.slice(0, 2), typed.slice(2)];
  else if (/^[\d./\-\s]+$/.test(typed)) parts = typed.split(/[./\-\s]+/).filter(Boolean);
  else return { ok: false, problem: 'invalid' };
  if (parts.length > 2) return { ok: false, problem: 'invalid' };
  const [month, year] = parts;
  if (parts.length < 2 || year.length !== 4 || month.length > 2) return { ok: false, problem: parts.length === 2 && year.length > 4 ? 'invalid' : 'incomplete' };
  const [m, y] = [Number(month), Number(year)];
  if (y < FIRST_YEAR || y > LAST_YEAR || m < 1 || m > 12) return { ok: false, problem: 'invalid' };
  return { ok: true, month: `${pad(y, 4)}-${pad(m)}` };
}
