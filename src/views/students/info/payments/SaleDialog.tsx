import { giveSale, useSales } from '../../../../api/billing';
import { useT } from '../../../../i18n';
import { formatMoney } from '../../../../lib/money';
import { Dialog } from '../../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../../ui/form';
import { formBody, twoColumns } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { saleFormSchema, saleValueText, toSaleBody, type SaleFormValues } from '../../../common/money/billingForms';
import { MONEY_MESSAGES } from '../../../common/money/moneyWrite';
import { useWrite } from '../../../common/useWrite';

/** "Chegirma berish": a sale of the catalogue for the student in one of their groups, from a date. */
export function SaleDialog({
  student,
  groups,
  initialGroup,
  today,
  onClose,
}: {
  student: { id: number; full_name: string };
  groups: { id: number; name: string }[];
  initialGroup: number | null;
  today: string;
  onClose: () => void;
}) {
  const { t } = useT();
  const sales = useSales(false);
  const write = useWrite(giveSale, { success: 'billing.sale.given', onDone: onClose, messages: MONEY_MESSAGES });
  const form = useAppForm({
    defaultValues: { group: initialGroup ?? groups[0]?.id ?? 0, sale: 0, from_date: today, reason: '' } as SaleFormValues,
    validators: { onChange: saleFormSchema, onSubmit: saleFormSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(toSaleBody(value, student.id), formApi),
  });
  return (
    <Dialog open onClose={onClose} title={t('billing.sale.giveTitle')} description={student.full_name} closeLabel={t('common.actions.close')} maxWidth="520px">
      <form noValidate onSubmit={submitWith(form)} data-testid="sale-form">
        <div className={formBody}>
          <form.AppField name="group">
            {(f) => <f.SelectField label="billing.fields.group" required parse={Number} options={groups.map((g) => ({ value: g.id, label: g.name }))} data-testid="sale-group" />}
          </form.AppField>
          <form.AppField name="sale">
            {(f) => (
              <f.SelectField
                label="billing.fields.sale"
                required
                parse={Number}
                emptyAs={null}
                placeholder={sales.isLoading ? t('billing.loading') : t('billing.sale.choose')}
                options={(sales.data ?? []).map((s) => ({ value: s.id, label: `${s.name} · ${saleValueText(s, formatMoney)}` }))}
                data-testid="sale-pick"
              />
            )}
          </form.AppField>
          <div className={twoColumns}>
            <form.AppField name="from_date">{(f) => <f.DateField label="billing.fields.fromDate" required />}</form.AppField>
          </div>
          <form.AppField name="reason">{(f) => <f.TextareaField label="billing.fields.reason" rows={2} />}</form.AppField>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('billing.sale.give')} />
      </form>
    </Dialog>
  );
}
