import { z } from 'zod';
import { FINANCE_NAME_MAX, type Cashier, type CashierCreateBody, type CashierPatchBody } from '../../../../contract/finance';
import { createCashier, patchCashier, useBranchEmployees } from '../../../api/finance';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { MONEY_MESSAGES } from '../../common/money/moneyWrite';
import { useWrite } from '../../common/useWrite';

const cashierForm = z.object({
  name: z.string().trim().min(1, 'validation.required').max(FINANCE_NAME_MAX, 'validation.maxLength'),
  employee: z.number().int().nullable(),
});

/**
 * A new cashier of the current branch with an optional responsible employee, or (with `cashier`) a cashier's new
 * name or responsible employee (PATCH).
 */
export function CreateCashierDialog({ filial, cashier, onClose }: { filial: number; cashier?: Cashier; onClose: () => void }) {
  const { t } = useT();
  const employees = useBranchEmployees(filial);
  const write = useWrite(
    (body: CashierCreateBody | CashierPatchBody, key: string) =>
      cashier ? patchCashier(cashier.id, body as CashierPatchBody, key) : createCashier(body as CashierCreateBody, key),
    { success: cashier ? 'cashiers.edit.saved' : 'cashiers.create.saved', onDone: onClose, messages: MONEY_MESSAGES },
  );
  const form = useAppForm({
    defaultValues: { name: cashier?.name ?? '', employee: cashier?.employee?.id ?? (null as number | null) },
    validators: { onChange: cashierForm, onSubmit: cashierForm },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => {
      const v = cashierForm.parse(value);
      write.submit(cashier ? { name: v.name, employee: v.employee } : { name: v.name, filial, employee: v.employee }, formApi);
    },
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(cashier ? 'cashiers.edit.title' : 'cashiers.create.title')}
      closeLabel={t('common.actions.close')}
      maxWidth="480px"
    >
      <form noValidate onSubmit={submitWith(form)} data-testid="cashier-create-form">
        <div className={formBody}>
          <form.AppField name="name">
            {(f) => <f.TextField label="cashiers.create.name" required autoFocus autoComplete="off" placeholder={t('cashiers.create.namePlaceholder')} data-testid="cashier-name" />}
          </form.AppField>
          <form.AppField name="employee">
            {(f) => (
              <f.SelectField
                label="cashiers.create.employee"
                parse={Number}
                placeholder={t('cashiers.create.noEmployee')}
                options={(employees.data ?? []).map((e) => ({ value: e.id, label: e.full_name }))}
              />
            )}
          </form.AppField>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t(cashier ? 'common.actions.save' : 'cashiers.create.submit')} />
      </form>
    </Dialog>
  );
}
