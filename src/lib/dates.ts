// Dates in the interface language, weeks starting on Monday (spec section 9). date-fns's Latin `uz` locale
// already starts weeks on Monday; `en-US` does not, so it gets weekStartsOn: 1 here. Patterns are explicit
// because date-fns's `uz` long formats print a 12-hour clock without AM/PM ("05/01/2026, 2:30").
// Not imported by the login page or i18n/index: date-fns stays out of the first bundle.
import { TZDate } from '@date-fns/tz';
import { format, isValid, parseISO } from 'date-fns';
import { CENTRE_TIME_ZONE } from '../../contract/centreDay';
import { enUS, ru, uz } from 'date-fns/locale';
import type { Locale } from 'date-fns';
import type { Lang } from '../i18n/language';
import { DATE_PATTERNS as PATTERNS } from '../../contract/datePatterns';

const enMonday: Locale = { ...enUS, options: { ...enUS.options, weekStartsOn: 1 } };
// date-fns's `ru` starts weeks on Monday too.
const LOCALES: Record<Lang, Locale> = { uz, ru, en: enMonday };

export function dateLocale(lang: Lang): Locale {
  return LOCALES[lang];
}

/** Dates from the server are ISO strings: "2026-01-05" is a local calendar day (parseISO), not UTC midnight. */
function toDate(value: Date | string | number): Date {
  return typeof value === 'string' ? parseISO(value) : new Date(value);
}

function formatWith(value: Date | string | number | null | undefined, pattern: string, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  return isValid(date) ? format(date, pattern, { locale: LOCALES[lang] }) : '';
}

export function formatDate(value: Date | string | number | null | undefined, lang: Lang = 'uz'): string {
  return formatWith(value, PATTERNS[lang].date, lang);
}

/** A day without its year, for chart axes: Uzbek 05.01, English Jan 5. */
export function formatDayMonth(value: Date | string | number | null | undefined, lang: Lang = 'uz'): string {
  return formatWith(value, PATTERNS[lang].dayMonth, lang);
}

/** An instant on the centre's clock (a receipt's time is the centre's, wherever the browser is). */
export function formatCentreDateTime(value: string, lang: Lang = 'uz'): string {
  const at = new Date(value);
  return isValid(at) ? format(new TZDate(at.getTime(), CENTRE_TIME_ZONE), PATTERNS[lang].dateTime, { locale: LOCALES[lang] }) : '';
}

export function formatDateTime(value: Date | string | number | null | undefined, lang: Lang = 'uz'): string {
  return formatWith(value, PATTERNS[lang].dateTime, lang);
}

/** `YYYY-MM-DD` of a local day, the wire format of date filters. */
export function toIsoDay(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** Month name, `index` 0 = January: "Yanvar" / "январь" / "January". */
export function monthName(index: number, lang: Lang = 'uz'): string {
  return LOCALES[lang].localize.month(index as Parameters<Locale['localize']['month']>[0], { width: 'wide' });
}

/** Weekday names Monday first: "Dushanba" … "Yakshanba"; `short` gives "Du" … "Ya". */
export function weekdayNames(lang: Lang = 'uz', width: 'wide' | 'short' = 'wide'): string[] {
  const localize = LOCALES[lang].localize;
  return [1, 2, 3, 4, 5, 6, 0].map((day) => localize.day(day as Parameters<typeof localize.day>[0], { width }));
}
