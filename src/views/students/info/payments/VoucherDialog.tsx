import { useForm } from '@tanstack/react-form';
import { giveVoucher } from '../../../../api/billing';
import { useActors } from '../../../../app/hooks';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { Select } from '../../../../ui/Select';
import { submitWith } from '../../../common/FormTextField';
import { AmountField, CommentField, fieldError, formBody, WriteFooter } from '../../../common/money/formParts';
import { useMoneyWrite } from '../../../common/money/moneyWrite';
import { toVoucherBody, voucherFormSchema, type VoucherFormValues } from '../../../common/money/billingForms';

/** "Vaucher berish": a one-time credit to the student's balance in one of their groups. */
export function VoucherDialog({
  student,
  groups,
  initialGroup,
  onClose,
}: {
  student: { id: number; full_name: string };
  groups: { id: number; name: string }[];
  initialGroup: number | null;
  onClose: () => void;
}) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useMoneyWrite(giveVoucher, () => {
    toast.send({ type: 'toast.show', severity: 'success', message: 'billing.voucher.given' });
    onClose();
  });
  const form = useForm({
    defaultValues: { group: initialGroup ?? groups[0]?.id ?? 0, amount: '', reason: '' } as VoucherFormValues,
    validators: { onChange: voucherFormSchema, onSubmit: voucherFormSchema },
    onSubmit: ({ value }) => write.submit(toVoucherBody(value, student.id)),
  });
  return (
    <Dialog open onClose={onClose} title={t('billing.voucher.giveTitle')} description={student.full_name} closeLabel={t('common.actions.close')} maxWidth="480px">
      <form noValidate onSubmit={submitWith(form)} data-testid="voucher-form">
        <div className={formBody}>
          <form.Field name="group">
            {(field) => (
              <Select
                label={t('billing.fields.group')}
                required
                options={groups.map((g) => ({ value: g.id, label: g.name }))}
                value={field.state.value || ''}
                onChange={(e) => {
                  write.edit('group');
                  field.handleChange(Number(e.target.value));
                }}
                error={fieldError(field, write, t)}
                data-testid="voucher-group"
              />
            )}
          </form.Field>
          <form.Field name="amount">
            {(field) => (
              <AmountField
                label={t('billing.fields.amount')}
                required
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(v) => {
                  write.edit('amount');
                  field.handleChange(v);
                }}
                error={fieldError(field, write, t)}
                data-testid="voucher-amount"
              />
            )}
          </form.Field>
          <form.Field name="reason">
            {(field) => (
              <CommentField
                label={t('billing.fields.reason')}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => {
                  write.edit('reason');
                  field.handleChange(e.target.value);
                }}
                error={fieldError(field, write, t)}
              />
            )}
          </form.Field>
        </div>
        <WriteFooter write={write} onCancel={onClose} submitLabel={t('billing.voucher.give')} />
      </form>
    </Dialog>
  );
}
