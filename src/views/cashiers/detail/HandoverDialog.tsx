import { useForm } from '@tanstack/react-form';
import { PAYMENT_METHODS, type Cashier } from '../../../../contract/finance';
import { createHandover, useCashiers } from '../../../api/finance';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatMoney } from '../../../lib/money';
import { Dialog } from '../../../ui/Dialog';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { methodLabel } from '../../common/money/financeText';
import { AmountField, CommentField, fieldError, formBody, hint, twoColumns, WriteFooter } from '../../common/money/formParts';
import { useFinanceWrite } from '../../common/useWrite';
import { emptyHandover, handoverFormSchema, toHandoverBody, type HandoverFormValues } from './handoverForm';

/** "Topshirish": money of one method moved to another active cashier of the branch (409 when this one holds less). */
export function HandoverDialog({ cashier, onClose }: { cashier: Cashier; onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const others = (useCashiers(cashier.filial).data ?? []).filter((c) => c.id !== cashier.id);
  const write = useFinanceWrite(createHandover, () => {
    toast.send({ type: 'toast.show', severity: 'success', message: 'cashiers.handover.saved' });
    onClose();
  });
  const form = useForm({
    defaultValues: emptyHandover(),
    validators: { onChange: handoverFormSchema, onSubmit: handoverFormSchema },
    onSubmit: ({ value }) => write.submit(toHandoverBody(value, cashier.id)),
  });
  const change = <K extends keyof HandoverFormValues>(name: K, handle: (v: HandoverFormValues[K]) => void, server: string = name) => (value: HandoverFormValues[K]) => {
    write.edit(server);
    handle(value);
  };
  return (
    <Dialog open onClose={onClose} title={t('cashiers.handover.title')} description={t('cashiers.handover.from', { name: cashier.name })} closeLabel={t('common.actions.close')} maxWidth="520px">
      <form noValidate onSubmit={submitWith(form)} data-testid="handover-form">
        <div className={formBody}>
          <form.Field name="to">
            {(field) => (
              <Select
                label={t('cashiers.handover.to')}
                required
                placeholder={others.length ? t('cashiers.handover.chooseCashier') : t('cashiers.handover.noOthers')}
                options={others.map((c) => ({ value: c.id, label: c.name }))}
                value={field.state.value ?? ''}
                onChange={(e) => change('to', field.handleChange, 'to_casher')(e.target.value ? Number(e.target.value) : null)}
                error={fieldError(field, write, t, 'to_casher')}
                data-testid="handover-to"
              />
            )}
          </form.Field>
          <div className={twoColumns}>
            <form.Field name="method">
              {(field) => (
                <Select
                  label={t('cashiers.entry.method')}
                  required
                  options={PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(t, m) }))}
                  value={field.state.value}
                  onChange={(e) => change('method', field.handleChange)(e.target.value as HandoverFormValues['method'])}
                  error={fieldError(field, write, t)}
                  data-testid="handover-method"
                />
              )}
            </form.Field>
            <form.Field name="amount">
              {(field) => (
                <AmountField
                  label={t('cashiers.entry.amount')}
                  required
                  value={field.state.value}
                  onChange={change('amount', field.handleChange)}
                  onBlur={field.handleBlur}
                  error={fieldError(field, write, t)}
                  data-testid="handover-amount"
                />
              )}
            </form.Field>
          </div>
          <form.Subscribe selector={(s) => s.values.method}>
            {(method) => (
              <p className={hint} data-testid="handover-available">
                {t('cashiers.entry.available', { amount: formatMoney(cashier.balances[method] ?? '0') })}
              </p>
            )}
          </form.Subscribe>
          <form.Field name="comment">
            {(field) => (
              <CommentField
                label={t('cashiers.entry.comment')}
                value={field.state.value}
                onChange={(e) => change('comment', field.handleChange)(e.target.value)}
                onBlur={field.handleBlur}
                error={fieldError(field, write, t)}
              />
            )}
          </form.Field>
        </div>
        <WriteFooter write={write} onCancel={onClose} submitLabel={t('cashiers.handover.submit')} />
      </form>
    </Dialog>
  );
}
