// The task a call about a debt becomes (the debtors page's one-click call task).
import type { DebtorRow } from '../../../api/debtors';
import type { Translate } from '../../../i18n';
import { formatMoney } from '../../../lib/money';

const HOUR_MS = 60 * 60_000;

/** The task a call about this debt becomes. */
export function callTask(row: DebtorRow, performer: number, t: Translate, now = Date.now()) {
  const debt = formatMoney(row.balance.replace(/^-/, ''));
  return {
    title: t('debtors.callTask.title', { name: row.student.full_name }),
    description: t('debtors.callTask.description', { group: row.group.name, debt }),
    performer,
    due_at: new Date(now + HOUR_MS).toISOString(),
    filial: row.filial.id,
    student: row.student.id,
  };
}
