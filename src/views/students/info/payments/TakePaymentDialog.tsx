// "To‘lov qabul qilish" from the student card: the payment form with the student fixed and the group filled in
// (the card's only group, else the automatic split, which the form shows). The money goes into one of the active
// cash desks of the student's branch (the user's own desk first); the write goes through the financeWrite
// statechart like every money write (POST /finance/, one Idempotency-Key per action).
import { useForm, useStore } from '@tanstack/react-form';
import { css } from 'styled-system/css';
import {
  PAYMENT_METHODS,
  type PaymentMethod,
} from '../../../../../contract/finance';
import { createEntry, useCashiers } from '../../../../api/finance';
import { useActors, useMe } from '../../../../app/hooks';
import { useT } from '../../../../i18n';
import { Dialog } from '../../../../ui/Dialog';
import { Select } from '../../../../ui/Select';
import { submitWith } from '../../../common/FormTextField';
import { methodLabel } from '../../../common/money/financeText';
import { AmountField, CommentField, fieldError, formBody, twoColumns, WriteFooter } from '../../../common/money/formParts';
import { PaymentGroupField } from '../../../common/money/PaymentGroupField';
import { useMoneyWrite } from '../../../common/money/moneyWrite';
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
  const list = desks.data ?? [];
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
  const { toast } = useActors();
  const write = useMoneyWrite(createEntry, () => {
    toast.send({
      type: 'toast.show',
      severity: 'success',
      message: 'billing.take.saved',
    });
    onClose();
  });
  const form = useForm({
    defaultValues: {
      casher: initialDesk,
      group: initialGroup,
      method: 'cash',
      amount: '',
      comment: '',
    } as TakePaymentValues,
    validators: { onChange: takePaymentSchema, onSubmit: takePaymentSchema },
    onSubmit: ({ value }) => write.submit(toPaymentBody(value, student.id)),
  });
  const amount = useStore(form.store, (s) => s.values.amount);
  const change =
    <K extends keyof TakePaymentValues>(name: K, handle: (v: TakePaymentValues[K]) => void) =>
    (value: TakePaymentValues[K]) => {
      write.edit(name);
      handle(value);
    };

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="take-payment-form">
      <div className={formBody}>
        <form.Field name="casher">
          {(field) => (
            <Select
              label={t('billing.take.desk')}
              required
              options={desks.map((c) => ({ value: c.id, label: c.name }))}
              value={field.state.value}
              onChange={(e) => change('casher', field.handleChange)(Number(e.target.value))}
              error={fieldError(field, write, t)}
              data-testid="take-desk"
            />
          )}
        </form.Field>
        <form.Field name="group">
          {(field) => (
            <PaymentGroupField
              student={student.id}
              value={field.state.value}
              onChange={change('group', field.handleChange)}
              amountText={amount}
              error={fieldError(field, write, t)}
            />
          )}
        </form.Field>
        <div className={twoColumns}>
          <form.Field name="method">
            {(field) => (
              <Select
                label={t('billing.take.method')}
                required
                options={PAYMENT_METHODS.map((m) => ({
                  value: m,
                  label: methodLabel(t, m),
                }))}
                value={field.state.value}
                onChange={(e) => change('method', field.handleChange)(e.target.value as PaymentMethod)}
                error={fieldError(field, write, t)}
                data-testid="entry-method"
              />
            )}
          </form.Field>
          <form.Field name="amount">
            {(field) => (
              <AmountField
                label={t('billing.fields.amount')}
                required
                autoFocus
                value={field.state.value}
                onChange={change('amount', field.handleChange)}
                onBlur={field.handleBlur}
                error={fieldError(field, write, t)}
                data-testid="entry-amount"
              />
            )}
          </form.Field>
        </div>
        <form.Field name="comment">
          {(field) => (
            <CommentField
              label={t('billing.fields.comment')}
              value={field.state.value}
              onChange={(e) => change('comment', field.handleChange)(e.target.value)}
              onBlur={field.handleBlur}
              error={fieldError(field, write, t)}
            />
          )}
        </form.Field>
      </div>
      <WriteFooter write={write} onCancel={onClose} submitLabel={t('billing.take.submit')} />
    </form>
  );
}
