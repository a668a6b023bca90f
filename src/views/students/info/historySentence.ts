// A row of the student's log (student_logs) as one sentence: the action names the kind of change, the detail
// fills in what changed (a reason, a period, groups, edited fields). Unknown actions still read sensibly: a
// status change as "from → to", anything else as the action's own name.
import type { Translate } from '../../../i18n';
import { formatMoney } from '../../../lib/money';

export type LogRow = {
  action: string;
  from_status?: string | null;
  to_status?: string | null;
  detail?: Record<string, unknown> | null;
};

/**
 * Actions with a sentence of their own in `student_detail.history.actions`, written with `_` for `.`:
 * `status.freeze` → `status_freeze`. The server names status moves `status.<move>`, group changes `group.*` and
 * the card's own changes `student.create` / `student.edit`; an archiving with money adds `balance.refund` or
 * `balance.keep`.
 */
export const KNOWN_ACTIONS = [
  'create',
  'update',
  'status_enrol',
  'status_activate',
  'status_freeze',
  'status_unfreeze',
  'status_archive',
  'status_unarchive',
  'group_add',
  'group_move',
  'group_leave',
  'group_price',
  'balance_refund',
  'balance_keep',
] as const;

/** The server's names for the card's own changes. */
const ALIASES: Record<string, string> = { student_create: 'create', student_edit: 'update' };

/** The sentence key of a row: a freeze still to come and a cancelled one read differently. */
export function actionKey(row: LogRow): string | null {
  const plain = row.action.replace(/\./g, '_');
  const key = ALIASES[plain] ?? plain;
  if (!(KNOWN_ACTIONS as readonly string[]).includes(key)) return null;
  const d = row.detail ?? {};
  if (key === 'status_freeze' && d.scheduled === true) return 'status_freeze_scheduled';
  if (key === 'status_unfreeze' && d.cancelled === true) return 'status_unfreeze_cancelled';
  return key;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** A group in a log detail without its `*_name`: `{id, name}` or a bare name. */
function groupName(value: unknown): string {
  if (value && typeof value === 'object' && 'name' in value) return text((value as { name: unknown }).name);
  return text(value);
}

/** `YYYY-MM-DD` as DD.MM.YYYY, the default way a sentence writes a date. */
export function dayText(value: unknown): string {
  const s = text(value);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s.slice(8, 10)}.${s.slice(5, 7)}.${s.slice(0, 4)}` : s;
}

/** The status's name, or the raw value when it is none we know. */
function statusName(value: unknown, t: Translate): string {
  const s = text(value);
  return s ? t(`student_status.status.${s}`) : '';
}

/** The sentence for one log row, in the language of `t`; `day` writes a YYYY-MM-DD date (the page's own format). */
export function historySentence(row: LogRow, t: Translate, day: (value: string) => string = dayText): string {
  const d = row.detail ?? {};
  const date = (value: unknown) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? day(value) : text(value));
  const values: Record<string, string> = {
    reason: text(d.reason),
    from_date: date(d.from_date),
    to_date: date(d.to_date),
    date: date(d.date ?? d.ended_on ?? d.joined_on ?? d.left_on),
    group: text(d.group_name) || groupName(d.group),
    from_group: text(d.from_group_name) || groupName(d.from_group),
    to_group: text(d.to_group_name) || groupName(d.to_group),
    price: text(d.price),
    // Archiving with money (balance.refund / balance.keep): the amount, the desk and the method.
    amount: d.amount === undefined ? '' : formatMoney(text(d.amount)),
    cashier: groupName(d.cashier),
    method: typeof d.method === 'string' ? t(`finance.methods.${d.method}`) : '',
    from: statusName(row.from_status, t),
    to: statusName(row.to_status, t),
  };
  const key = actionKey(row);
  if (key === 'update') {
    // An edit's detail is {field: {from, to}} per changed field.
    const fields = Array.isArray(d.fields) ? d.fields.map(text).filter(Boolean) : Object.keys(d);
    if (fields.length === 0) return t('student_detail.history.actions.update');
    const names = fields.map((f) => t(`student_detail.fields.${f}`));
    return t('student_detail.history.actions.updateFields', { fields: names.join(', ') });
  }
  if (key) {
    const sentence = t(`student_detail.history.actions.${key}`, values);
    // A reason, when the row has one, follows the sentence (the archive and freeze sentences name it themselves).
    return values.reason && !key.startsWith('status_archive') && !key.startsWith('status_freeze')
      ? `${sentence} ${t('student_detail.history.because', values)}`
      : sentence;
  }
  if (row.from_status || row.to_status) return t('student_detail.history.actions.status', values);
  return t('student_detail.history.actions.other', { action: row.action });
}
