import type { Cashier } from '../../../../contract/finance';
import { createHandover, useCashiers } from '../../../api/finance';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody, twoColumns } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { useWrite } from '../../common/useWrite';
import { MONEY_MESSAGES } from '../../common/money/moneyWrite';
import { AvailableHint } from './AvailableHint';
import { methodOptions } from '../../common/money/financeText';
import { emptyHandover, handoverFormSchema, toHandoverBody } from './handoverForm';

/** "Topshirish": money of one method moved to another active cashier of the branch (409 when this one holds less). */
export function HandoverDialog({ cashier, onClose }: { cashier: Cashier; onClose: () => void }) {
  const { t } = useT();
  // Money is handed off an online desk (to the bank's), never onto one: it holds only what the providers booked.
  const others = (useCashiers(cashier.filial).data ?? []).filter((c) => c.id !== cashier.id && !c.provider);
  const write = useWrite(createHandover, { success: 'cashiers.handover.saved', onDone: onClose, messages: MONEY_MESSAGES, fieldNames: { to_casher: 'to' } });
  const form = useAppForm({
    defaultValues: emptyHandover(),
    validators: { onChange: handoverFormSchema, onSubmit: handoverFormSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(toHandoverBody(value, cashier.id), formApi),
  });
  return (
    <Dialog open onClose={onClose} title={t('cashiers.handover.title')} description={t('cashiers.handover.from', { name: cashier.name })} closeLabel={t('common.actions.close')} maxWidth="520px">
      <form noValidate onSubmit={submitWith(form)} data-testid="handover-form">
        <div className={formBody}>
          <form.AppField name="to">
            {(f) => (
              <f.SelectField
                label="cashiers.handover.to"
                required
                parse={Number}
                placeholder={others.length ? t('cashiers.handover.chooseCashier') : t('cashiers.handover.noOthers')}
                options={others.map((c) => ({ value: c.id, label: c.name }))}
                data-testid="handover-to"
              />
            )}
          </form.AppField>
          <div className={twoColumns}>
            <form.AppField name="method">
              {(f) => <f.SelectField label="cashiers.entry.method" required options={methodOptions(t)} data-testid="handover-method" />}
            </form.AppField>
            <form.AppField name="amount">{(f) => <f.AmountField label="cashiers.entry.amount" required data-testid="handover-amount" />}</form.AppField>
          </div>
          <form.Subscribe selector={(s) => s.values.method}>{(method) => <AvailableHint cashier={cashier} method={method} testId="handover-available" />}</form.Subscribe>
          <form.AppField name="comment">{(f) => <f.TextareaField label="cashiers.entry.comment" rows={2} />}</form.AppField>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('cashiers.handover.submit')} />
      </form>
    </Dialog>
  );
}
