import { useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { entryReverseBody, type FinanceEntry } from '../../../../contract/finance';
import { reverseEntry } from '../../../api/finance';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n/index';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { Dialog } from '../../../ui/Dialog';
import { submitWith } from '../FormTextField';
import { actionLabel, kindName, methodLabel } from '../money/financeText';
import { CommentField, fieldError, formBody, WriteFooter } from '../money/formParts';
import { useMoneyWrite } from '../money/moneyWrite';

/**
 * "Bekor qilish": a mistaken entry is never edited or deleted; a reversing entry with the reason puts the money
 * back, and both stay in the ledger, linked.
 */
export function ReverseDialog({ entry, onClose }: { entry: FinanceEntry; onClose: () => void }) {
  const { t, lang } = useT();
  const { toast } = useActors();
  const write = useMoneyWrite<{ comment: string }>(
    (body, key) => reverseEntry(entry.id, body.comment, key),
    () => {
      toast.send({ type: 'toast.show', severity: 'success', message: 'finance.reverse.saved' });
      onClose();
    },
  );
  const form = useForm({
    defaultValues: { comment: '' },
    validators: { onChange: entryReverseBody, onSubmit: entryReverseBody },
    onSubmit: ({ value }) => write.submit(entryReverseBody.parse(value)),
  });
  return (
    <Dialog open onClose={onClose} title={t('finance.reverse.title')} description={t('finance.reverse.description')} closeLabel={t('common.actions.close')} maxWidth="480px" role="alertdialog">
      <form noValidate onSubmit={submitWith(form)} data-testid="reverse-form">
        <div className={formBody}>
          <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '1 3', fontSize: 'sm', '& dt': { color: 'fg.muted' } })}>
            <dt>{t('finance.entries.columns.date')}</dt>
            <dd>{formatDateTime(entry.created_at, lang)}</dd>
            <dt>{t('finance.entries.columns.kind')}</dt>
            <dd>
              {actionLabel(t, entry.action)} · {kindName(t, entry.kind)}
              {entry.student ? ` · ${entry.student.full_name}` : ''}
            </dd>
            <dt>{t('finance.entries.columns.amount')}</dt>
            <dd className={css({ fontWeight: 'semibold' })}>
              {formatMoney(entry.amount)} · {methodLabel(t, entry.method)}
            </dd>
          </dl>
          <form.Field name="comment">
            {(field) => (
              <CommentField
                label={t('finance.reverse.reason')}
                required
                autoFocus
                placeholder={t('finance.reverse.reasonPlaceholder')}
                value={field.state.value}
                onChange={(e) => {
                  write.edit('comment');
                  field.handleChange(e.target.value);
                }}
                onBlur={field.handleBlur}
                error={fieldError(field, write, t)}
                data-testid="reverse-reason"
              />
            )}
          </form.Field>
        </div>
        <WriteFooter write={write} onCancel={onClose} cancelLabel={t('common.actions.close')} submitLabel={t('finance.reverse.submit')} tone="danger" />
      </form>
    </Dialog>
  );
}
