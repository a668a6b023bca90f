import { useForm } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import type { Cashier, ShiftClose } from '../../../../contract/finance';
import { closeShift } from '../../../api/finance';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { amountSign, formatMoney } from '../../../lib/money';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { submitWith } from '../../common/FormTextField';
import { Money } from '../../common/money/Money';
import { AmountField, CommentField, fieldError, formBody, hint, WriteFooter } from '../../common/money/formParts';
import { useMoneyWrite } from '../../common/money/moneyWrite';
import { shiftCloseFormSchema, toShiftCloseBody, type ShiftCloseFormValues } from './handoverForm';

const line = css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' });

/**
 * "Smenani yopish": the cash counted in the drawer; the server compares it with what the ledger says the cashier
 * holds in cash and answers the difference, which the dialog shows after saving (a shortage in red).
 */
export function ShiftCloseDialog({ cashier, onClose }: { cashier: Cashier; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useMoneyWrite<ReturnType<typeof toShiftCloseBody>, ShiftClose>(
    (body, key) => closeShift(cashier.id, body, key),
    () => toast.send({ type: 'toast.show', severity: 'success', message: 'cashiers.close.saved' }),
  );
  const form = useForm({
    defaultValues: { counted: '', comment: '' } as ShiftCloseFormValues,
    validators: { onChange: shiftCloseFormSchema, onSubmit: shiftCloseFormSchema },
    onSubmit: ({ value }) => write.submit(toShiftCloseBody(value)),
  });
  const result = write.done ? write.result : null;
  return (
    <Dialog open onClose={onClose} title={t('cashiers.close.title')} description={cashier.name} closeLabel={t('common.actions.close')} maxWidth="480px">
      {result ? (
        <div data-testid="shift-close-result">
          <div className={line}>
            <span>{t('cashiers.close.expected')}</span>
            <Money value={result.expected} plain />
          </div>
          <div className={line}>
            <span>{t('cashiers.close.counted')}</span>
            <Money value={result.counted} plain />
          </div>
          <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '2', fontWeight: 'semibold' })}>
            <span>{t('cashiers.close.difference')}</span>
            <Money value={result.difference} testId="shift-close-difference" />
          </div>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', mt: '2' })}>{t(`cashiers.close.verdict.${amountSign(result.difference)}`)}</p>
          <div className={dialogFooter}>
            <Button onClick={onClose}>{t('common.actions.close')}</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submitWith(form)} data-testid="shift-close-form">
          <div className={formBody}>
            <p className={css({ fontSize: 'sm' })}>{t('cashiers.close.ledgerCash', { amount: formatMoney(cashier.balances.cash ?? '0') })}</p>
            <form.Field name="counted">
              {(field) => (
                <AmountField
                  label={t('cashiers.close.counted')}
                  required
                  autoFocus
                  value={field.state.value}
                  onChange={(v) => {
                    write.edit('counted');
                    field.handleChange(v);
                  }}
                  onBlur={field.handleBlur}
                  error={fieldError(field, write, t)}
                  data-testid="shift-close-counted"
                />
              )}
            </form.Field>
            <p className={hint}>{t('cashiers.close.hint')}</p>
            <form.Field name="comment">
              {(field) => (
                <CommentField
                  label={t('cashiers.entry.comment')}
                  value={field.state.value}
                  onChange={(e) => {
                    write.edit('comment');
                    field.handleChange(e.target.value);
                  }}
                  onBlur={field.handleBlur}
                  error={fieldError(field, write, t)}
                />
              )}
            </form.Field>
          </div>
          <WriteFooter write={write} onCancel={onClose} submitLabel={t('cashiers.close.submit')} />
        </form>
      )}
    </Dialog>
  );
}
