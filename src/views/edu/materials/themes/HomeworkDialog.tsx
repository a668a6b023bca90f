import { Pencil, Plus } from 'lucide-react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { homeworkCreate, type Homework, type Theme } from '../../../../../contract/catalogue';
import { createHomework, updateHomework, useHomework } from '../../../../api/catalogue';
import { useCurrentBranch } from '../../../../app/useBranch';
import { useT } from '../../../../i18n';
import { formatDateTime } from '../../../../lib/dates';
import { Button } from '../../../../ui/Button';
import { Dialog } from '../../../../ui/Dialog';
import { ListPagination } from '../../../common/ListPagination';
import { submitWith, useAppForm } from '../../../../ui/form';
import { formBody } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { useWrite } from '../../../common/useWrite';
import { IconAction } from '../parts/IconAction';
import { LoadError, StateMessage } from '../parts/StateMessage';
import { useBranchName } from '../parts/useBranchName';
import { useCatalogueRefresh } from '../parts/useCatalogueRefresh';
import { useToast } from '../parts/useToast';

// The form always holds a description (maybe empty), so it is required here.
const schema = homeworkCreate.pick({ title: true, description: true }).required();

const list = css({ display: 'grid', gap: '2', listStyle: 'none', p: '0', m: '0', maxH: 'calc(100dvh - 18rem)', overflowY: 'auto' });
const item = css({ display: 'flex', gap: '2', alignItems: 'flex-start', p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'control' });
const meta = css({ color: 'fg.subtle', fontSize: 'xs', mt: '1' });
const description = css({ color: 'fg.muted', fontSize: 'sm', mt: '1', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' });

/** The homework of one theme in the current branch: the list, and a form to add or edit one. */
export function HomeworkDialog({ theme, onClose }: { theme: Theme | null; onClose: () => void }) {
  const { t } = useT();
  const branchName = useBranchName();
  return (
    <Dialog
      open={theme !== null}
      onClose={onClose}
      title={t('materials.homework.title', { name: theme?.name ?? '' })}
      description={branchName ? t('materials.homework.forBranch', { branch: branchName }) : undefined}
      closeLabel={t('common.actions.close')}
      maxWidth="640px"
    >
      {theme ? <HomeworkPanel theme={theme} /> : null}
    </Dialog>
  );
}

function HomeworkPanel({ theme }: { theme: Theme }) {
  const { t } = useT();
  const filial = useCurrentBranch();
  const [editing, setEditing] = useState<Homework | 'new' | null>(null);
  if (filial === null) return <StateMessage>{t('edu.noBranch')}</StateMessage>;
  if (editing !== null) {
    return <HomeworkForm filial={filial} theme={theme} homework={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }
  return <HomeworkList filial={filial} theme={theme} onAdd={() => setEditing('new')} onEdit={setEditing} />;
}

function HomeworkList({ filial, theme, onAdd, onEdit }: { filial: number; theme: Theme; onAdd: () => void; onEdit: (h: Homework) => void }) {
  const { t, lang } = useT();
  const [page, setPage] = useState(1);
  const homework = useHomework({ page, filial, theme: theme.id });
  const body = (() => {
    if (homework.isError && !homework.data) return <LoadError error={homework.error} onRetry={() => void homework.refetch()} />;
    if (!homework.data) return <StateMessage>{t('edu.list.loading')}</StateMessage>;
    if (homework.data.count === 0) return <StateMessage testId="homework-empty">{t('materials.homework.none')}</StateMessage>;
    return (
      <>
        <ul className={list} data-testid="homework-list">
          {homework.data.results.map((h) => (
            <li key={h.id} className={item}>
              <div className={css({ flex: '1', minW: '0' })}>
                <div className={css({ fontWeight: 'medium', overflowWrap: 'anywhere' })}>{h.title}</div>
                {h.description ? <div className={description}>{h.description}</div> : null}
                <div className={meta}>
                  {formatDateTime(h.created_at, lang)}
                  {h.created_by_name ? ` · ${h.created_by_name}` : ''}
                </div>
              </div>
              <IconAction label={`${t('materials.edit')}: ${h.title}`} onClick={() => onEdit(h)}>
                <Pencil size={16} />
              </IconAction>
            </li>
          ))}
        </ul>
        <ListPagination page={page} count={homework.data.count} onChange={setPage} />
      </>
    );
  })();
  return (
    <div className={css({ display: 'grid', gap: '3' })}>
      <div className={css({ display: 'flex', justifyContent: 'flex-end' })}>
        <Button size="sm" onClick={onAdd} data-testid="homework-create">
          <Plus size={16} /> {t('materials.homework.create')}
        </Button>
      </div>
      {body}
    </div>
  );
}

function HomeworkForm({ filial, theme, homework, onDone }: { filial: number; theme: Theme; homework: Homework | null; onDone: () => void }) {
  const { t } = useT();
  const toast = useToast();
  const refresh = useCatalogueRefresh();
  const write = useWrite(
    async ({ title, description }: ReturnType<typeof schema.parse>) => {
      // An edit keeps the branch the homework was created in.
      if (homework) await updateHomework(homework.id, { filial: homework.filial, theme: theme.id, title, description });
      else await createHomework({ filial, theme: theme.id, title, description });
      toast('success', homework ? 'materials.homework.saved' : 'materials.homework.created', { name: title });
      await refresh();
    },
    { onDone },
  );
  const form = useAppForm({
    defaultValues: { title: homework?.title ?? '', description: homework?.description ?? '' },
    validators: { onChange: schema, onSubmit: schema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(schema.parse(value), formApi),
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="homework-form">
      <h3 className={css({ fontWeight: 'semibold', mb: '3' })}>{homework ? t('materials.homework.editTitle') : t('materials.homework.createTitle')}</h3>
      <div className={formBody}>
        <form.AppField name="title">{(f) => <f.TextField label="materials.homework.name" required autoFocus autoComplete="off" />}</form.AppField>
        <form.AppField name="description">{(f) => <f.TextareaField label="materials.homework.description" rows={6} />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onDone} submitLabel={t('common.actions.save')} />
    </form>
  );
}
