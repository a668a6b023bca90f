import { Link } from 'wouter';
import { css } from 'styled-system/css';
import { nextTaskStatuses, type Task, type TaskStatus } from '../../../contract/tasks';
import { updateTask, useTask } from '../../api/tasks';
import { useState } from 'react';
import type { Role } from '../../../contract/roles';
import { useMe } from '../../app/hooks';
import { useT } from '../../i18n';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useWrite } from '../common/useWrite';
import { TaskStatusBadge } from './TaskStatusBadge';
import { dueText } from './taskForm';
import { TaskReschedule } from './TaskReschedule';

const MANAGERS: readonly Role[] = ['DIRECTOR', 'FILIAL_Manager', 'MULTIPLE_FILIAL_MANAGER'];

const row = css({ display: 'grid', gridTemplateColumns: '140px 1fr', gap: '2', fontSize: 'sm', py: '1.5', borderBottomWidth: '1px', borderColor: 'border.default' });
const label = css({ color: 'fg.muted' });
const link = css({ color: 'accent.fg', textDecoration: 'underline' });

const ACTION_KEYS: Record<TaskStatus, string> = { new: 'tasks.status.new', in_progress: 'tasks.actions.start', done: 'tasks.actions.done', cancelled: 'tasks.actions.cancel' };

/** One task (?id=): details, its linked student or lead, and the status moves the server allows. */
export function TaskDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const { t, lang } = useT();
  const query = useTask(id);
  // A refused move's toast is the server's word on the status (not allowed now), else "something went wrong".
  const update = useWrite((status: TaskStatus) => updateTask(id, { status }), { success: 'tasks.detail.moved', failureToast: 'common.errors.unknown', repeatable: true });
  const task: Task | undefined = query.data;
  const me = useMe();
  const [editing, setEditing] = useState(false);
  // Open tasks only; the server still checks who may change them (creator, performer, manager).
  const canEdit = task !== undefined && (task.status === 'new' || task.status === 'in_progress') && (task.creator.id === me.id || MANAGERS.includes(me.role));

  return (
    <Dialog open onClose={onClose} title={task?.title ?? (query.isError ? t('tasks.detail.notFound') : t('tasks.loading'))} closeLabel={t('tasks.actions.close')} maxWidth="560px">
      {task ? (
        <div data-testid="task-drawer" className={css({ display: 'grid', gap: '4' })}>
          <TaskStatusBadge task={task} />
          <p className={css({ fontSize: 'sm', whiteSpace: 'pre-wrap', color: task.description ? 'fg.default' : 'fg.muted' })}>{task.description || t('tasks.detail.noDescription')}</p>
          <div>
            <div className={row}>
              <span className={label}>{t('tasks.detail.performer')}</span>
              <span>{task.performer.full_name}</span>
            </div>
            <div className={row}>
              <span className={label}>{t('tasks.detail.creator')}</span>
              <span>{task.creator.full_name}</span>
            </div>
            <div className={row}>
              <span className={label}>{t('tasks.detail.due')}</span>
              <span className={css({ color: task.overdue ? 'danger.default' : undefined, fontWeight: task.overdue ? 'semibold' : undefined })} data-testid="task-due">
                {dueText(task.due_at, lang)}
              </span>
            </div>
            {task.done_at ? (
              <div className={row}>
                <span className={label}>{t('tasks.detail.doneAt')}</span>
                <span>{dueText(task.done_at, lang)}</span>
              </div>
            ) : null}
            {task.student ? (
              <div className={row}>
                <span className={label}>{t('tasks.detail.student')}</span>
                <Link className={link} href={`/students/info?id=${task.student.id}`}>
                  {task.student.full_name}
                </Link>
              </div>
            ) : null}
            {task.lead ? (
              <div className={row}>
                <span className={label}>{t('tasks.detail.lead')}</span>
                <Link className={link} href={`/leads/lead_info?id=${task.lead.id}`}>
                  {task.lead.full_name}
                </Link>
              </div>
            ) : null}
          </div>
          {editing ? <TaskReschedule task={task} onDone={() => setEditing(false)} /> : null}
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'flex-end' })}>
            {!editing && canEdit ? (
              <Button variant="ghost" onClick={() => setEditing(true)} data-testid="task-edit">
                {t('tasks.actions.edit')}
              </Button>
            ) : null}
            {nextTaskStatuses(task.status).map((status) => (
              <Button
                key={status}
                variant={status === 'cancelled' ? 'outline' : 'solid'}
                disabled={update.submitting}
                onClick={() => update.submit(status)}
                data-testid={`task-move-${status}`}
              >
                {t(ACTION_KEYS[status])}
              </Button>
            ))}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}
