// Notification texts of tasks and mentions, composed on the server in the centre's language (Uzbek, the app's
// default: notifications are stored as text and read by someone whose language the writer does not know).
import { translate } from '../../i18n';
import { TIME_ZONE } from '../../../contract/timetracker';

/** "05.01.2026 14:30" on Tashkent's clock. */
export function dueText(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TIME_ZONE,
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('day')}.${get('month')}.${get('year')} ${get('hour')}:${get('minute')}`;
}

/** The translation, or the values themselves when the locale files lack the key (never a bare key in the bell). */
function textOr(localesDir: string, key: string, params: Record<string, string>, fallback: string): string {
  const text = translate(localesDir, 'uz', key, params);
  return text === key ? fallback : text;
}

export function taskText(localesDir: string, kind: 'assigned' | 'overdue' | 'rescheduled', values: { title: string; due: Date }): string {
  const due = dueText(values.due);
  return textOr(localesDir, `tasks.notifications.${kind}`, { title: values.title, due }, `${values.title} (${due})`);
}

export function mentionText(localesDir: string, values: { author: string; text: string }): string {
  const text = values.text.length > 120 ? `${values.text.slice(0, 117)}...` : values.text;
  return textOr(localesDir, 'tasks.notifications.mention', { author: values.author, text }, `${values.author}: ${text}`);
}
