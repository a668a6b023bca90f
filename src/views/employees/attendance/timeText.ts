import { TIME_ZONE, zonedClock } from '../../../../contract/timetracker';

/** "09:12" of an instant on Tashkent's clock; "—" for none. */
export function clockText(at: string | null | undefined): string {
  if (!at) return '—';
  const { minutes } = zonedClock(new Date(at), TIME_ZONE);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
