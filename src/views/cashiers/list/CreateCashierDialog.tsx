import { useForm } from '@tanstack/react-form';
import { z } from 'zod';
import { FINANCE_NAME_MAX, type Cashier, type CashierCreateBody, type CashierPatchBody } from '../../../../contract/finance';
import { createCashier, patchCashier, useBranchEmployees } from '../../../api/finance';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { fieldError, formBody, WriteFooter } from '../../common/money/formParts';
import { useMoneyWrite } from '../../common/money/moneyWrite';

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
  const { toast } = useActors();
  const employees = useBranchEmployees(filial);
  const write = useMoneyWrite<CashierCreateBody | CashierPatchBody>(
    (body, key) => (cashier ? patchCashier(cashier.id, body as CashierPatchBody, key) : createCashier(body as CashierCreateBody, key)),
    () => {
      toast.send({ type: 'toast.show', severity: 'success', message: cashier ? 'cashiers.edit.saved' : 'cashiers.create.saved' });
      onClose();
    },
  );
  const form = useForm({
    defaultValues: { name: cashier?.name ?? '', employee: cashier?.employee?.id ?? (null as number | null) },
    validators: { onChange: cashierForm, onSubmit: cashierForm },
    onSubmit: ({ value }) => {
      const v = cashierForm.parse(value);
      write.submit(cashier ? { name: v.name, employee: v.employee } : { name: v.name, filial, employee: v.employee });
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
          <form.Field name="name">
            {(field) => (
              <Field
                label={t('cashiers.create.name')}
                required
                autoFocus
                autoComplete="off"
                placeholder={t('cashiers.create.namePlaceholder')}
                value={field.state.value}
                onChange={(e) => {
                  write.edit('name');
                  field.handleChange(e.target.value);
                }}
                onBlur={field.handleBlur}
                error={fieldError(field, write, t)}
                data-testid="cashier-name"
              />
            )}
          </form.Field>
          <form.Field name="employee">
            {(field) => (
              <Select
                label={t('cashiers.create.employee')}
                placeholder={t('cashiers.create.noEmployee')}
                options={(employees.data ?? []).map((e) => ({ value: e.id, label: e.full_name }))}
                value={field.state.value ?? ''}
                onChange={(e) => {
                  write.edit('employee');
                  field.handleChange(e.target.value ? Number(e.target.value) : null);
                }}
                error={fieldError(field, write, t)}
              />
            )}
          </form.Field>
        </div>
        <WriteFooter write={write} onCancel={onClose} submitLabel={t(cashier ? 'common.actions.save' : 'cashiers.create.submit')} />
      </form>
    </Dialog>
  );
}
