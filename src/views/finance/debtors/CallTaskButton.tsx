import type { DebtorRow } from '../../../api/debtors';
import { useMe } from '../../../app/hooks';
import type { Translate } from '../../../i18n';
import { CallTaskButton as Button } from '../../common/CallTaskButton';
import { callTask } from './debtorTask';

const TEXTS = { button: 'debtors.callTask.button', open: 'debtors.callTask.open', created: 'debtors.callTask.created', failed: 'debtors.callTask.failed' };

/** A debtor row's call task, due in an hour. */
export function CallTaskButton({ row, t }: { row: DebtorRow; t: Translate }) {
  const me = useMe();
  return <Button task={() => callTask(row, me.id, t)} texts={TEXTS} testId="debtor" />;
}
