
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { TASK_STATUSES, type Task, type TaskScope, type TaskStatus } from '../../../contract/tasks';
import { useTasks } from '../../api/tasks';
import { useCurrentBranch } from '../../app/useBranch';
import { useT } from '../../i18n';
import { PageHeader } from '../../ui/PageHeader';
import { Table, type Column } from '../../ui/Table';
import { Tabs } from '../../ui/Tabs';
import { intParam, useQueryParams } from '../common/useQueryParams';
import { CreateTaskDialog } from './CreateTaskDialog';
import { TaskDrawer } from './TaskDrawer';
import { TaskStatusBadge } from './TaskStatusBadge';
import { dueText } from './taskForm';
import { AddButton } from '../../ui/AddButton';

const chips = css({ display: 'flex', gap: '2', flexWrap: 'wrap', mb: '4' });
const chip = css({
  px: '3',
  py: '1',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  fontSize: 'sm',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
});
const chipOn = css({ bg: 'accent.subtle', borderColor: 'accent.default', color: 'accent.fg', fontWeight: 'medium' });
const card = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'card', p: '3', display: 'grid', gap: '1.5', fontSize: 'sm', textAlign: 'start', w: 'full', cursor: 'pointer' });
const overdueCard = css({ borderColor: 'danger.default', borderInlineStartWidth: '4px' });
const message = css({ py: '8', textAlign: 'center', color: 'fg.muted', bg: 'bg.surface', borderRadius: 'card', borderWidth: '1px', borderColor: 'border.default' });

function isScope(v: string | null): v is Exclude<TaskScope, 'all'> {
  return v === 'mine' || v === 'created';
}
function isStatus(v: string | null): v is TaskStatus {
  return (TASK_STATUSES as readonly string[]).includes(v ?? '');
}

function TaskList({ filial, scope, status, onOpen }: { filial: number | null; scope: TaskScope; status: TaskStatus | null; onOpen: (id: number) => void }) {
  const { t, lang } = useT();
  const list = useTasks(filial, scope, status);
  const rows = list.data;
  const person = (task: Task) => (scope === 'created' ? task.performer.full_name : task.creator.full_name);
  const columns: Column<Task>[] = [
    { key: 'title', header: t('tasks.columns.title'), cell: (r) => <span className={css({ fontWeight: 'medium' })}>{r.title}</span> },
    { key: 'person', header: scope === 'created' ? t('tasks.columns.performer') : t('tasks.columns.creator'), cell: person },
    {
      key: 'due',
      header: t('tasks.columns.due'),
      cell: (r) => <span className={css({ color: r.overdue ? 'danger.default' : undefined, whiteSpace: 'nowrap' })}>{dueText(r.due_at, lang)}</span>,
      width: '170px',
    },
    { key: 'status', header: t('tasks.columns.status'), cell: (r) => <TaskStatusBadge task={r} />, width: '220px' },
  ];
  return (
    <div data-testid={`tasks-${scope}`}>
      <div className={css({ display: { base: 'none', md: 'block' } })}>
        <Table columns={columns} rows={rows} rowKey={(r) => r.id} loading={list.isLoading} loadingText={t('tasks.loading')} emptyText={t('tasks.empty')} onRowClick={(r) => onOpen(r.id)} label={t('tasks.title')} testId="tasks-table" />
      </div>
      <div className={css({ display: { base: 'block', md: 'none' } })}>
        {!rows || rows.length === 0 ? (
          <p className={message}>{list.isLoading ? t('tasks.loading') : t('tasks.empty')}</p>
        ) : (
          <ul className={css({ display: 'grid', gap: '2' })} aria-label={t('tasks.title')}>
            {rows.map((r) => (
              <li key={r.id}>
                <button type="button" className={cx(card, r.overdue ? overdueCard : undefined)} onClick={() => onOpen(r.id)} data-row-id={r.id}>
                  <span className={css({ fontWeight: 'semibold' })}>{r.title}</span>
                  <span className={css({ color: 'fg.muted' })}>{person(r)}</span>
                  <span className={css({ display: 'flex', justifyContent: 'space-between', gap: '2', flexWrap: 'wrap', alignItems: 'center' })}>
                    <span className={css({ color: r.overdue ? 'danger.default' : 'fg.muted', fontSize: 'xs' })}>{dueText(r.due_at, lang)}</span>
                    <TaskStatusBadge task={r} />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

/** /tasks: "Menga" (mine) and "Men bergan" (given by me), overdue first; ?status filters, ?id opens a task. */
export default function TasksPage() {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [params, setParams] = useQueryParams();
  const tab = params.get('tab');
  const scope: TaskScope = isScope(tab) ? tab : 'mine';
  const statusParam = params.get('status');
  const status = isStatus(statusParam) ? statusParam : null;
  const openId = intParam(params, 'id') ?? null;
  const [creating, setCreating] = useState(false);

  const list = (s: TaskScope) => <TaskList filial={filial} scope={s} status={status} onOpen={(id) => setParams({ id }, { push: true })} />;
  return (
    <div>
      <PageHeader
        title={t('tasks.title')}
        actions={
          filial !== null ? (
            <AddButton onClick={() => setCreating(true)} data-testid="task-create">
              {t('tasks.actions.create')}
            </AddButton>
          ) : null
        }
        subtitle={t('tasks.subtitle')}
      />
      <div className={chips} role="group" aria-label={t('tasks.columns.status')}>
        {[null, ...TASK_STATUSES].map((s) => (
          <button key={s ?? 'all'} type="button" className={cx(chip, s === status ? chipOn : undefined)} aria-pressed={s === status} onClick={() => setParams({ status: s })} data-testid={`task-chip-${s ?? 'all'}`}>
            {t(`tasks.status.${s ?? 'all'}`)}
          </button>
        ))}
      </div>
      <Tabs
        value={scope}
        onChange={(v) => setParams({ tab: v === 'mine' ? null : v })}
        label={t('tasks.tabs.label')}
        items={[
          { value: 'mine', label: t('tasks.tabs.mine'), content: list('mine') },
          { value: 'created', label: t('tasks.tabs.created'), content: list('created') },
        ]}
      />
      {filial === null ? <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '3' })}>{t('tasks.noBranch')}</p> : null}
      {creating && filial !== null ? (
        <CreateTaskDialog
          filial={filial}
          onClose={() => setCreating(false)}
          onCreated={() => {
            // Not opened at once: the closing dialog hands focus back to its button, which would dismiss a new one.
            setCreating(false);
            setParams({ tab: 'created', status: null });
          }}
        />
      ) : null}
      {openId !== null ? <TaskDrawer id={openId} onClose={() => setParams({ id: null })} /> : null}
    </div>
  );
}
