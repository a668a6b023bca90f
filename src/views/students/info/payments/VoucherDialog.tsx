import { giveVoucher } from '../../../../api/billing';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../../ui/form';
import { formBody } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { toVoucherBody, voucherFormSchema, type VoucherFormValues } from '../../../common/money/billingForms';
import { MONEY_MESSAGES } from '../../../common/money/moneyWrite';
import { useWrite } from '../../../common/useWrite';

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
  const write = useWrite(giveVoucher, { success: 'billing.voucher.given', onDone: onClose, messages: MONEY_MESSAGES });
  const form = useAppForm({
    defaultValues: { group: initialGroup ?? groups[0]?.id ?? 0, amount: '', reason: '' } as VoucherFormValues,
    validators: { onChange: voucherFormSchema, onSubmit: voucherFormSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(toVoucherBody(value, student.id), formApi),
  });
  return (
    <Dialog open onClose={onClose} title={t('billing.voucher.giveTitle')} description={student.full_name} closeLabel={t('common.actions.close')} maxWidth="480px">
      <form noValidate onSubmit={submitWith(form)} data-testid="voucher-form">
        <div className={formBody}>
          <form.AppField name="group">
            {(f) => <f.SelectField label="billing.fields.group" required parse={Number} options={groups.map((g) => ({ value: g.id, label: g.name }))} data-testid="voucher-group" />}
          </form.AppField>
          <form.AppField name="amount">{(f) => <f.AmountField label="billing.fields.amount" required data-testid="voucher-amount" />}</form.AppField>
          <form.AppField name="reason">{(f) => <f.TextareaField label="billing.fields.reason" rows={2} />}</form.AppField>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('billing.voucher.give')} />
      </form>
    </Dialog>
  );
}
