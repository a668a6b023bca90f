// "To‘lov qabul qilish" from the student card: the payment form with the student fixed and the group filled in
// (the card's only group, else the automatic split, which the form shows). The money goes into one of the active
// cash desks of the student's branch (the user's own desk first); the write goes through the financeWrite
// statechart like every money write (POST /finance/, one Idempotency-Key per action).
import { useStore } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import { createEntry, useCashiers } from '../../../../api/finance';
import { useMe } from '../../../../app/hooks';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../../ui/form';
import { fieldErrorOf } from '../../../../ui/form/fieldError';
import { formBody, twoColumns } from '../../../../ui/form/FormAlert';
import { FormFooter } from '../../../../ui/form/FormFooter';
import { methodOptions } from '../../../common/money/financeText';
import { PaymentGroupField } from '../../../common/money/PaymentGroupField';
import { MONEY_MESSAGES } from '../../../common/money/moneyWrite';
import { useWrite } from '../../../common/useWrite';
import { takePaymentSchema, toPaymentBody, type TakePaymentValues } from './takePayment';

export function TakePaymentDialog({
  student,
  initialGroup,
  onClose,
}: {
  student: { id: number; full_name: string; filial: number };
  initialGroup: number | null;
  onClose: () => void;
}) {
  const { t } = useT();
  const me = useMe();
  const desks = useCashiers(student.filial);
  // Online desks take only what Payme and Click book: money typed onto them would not match a transaction.
  const list = (desks.data ?? []).filter((d) => !d.provider);
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('billing.take.title')}
      description={student.full_name}
      closeLabel={t('common.actions.close')}
      maxWidth="560px"
    >
      {desks.isPending ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('billing.loading')}</p> : null}
      {desks.isError ? (
        <p role="alert" className={css({ color: 'danger.default', fontSize: 'sm' })}>
          {t('billing.take.desksFailed')}
        </p>
      ) : null}
      {desks.isSuccess && list.length === 0 ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })} data-testid="take-no-desks">
          {t('billing.take.noDesks')}
        </p>
      ) : null}
      {list.length ? (
        // The desk the user answers for first, else the branch's first.
        <PaymentForm
          student={student}
          desks={list}
          initialDesk={(list.find((c) => c.employee?.id === me.id) ?? list[0]).id}
          initialGroup={initialGroup}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function PaymentForm({
  student,
  desks,
  initialDesk,
  initialGroup,
  onClose,
}: {
  student: { id: number };
  desks: { id: number; name: string }[];
  initialDesk: number;
  initialGroup: number | null;
  onClose: () => void;
}) {
  const { t } = useT();
  const write = useWrite(createEntry, { success: 'billing.take.saved', onDone: onClose, messages: MONEY_MESSAGES });
  const form = useAppForm({
    defaultValues: {
      casher: initialDesk,
      group: initialGroup,
      method: 'cash',
      amount: '',
      comment: '',
    } as TakePaymentValues,
    validators: { onChange: takePaymentSchema, onSubmit: takePaymentSchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => write.submit(toPaymentBody(value, student.id), formApi),
  });
  const amount = useStore(form.store, (s) => s.values.amount);

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="take-payment-form">
      <div className={formBody}>
        <form.AppField name="casher">
          {(f) => <f.SelectField label="billing.take.desk" required parse={Number} options={desks.map((c) => ({ value: c.id, label: c.name }))} data-testid="take-desk" />}
        </form.AppField>
        <form.AppField name="group">
          {(f) => <PaymentGroupField student={student.id} value={f.state.value} onChange={f.handleChange} amountText={amount} error={fieldErrorOf(f, t)} />}
        </form.AppField>
        <div className={twoColumns}>
          <form.AppField name="method">{(f) => <f.SelectField label="billing.take.method" required options={methodOptions(t)} data-testid="entry-method" />}</form.AppField>
          <form.AppField name="amount">{(f) => <f.AmountField label="billing.fields.amount" required autoFocus data-testid="entry-amount" />}</form.AppField>
        </div>
        <form.AppField name="comment">{(f) => <f.TextareaField label="billing.fields.comment" rows={2} />}</form.AppField>
      </div>
      <FormFooter write={write} onCancel={onClose} submitLabel={t('billing.take.submit')} />
    </form>
  );
}
