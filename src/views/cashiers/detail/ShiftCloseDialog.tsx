import { css } from 'styled-system/css';
import type { Cashier, ShiftClose } from '../../../../contract/finance';
import { closeShift } from '../../../api/finance';
import { useT } from '../../../i18n';
import { amountSign, formatMoney } from '../../../lib/money';
import { Button } from '../../../ui/Button';
import { Dialog, dialogFooter } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { Money } from '../../common/money/Money';
import { hint } from '../../common/money/formParts';
import { MONEY_MESSAGES } from '../../common/money/moneyWrite';
import { useWrite } from '../../common/useWrite';
import { shiftCloseFormSchema, toShiftCloseBody, type ShiftCloseFormValues } from './handoverForm';

const line = css({ display: 'flex', justifyContent: 'space-between', gap: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default' });

/**
 * "Smenani yopish": the cash counted in the drawer; the server compares it with what the ledger says the cashier
 * holds in cash and answers the difference, which the dialog shows after saving (a shortage in red).
 */
export function ShiftCloseDialog({ cashier, onClose }: { cashier: Cashier; onClose: () => void }) {
  const { t } = useT();
  const write = useWrite((body: ReturnType<typeof toShiftCloseBody>, key: string): Promise<ShiftClose> => closeShift(cashier.id, body, key), {
    success: 'cashiers.close.saved',
    messages: MONEY_MESSAGES,
  });
  const form = useAppForm({
    defaultValues: { counted: '', comment: '' } as ShiftCloseFormValues,
    validators: { onChange: shiftCloseFormSchema, onSubmit: shiftCloseFormSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(toShiftCloseBody(value), formApi),
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
            <form.AppField name="counted">{(f) => <f.AmountField label="cashiers.close.counted" required autoFocus data-testid="shift-close-counted" />}</form.AppField>
            <p className={hint}>{t('cashiers.close.hint')}</p>
            <form.AppField name="comment">{(f) => <f.TextareaField label="cashiers.entry.comment" rows={2} />}</form.AppField>
          </div>
          <FormFooter write={write} onCancel={onClose} submitLabel={t('cashiers.close.submit')} />
        </form>
      )}
    </Dialog>
  );
}
