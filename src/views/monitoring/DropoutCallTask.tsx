// One click turns a dropout row into a call task for the reader (POST /tasks/, like the debtors page's button),
// then links to it.
import { ListTodo } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { DropoutRow } from '../../api/monitoring';
import { ApiError } from '../../api/errors';
import { useCreateTask } from '../../api/tasks';
import { useActors, useMe } from '../../app/hooks';
import type { Translate } from '../../i18n';
import { Button } from '../../ui/Button';
import { dropoutTask } from './cardState';

export function DropoutCallTask({ row, t }: { row: DropoutRow; t: Translate }) {
  const me = useMe();
  const { toast } = useActors();
  const create = useCreateTask();
  const [taskId, setTaskId] = useState<number | null>(null);

  if (taskId !== null) {
    return (
      <Link href={`/tasks?id=${taskId}`} data-testid="dropout-task-link">
        {t('monitoring.dropouts.openTask')}
      </Link>
    );
  }
  const make = async () => {
    try {
      const task = await create.mutateAsync(dropoutTask(row, me.id, t));
      setTaskId(task.id);
      toast.send({ type: 'toast.show', severity: 'success', message: 'monitoring.dropouts.taskCreated' });
    } catch (err) {
      const message = err instanceof ApiError && err.detail ? err.detail : 'monitoring.dropouts.taskFailed';
      toast.send({ type: 'toast.show', severity: 'error', message });
    }
  };
  return (
    <Button variant="outline" size="sm" onClick={make} disabled={create.isPending} data-testid="dropout-call-task">
      <ListTodo size={14} aria-hidden="true" />
      {t('monitoring.dropouts.callTask')}
    </Button>
  );
}
