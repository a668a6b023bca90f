import { useForm } from '@tanstack/react-form';
import { giveSale, useSales } from '../../../../api/billing';
import { useActors } from '../../../../app/hooks';
import { useT } from '../../../../i18n';
import { formatMoney } from '../../../../lib/money';
import { DateField } from '../../../../ui/DateField';
import { Dialog } from '../../../../ui/Dialog';
import { Select } from '../../../../ui/Select';
import { submitWith } from '../../../common/FormTextField';
import { CommentField, fieldError, formBody, twoColumns, WriteFooter } from '../../../common/money/formParts';
import { useMoneyWrite } from '../../../common/money/moneyWrite';
import { saleFormSchema, saleValueText, toSaleBody, type SaleFormValues } from '../../../common/money/billingForms';

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
  const { toast } = useActors();
  const sales = useSales(false);
  const write = useMoneyWrite(giveSale, () => {
    toast.send({ type: 'toast.show', severity: 'success', message: 'billing.sale.given' });
    onClose();
  });
  const form = useForm({
    defaultValues: { group: initialGroup ?? groups[0]?.id ?? 0, sale: 0, from_date: today, reason: '' } as SaleFormValues,
    validators: { onChange: saleFormSchema, onSubmit: saleFormSchema },
    onSubmit: ({ value }) => write.submit(toSaleBody(value, student.id)),
  });
  const edit = (name: string) => write.edit(name);
  return (
    <Dialog open onClose={onClose} title={t('billing.sale.giveTitle')} description={student.full_name} closeLabel={t('common.actions.close')} maxWidth="520px">
      <form noValidate onSubmit={submitWith(form)} data-testid="sale-form">
        <div className={formBody}>
          <form.Field name="group">
            {(field) => (
              <Select
                label={t('billing.fields.group')}
                required
                options={groups.map((g) => ({ value: g.id, label: g.name }))}
                value={field.state.value || ''}
                onChange={(e) => {
                  edit('group');
                  field.handleChange(Number(e.target.value));
                }}
                error={fieldError(field, write, t)}
                data-testid="sale-group"
              />
            )}
          </form.Field>
          <form.Field name="sale">
            {(field) => (
              <Select
                label={t('billing.fields.sale')}
                required
                placeholder={sales.isLoading ? t('billing.loading') : t('billing.sale.choose')}
                options={(sales.data ?? []).map((s) => ({ value: s.id, label: `${s.name} · ${saleValueText(s, formatMoney)}` }))}
                value={field.state.value || ''}
                onChange={(e) => {
                  edit('sale');
                  field.handleChange(Number(e.target.value));
                }}
                error={fieldError(field, write, t)}
                data-testid="sale-pick"
              />
            )}
          </form.Field>
          <div className={twoColumns}>
            <form.Field name="from_date">
              {(field) => (
                <DateField
                  label={t('billing.fields.fromDate')}
                  name="from_date"
                  required
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(day) => {
                    edit('from_date');
                    field.handleChange(day);
                  }}
                  error={fieldError(field, write, t)}
                />
              )}
            </form.Field>
          </div>
          <form.Field name="reason">
            {(field) => (
              <CommentField
                label={t('billing.fields.reason')}
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => {
                  edit('reason');
                  field.handleChange(e.target.value);
                }}
                error={fieldError(field, write, t)}
              />
            )}
          </form.Field>
        </div>
        <WriteFooter write={write} onCancel={onClose} submitLabel={t('billing.sale.give')} />
      </form>
    </Dialog>
  );
}
