import type { Task, TaskStatus } from '../../../contract/tasks';
import { useT } from '../../i18n';
import { Badge } from '../../ui/Badge';

const TONES: Record<TaskStatus, 'neutral' | 'accent' | 'success' | 'danger' | 'info'> = {
  new: 'info',
  in_progress: 'accent',
  done: 'success',
  cancelled: 'neutral',
};

/** The status chip, and a red "overdue" chip before it when the task is overdue. */
export function TaskStatusBadge({ task }: { task: Pick<Task, 'status' | 'overdue'> }) {
  const { t } = useT();
  return (
    <span style={{ display: 'inline-flex', gap: '4px', flexWrap: 'wrap' }}>
      {task.overdue ? (
        <span data-testid="task-overdue">
          <Badge tone="danger">{t('tasks.overdue')}</Badge>
        </span>
      ) : null}
      <span data-testid="task-status">
        <Badge tone={TONES[task.status]}>{t(`tasks.status.${task.status}`)}</Badge>
      </span>
    </span>
  );
}
