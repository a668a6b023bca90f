import { useForm } from '@tanstack/react-form';
import { z } from 'zod';
import { SALE_KINDS, SALE_NAME_MAX, saleCreateBody, type SaleCreateBody, type SaleKind } from '../../../../contract/sales';
import { createSale } from '../../../api/billing';
import { useActors } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { parseAmountInput } from '../../../lib/amountInput';
import { Dialog } from '../../../ui/Dialog';
import { Field } from '../../../ui/Field';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { AmountField, fieldError, formBody, twoColumns, WriteFooter } from '../ledger/formParts';
import { useFinanceWrite } from '../ledger/useFinanceWrite';

type Values = { name: string; kind: SaleKind; value: string };

/** The form's check: the text amount read as money, then the contract's rule (percent ≤ 100), same messages. */
export const saleFormSchema = z
  .object({ name: z.string(), kind: z.enum(SALE_KINDS), value: z.string() })
  .transform((v, ctx) => {
    const parsed = saleCreateBody.safeParse({ ...v, value: parseAmountInput(v.value) ?? v.value });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return parsed.data as SaleCreateBody;
  });

/** A new sale of the catalogue: a name, percent or a fixed amount off the monthly price. */
export function SaleCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const { toast } = useActors();
  const write = useFinanceWrite(createSale, () => {
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
