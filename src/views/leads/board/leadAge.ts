// A lead's age on a board card, in the interface language ("3 days" / "3 дня" / "3 kun"), with date-fns's words.
import { formatDistanceStrict } from 'date-fns';
import type { Lang } from '../../../i18n/language';
import { dateLocale } from '../../../lib/dates';

/** How long ago `created` was, or null for under a minute (the card then says "just now"). */
export function leadAge(created: string, now: Date, lang: Lang): string | null {
  const then = new Date(created);
  if (Number.isNaN(then.getTime()) || now.getTime() - then.getTime() < 60_000) return null;
  return formatDistanceStrict(then, now, { locale: dateLocale(lang), roundingMethod: 'floor' });
}
