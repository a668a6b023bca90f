// The create dialog's pure parts: a due date + slot (Tashkent time) into an ISO instant with offset, and the
// default date and slot (the next free slot today, or tomorrow morning).
import { addDays } from '../../../contract/centreDay';
import { TIME_SLOTS } from '../../../contract/schedule';
import type { Lang } from '../../i18n';
import { formatDate } from '../../lib/dates';
import { tashkentInstant, zonedClock, TIME_ZONE } from '../../../contract/timetracker';

export { TIME_SLOTS };

/** "2026-01-05" + "14:30" → "2026-01-05T14:30:00+05:00". */
export function dueInstant(day: string, slot: string): string {
  return tashkentInstant(day, slot);
}

/** The first slot at least 30 minutes from `now` today (Tashkent), else tomorrow's first slot. */
export function defaultDue(now: Date = new Date()): { day: string; slot: string } {
  const { day, minutes } = zonedClock(now, TIME_ZONE);
  const slot = TIME_SLOTS.find((s) => {
    const [h, m] = s.split(':').map(Number) as [number, number];
    return h * 60 + m >= minutes + 30;
  });
  if (slot) return { day, slot };
  const next = addDays(day, 1);
  return { day: next, slot: TIME_SLOTS[0]! };
}

/** A due time as the centre reads it: the day and clock in Tashkent ("25.11.2026 15:30"), whatever the device's zone. */
export function dueText(at: string, lang: Lang): string {
  const { day, minutes } = zonedClock(new Date(at), TIME_ZONE);
  return `${formatDate(day, lang)} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
