import { css } from 'styled-system/css';
import { entryReverseBody, type FinanceEntry } from '../../../../contract/finance';
import { reverseEntry } from '../../../api/finance';
import { useT } from '../../../i18n/index';
import { formatDateTime } from '../../../lib/dates';
import { formatMoney } from '../../../lib/money';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { actionLabel, kindName, methodLabel } from '../money/financeText';
import { MONEY_MESSAGES } from '../money/moneyWrite';
import { useWrite } from '../useWrite';

/**
 * "Bekor qilish": a mistaken entry is never edited or deleted; a reversing entry with the reason puts the money
 * back, and both stay in the ledger, linked.
 */
export function ReverseDialog({ entry, onClose }: { entry: FinanceEntry; onClose: () => void }) {
  const { t, lang } = useT();
  const write = useWrite((body: { comment: string }, key: string) => reverseEntry(entry.id, body.comment, key), {
    success: 'finance.reverse.saved',
    onDone: onClose,
    messages: MONEY_MESSAGES,
  });
  const form = useAppForm({
    defaultValues: { comment: '' },
    validators: { onChange: entryReverseBody, onSubmit: entryReverseBody },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(entryReverseBody.parse(value), formApi),
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
          <form.AppField name="comment">
            {(f) => <f.TextareaField label="finance.reverse.reason" required autoFocus rows={2} placeholder={t('finance.reverse.reasonPlaceholder')} data-testid="reverse-reason" />}
          </form.AppField>
        </div>
        <FormFooter write={write} onCancel={onClose} cancelLabel={t('common.actions.close')} submitLabel={t('finance.reverse.submit')} tone="danger" />
      </form>
    </Dialog>
  );
}
