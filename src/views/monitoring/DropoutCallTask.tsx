import type { DropoutRow } from '../../api/monitoring';
import { useMe } from '../../app/hooks';
import type { Translate } from '../../i18n';
import { CallTaskButton } from '../common/CallTaskButton';
import { dropoutTask } from './cardState';

const TEXTS = {
  button: 'monitoring.dropouts.callTask',
  open: 'monitoring.dropouts.openTask',
  created: 'monitoring.dropouts.taskCreated',
  failed: 'monitoring.dropouts.taskFailed',
};

/** A dropout row's call task. */
export function DropoutCallTask({ row, t }: { row: DropoutRow; t: Translate }) {
  const me = useMe();
  return <CallTaskButton task={() => dropoutTask(row, me.id, t)} texts={TEXTS} testId="dropout" />;
}
