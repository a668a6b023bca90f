// One click turns a debtor row into a call task for the person reading the list, due in an hour, linked to the
// student; the button then links to the task. Shown to those who may read tasks.
import { ListTodo } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { DebtorRow } from '../../../api/debtors';
import { ApiError } from '../../../api/errors';
import { useCreateTask } from '../../../api/tasks';
import { useActors, useMe } from '../../../app/hooks';
import type { Translate } from '../../../i18n';
import { Button } from '../../../ui/Button';
import { callTask } from './debtorTask';

export function CallTaskButton({ row, t }: { row: DebtorRow; t: Translate }) {
  const me = useMe();
  const { toast } = useActors();
  const create = useCreateTask();
  const [taskId, setTaskId] = useState<number | null>(null);

  if (taskId !== null) {
    return (
      <Link href={`/tasks?id=${taskId}`} onClick={(e) => e.stopPropagation()} data-testid="debtor-task-link">
        {t('debtors.callTask.open')}
      </Link>
    );
  }
  const make = async (e: React.MouseEvent) => {
    e.stopPropagation();
    try {
      const task = await create.mutateAsync(callTask(row, me.id, t));
      setTaskId(task.id);
      toast.send({ type: 'toast.show', severity: 'success', message: 'debtors.callTask.created' });
    } catch (err) {
      const message = err instanceof ApiError && err.detail ? err.detail : 'debtors.callTask.failed';
      toast.send({ type: 'toast.show', severity: 'error', message });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={make} disabled={create.isPending} data-testid="debtor-call-task">
      <ListTodo size={14} aria-hidden="true" />
      {t('debtors.callTask.button')}
    </Button>
  );
}
