import { SALE_KINDS, SALE_NAME_MAX, type SaleKind } from '../../../../contract/sales';
import { createSale } from '../../../api/billing';
import { useT } from '../../../i18n';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody, twoColumns } from '../../../ui/form/FormAlert';
import { FormFooter } from '../../../ui/form/FormFooter';
import { catalogueSaleSchema as saleFormSchema } from '../../common/money/billingForms';
import { MONEY_MESSAGES } from '../../common/money/moneyWrite';
import { useWrite } from '../../common/useWrite';

type Values = { name: string; kind: SaleKind; value: string };

/** A new sale of the catalogue: a name, percent or a fixed amount off the monthly price. */
export function SaleCreateDialog({ onClose }: { onClose: () => void }) {
  const { t } = useT();
  const write = useWrite(createSale, { success: 'billing.catalogue.created', onDone: onClose, messages: MONEY_MESSAGES });
  const form = useAppForm({
    defaultValues: { name: '', kind: 'percent', value: '' } as Values,
    validators: { onChange: saleFormSchema, onSubmit: saleFormSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(saleFormSchema.parse(value), formApi),
  });
  return (
    <Dialog open onClose={onClose} title={t('billing.catalogue.createTitle')} closeLabel={t('common.actions.close')} maxWidth="480px">
      <form noValidate onSubmit={submitWith(form)} data-testid="sale-create-form">
        <div className={formBody}>
          <form.AppField name="name">{(f) => <f.TextField label="billing.fields.name" required errorValues={{ max: SALE_NAME_MAX }} data-testid="sale-name" />}</form.AppField>
          <div className={twoColumns}>
            <form.AppField name="kind">
              {(f) => <f.SelectField label="billing.fields.kind" required options={SALE_KINDS.map((k) => ({ value: k, label: t(`billing.kinds.${k}`) }))} data-testid="sale-kind" />}
            </form.AppField>
            {/* A percentage's ceiling is 100: its message names it. */}
            <form.AppField name="value">{(f) => <f.AmountField label="billing.fields.value" required errorValues={{ max: 100 }} data-testid="sale-value" />}</form.AppField>
          </div>
        </div>
        <FormFooter write={write} onCancel={onClose} submitLabel={t('billing.catalogue.create')} />
      </form>
    </Dialog>
  );
}
