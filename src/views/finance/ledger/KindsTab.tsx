import { Archive, ArchiveRestore, Lock, Pencil, Plus } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { z } from 'zod';
import { FINANCE_ACTIONS, FINANCE_NAME_MAX, type FinanceAction, type FinanceKind } from '../../../../contract/finance';
import { createKind, patchKind, useKinds } from '../../../api/finance';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Badge } from '../../../ui/Badge';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Table, type Column } from '../../../ui/Table';
import { submitWith, useAppForm } from '../../../ui/form';
import { FormFooter } from '../../../ui/form/FormFooter';
import { actionLabel, kindName } from '../../common/money/financeText';
import { formBody, WriteFooter } from '../../common/money/formParts';
import { MONEY_MESSAGES, useMoneyWrite } from '../../common/money/moneyWrite';
import { useWrite } from '../../common/useWrite';

/** Button words on wide screens; a phone shows the icons (with their labels for assistive technology). */
const wide = css({ display: { base: 'none', md: 'inline' } });

const kindForm = z.object({ name: z.string().trim().min(1, 'validation.required').max(FINANCE_NAME_MAX, 'validation.maxLength') });
type Editing = { type: 'create'; action: FinanceAction } | { type: 'rename'; kind: FinanceKind } | { type: 'archive'; kind: FinanceKind; archive: boolean } | null;

/**
 * Kinds of income and expense, by action: the centre's own can be added, renamed and archived; the system kinds
 * the server books with (student payment, refund, handover, shift difference) are read-only and named in the
 * interface language.
 */
export function KindsTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useT();
  const [archived, setArchived] = useState(false);
  const [editing, setEditing] = useState<Editing>(null);
  return (
    <div className={css({ display: 'grid', gap: '6' })}>
      <label className={css({ display: 'inline-flex', gap: '2', alignItems: 'center', fontSize: 'sm' })}>
        <input type="checkbox" checked={archived} onChange={(e) => setArchived(e.target.checked)} />
        {t('finance.kinds.showArchived')}
      </label>
      {FINANCE_ACTIONS.map((action) => (
        <KindList key={action} action={action} archived={archived} canWrite={canWrite} onEdit={setEditing} />
      ))}
      {editing?.type === 'create' || editing?.type === 'rename' ? <KindDialog editing={editing} onClose={() => setEditing(null)} /> : null}
      {editing?.type === 'archive' ? <ArchiveKindDialog kind={editing.kind} archive={editing.archive} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function KindList({ action, archived, canWrite, onEdit }: { action: FinanceAction; archived: boolean; canWrite: boolean; onEdit: (e: Editing) => void }) {
  const { t } = useT();
  const kinds = useKinds(action, archived);
  const columns: Column<FinanceKind>[] = [
    {
      key: 'name',
      header: t('finance.kinds.name'),
      cell: (k) => (
        <span className={css({ display: 'inline-flex', gap: '2', alignItems: 'center' })}>
          {kindName(t, k)}
          {k.system_key ? (
            <Badge tone="info">
              <Lock size={12} aria-hidden="true" />
              {t('finance.kinds.system')}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'actions',
      header: '',
      width: '1%',
      cell: (k) =>
        canWrite && !k.system_key ? (
          <span className={css({ display: 'inline-flex', gap: '1', whiteSpace: 'nowrap' })}>
            {!k.is_archived ? (
              <Button
                size="sm"
                variant="ghost"
                onClick={() => onEdit({ type: 'rename', kind: k })}
                data-testid="kind-rename"
                aria-label={t('finance.kinds.rename')}
                title={t('finance.kinds.rename')}
              >
                <Pencil size={14} aria-hidden="true" />
                <span className={wide}>{t('finance.kinds.rename')}</span>
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onEdit({ type: 'archive', kind: k, archive: !k.is_archived })}
              data-testid="kind-archive"
              aria-label={t(k.is_archived ? 'finance.kinds.restore' : 'finance.kinds.archive')}
              title={t(k.is_archived ? 'finance.kinds.restore' : 'finance.kinds.archive')}
            >
              {k.is_archived ? <ArchiveRestore size={14} aria-hidden="true" /> : <Archive size={14} aria-hidden="true" />}
              <span className={wide}>{t(k.is_archived ? 'finance.kinds.restore' : 'finance.kinds.archive')}</span>
            </Button>
          </span>
        ) : null,
    },
  ];
  return (
    <section>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: '2', gap: '2' })}>
        <h2 className={css({ fontWeight: 'semibold' })}>{t(`finance.kinds.title.${action}`)}</h2>
        {canWrite && !archived ? (
          <Button size="sm" onClick={() => onEdit({ type: 'create', action })} data-testid={`kind-add-${action}`}>
            <Plus size={14} aria-hidden="true" />
            {t('finance.kinds.add')}
          </Button>
        ) : null}
      </div>
      <Table
        columns={columns}
        rows={kinds.data}
        rowKey={(k) => k.id}
        loading={kinds.isLoading}
        loadingText={t('cashiers.loading')}
        emptyText={kinds.isError ? t('finance.kinds.loadFailed') : t('finance.kinds.empty')}
        label={t(`finance.kinds.title.${action}`)}
        testId={`kinds-${action}`}
      />
    </section>
  );
}

function KindDialog({ editing, onClose }: { editing: Extract<Editing, { type: 'create' | 'rename' }>; onClose: () => void }) {
  const { t } = useT();
  const write = useWrite(
    (body: { name: string }, key: string) => (editing.type === 'create' ? createKind({ name: body.name, action: editing.action }, key) : patchKind(editing.kind.id, body, key)),
    { success: 'finance.kinds.saved', onDone: onClose, messages: MONEY_MESSAGES },
  );
  const form = useAppForm({
    defaultValues: { name: editing.type === 'rename' ? editing.kind.name : '' },
    validators: { onChange: kindForm, onSubmit: kindForm },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(kindForm.parse(value), formApi),
  });
  const action = editing.type === 'create' ? editing.action : editing.kind.action;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(editing.type === 'create' ? 'finance.kinds.createTitle' : 'finance.kinds.renameTitle')}
      description={actionLabel(t, action)}
      closeLabel={t('common.actions.close')}
      maxWidth="440px"
    >
      <form noValidate onSubmit={submitWith(form)} data-testid="kind-form">
        <div className={formBody}>
          <form.AppField name="name">{(f) => <f.TextField label="finance.kinds.name" required autoFocus autoComplete="off" data-testid="kind-name" />}</form.AppField>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('common.actions.save')} />
      </form>
    </Dialog>
  );
}

function ArchiveKindDialog({ kind, archive, onClose }: { kind: FinanceKind; archive: boolean; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useMoneyWrite<{ is_archived: boolean }>(
    (body, key) => patchKind(kind.id, body, key),
    () => {
      toast.send({ type: 'toast.show', severity: 'success', message: 'finance.kinds.saved' });
      onClose();
    },
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    write.submit({ is_archived: archive });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(archive ? 'finance.kinds.archiveTitle' : 'finance.kinds.restoreTitle')}
      description={t(archive ? 'finance.kinds.archiveText' : 'finance.kinds.restoreText', { name: kind.name })}
      closeLabel={t('common.actions.close')}
      maxWidth="425px"
      role="alertdialog"
    >
      <form onSubmit={submit}>
        <WriteFooter write={write} onCancel={onClose} submitLabel={t(archive ? 'finance.kinds.archive' : 'finance.kinds.restore')} tone={archive ? 'danger' : 'solid'} />
      </form>
    </Dialog>
  );
}
