import { useForm } from '@tanstack/react-form';
import { SALE_KINDS, SALE_NAME_MAX, type SaleKind } from '../../../../contract/sales';
import { createSale } from '../../../api/billing';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { AmountField, fieldError, formBody, twoColumns, WriteFooter } from '../../common/money/formParts';
import { useMoneyWrite } from '../../common/money/moneyWrite';
import { catalogueSaleSchema as saleFormSchema } from '../../common/money/billingForms';

type Values = { name: string; kind: SaleKind; value: string };

/** A new sale of the catalogue: a name, percent or a fixed amount off the monthly price. */
export function SaleCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useMoneyWrite(createSale, () => {
    toast.send({ type: 'toast.show', severity: 'success', message: 'billing.catalogue.created' });
    onClose();
  });
  const form = useForm({
    defaultValues: { name: '', kind: 'percent', value: '' } as Values,
    validators: { onChange: saleFormSchema, onSubmit: saleFormSchema },
    onSubmit: ({ value }) => write.submit(saleFormSchema.parse(value)),
  });
  // Messages with {{max}}: the name's length and the percentage's ceiling.
  const tMax: typeof t = (key, params) => t(key, { max: key === 'validation.maxLength' ? SALE_NAME_MAX : 100, ...params });
  return (
    <Dialog open onClose={onClose} title={t('billing.catalogue.createTitle')} closeLabel={t('common.actions.close')} maxWidth="480px">
      <form noValidate onSubmit={submitWith(form)} data-testid="sale-create-form">
        <div className={formBody}>
          <form.Field name="name">
            {(field) => (
              <Field
                label={t('billing.fields.name')}
                required
                value={field.state.value}
                onBlur={field.handleBlur}
                onChange={(e) => {
                  write.edit('name');
                  field.handleChange(e.target.value);
                }}
                error={fieldError(field, write, tMax)}
                data-testid="sale-name"
              />
            )}
          </form.Field>
          <div className={twoColumns}>
            <form.Field name="kind">
              {(field) => (
                <Select
                  label={t('billing.fields.kind')}
                  required
                  options={SALE_KINDS.map((k) => ({ value: k, label: t(`billing.kinds.${k}`) }))}
                  value={field.state.value}
                  onChange={(e) => {
                    write.edit('kind');
                    field.handleChange(e.target.value as SaleKind);
                  }}
                  data-testid="sale-kind"
                />
              )}
            </form.Field>
            <form.Field name="value">
              {(field) => (
                <AmountField
                  label={t('billing.fields.value')}
                  required
                  value={field.state.value}
                  onBlur={field.handleBlur}
                  onChange={(v) => {
                    write.edit('value');
                    field.handleChange(v);
                  }}
                  error={fieldError(field, write, tMax)}
                  data-testid="sale-value"
                />
              )}
            </form.Field>
          </div>
        </div>
        <WriteFooter write={write} onCancel={onClose} submitLabel={t('billing.catalogue.create')} />
      </form>
    </Dialog>
  );
}
