// Archiving a student: the reason (required, as the server's archive body); archiving also closes their groups.
// When the student's total balance is above zero the dialog also asks what happens to the money: refund it from a
// cash desk of the student's branch (an expense linked to the student) or keep it as credit. That archiving is a
// money write: it goes through the financeWrite statechart (one Idempotency-Key per action, the desk's 409 shown
// here, where another desk can be chosen) and the page re-syncs the status chart from the refetched card. Without
// money the archive move goes through the studentStatus statechart as before.
import { useForm, useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { z } from 'zod';
import { css } from 'styled-system/css';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../../contract/finance';
import { reasonText } from '../../../../contract/lessons';
import { toCents } from '../../../../contract/money';
import { useStudentBalances } from '../../../api/billing';
import { useCashiers } from '../../../api/finance';
import { archiveWithMoney } from '../../../api/studentDetail';
import { useMe, useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatMoney } from '../../../lib/money';
import { Dialog } from '../../../ui/Dialog';
import { Select } from '../../../ui/Select';
import { submitWith } from '../../common/FormTextField';
import { formBody, FormFooter, shownError, TextArea } from '../../common/formParts';
import { methodLabel } from '../../common/money/financeText';
import { fieldError, hint, twoColumns, WriteFooter } from '../../common/money/formParts';
import { useMoneyWrite } from '../../common/money/moneyWrite';
import { archiveMoneySchema, defaultRefundDesk, type MoneyValues } from './archiveMoney';

const archiveReason = z.object({ reason: reasonText });

type Props = {
  student: { id: number; full_name: string; filial: number };
  onClose: () => void;
  /** No money to settle: the status chart archives. */
  onArchive: (reason: string) => void;
  /** Archived with the money settled on the server: the page refetches. */
  onArchivedWithMoney: () => void;
};

export function ArchiveDialog({ student, onClose, onArchive, onArchivedWithMoney }: Props) {
  const { t } = useT();
  const balances = useStudentBalances(student.id);
  // The balance the dialog opened with decides its form for good: a refund refetches the balances (now zero) before
  // the write reports done, and switching forms then would drop the done report and leave the dialog open.
  const [total, setTotal] = useState<string | null>(null);
  if (total === null && balances.data && !balances.isFetching) setTotal(balances.data.total);
  const hasMoney = total !== null && toCents(total) > 0n;
  return (
    <Dialog
      open
      onClose={onClose}
      title={t('student_status.archive_form.title')}
      description={t('student_detail.archive.description', { student: student.full_name })}
      closeLabel={t('common.actions.close')}
      maxWidth={hasMoney ? '560px' : '480px'}
    >
      {total === null && !balances.isError ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('billing.loading')}</p> : null}
      {(balances.isError && total === null) || (total !== null && !hasMoney) ? <ReasonOnly onClose={onClose} onArchive={onArchive} /> : null}
      {hasMoney ? <WithMoney student={student} total={total} onClose={onClose} onDone={onArchivedWithMoney} /> : null}
    </Dialog>
  );
}

/** Why the student leaves (required). */
function ReasonField({ value, onBlur, onChange, error }: { value: string; onBlur: () => void; onChange: (value: string) => void; error: string | null }) {
  const { t } = useT();
  return (
    <TextArea
      label={t('student_status.archive_form.reason')}
      placeholder={t('student_status.archive_form.reason_placeholder')}
      required
      value={value}
      onBlur={onBlur}
      onChange={(e) => onChange(e.target.value)}
      error={error}
    />
  );
}

function ReasonOnly({ onClose, onArchive }: Pick<Props, 'onClose' | 'onArchive'>) {
  const { t } = useT();
  const form = useForm({
    defaultValues: { reason: '' },
    validators: { onChange: archiveReason, onSubmit: archiveReason },
    onSubmit: ({ value }) => {
      onArchive(archiveReason.parse(value).reason);
      onClose();
    },
  });
  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="archive-form">
      <div className={formBody}>
        <form.Field name="reason">
          {(field) => <ReasonField value={field.state.value} onBlur={field.handleBlur} onChange={field.handleChange} error={shownError(field, t)} />}
        </form.Field>
      </div>
      <FormFooter onCancel={onClose} saving={false} submitLabel={t('student_status.archive_form.submit')} tone="danger" />
    </form>
  );
}

const choice = css({
  display: 'flex',
  gap: '3',
  alignItems: 'flex-start',
  p: '3',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'control',
  cursor: 'pointer',
  '&:has(input:checked)': { borderColor: 'accent.default', bg: 'accent.subtle' },
  '&:has(input:disabled)': { cursor: 'not-allowed', opacity: 0.6 },
});

function WithMoney({ student, total, onClose, onDone }: { student: Props['student']; total: string; onClose: () => void; onDone: () => void }) {
  const { t } = useT();
  const me = useMe();
  const pages = useReadablePages();
  // Money leaves a desk only with a cash page, as on the server.
  const canRefund = pages.has('cashiers_data') || pages.has('cashiers');
  const desks = useCashiers(canRefund ? student.filial : null);
  const list = desks.data ?? [];
  const write = useMoneyWrite(
    (body: Record<string, unknown>, key: string) => archiveWithMoney(student.id, body as Parameters<typeof archiveWithMoney>[1], key),
    () => onDone(),
  );
  const form = useForm({
    defaultValues: { reason: '', balance_action: null, casher: null, method: 'cash' } as MoneyValues,
    validators: { onChange: archiveMoneySchema, onSubmit: archiveMoneySchema },
    onSubmit: ({ value }) => {
      const v = archiveMoneySchema.parse(value);
      const money = v.balance_action === 'refund' ? { balance_action: v.balance_action, casher: v.casher, method: v.method } : { balance_action: v.balance_action };
      write.submit({ is_archived: true, reason: v.reason, ...money, amount: total });
    },
  });
  const action = useStore(form.store, (s) => s.values.balance_action);
  const method = useStore(form.store, (s) => s.values.method);
  const deskId = useStore(form.store, (s) => s.values.casher);
  const desk = list.find((c) => c.id === deskId);
  const edit = (name: keyof MoneyValues) => write.edit(name);

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="archive-form">
      <div className={formBody}>
        <form.Field name="reason">
          {(field) => (
            <ReasonField
              value={field.state.value}
              onBlur={field.handleBlur}
              onChange={(v) => {
                edit('reason');
                field.handleChange(v);
              }}
              error={fieldError(field, write, t)}
            />
          )}
        </form.Field>
        <form.Field name="balance_action">
          {(field) => (
            <fieldset data-testid="archive-money">
              <legend className={css({ fontSize: 'sm', fontWeight: 'medium', mb: '2' })}>
                {t('student_detail.archive.money.question', { amount: formatMoney(total) })}
              </legend>
              <div className={css({ display: 'grid', gap: '2' })}>
                {(['refund', 'keep'] as const).map((a) => (
                  <label key={a} className={choice}>
                    <input
                      type="radio"
                      name="balance_action"
                      value={a}
                      checked={field.state.value === a}
                      disabled={a === 'refund' && !canRefund}
                      onChange={() => {
                        edit('balance_action');
                        field.handleChange(a);
                        // The user's own desk first, else one that can pay the amount.
                        const first = defaultRefundDesk(list, me.id, form.getFieldValue('method'), total);
                        if (a === 'refund' && form.getFieldValue('casher') === null && first) form.setFieldValue('casher', first.id);
                      }}
                      data-testid={`archive-money-${a}`}
                      className={css({ mt: '1' })}
                    />
                    <span>
                      <span className={css({ display: 'block', fontWeight: 'medium', fontSize: 'sm' })}>{t(`student_detail.archive.money.${a}`)}</span>
                      <span className={css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })}>
                        {a === 'refund' && !canRefund ? t('student_detail.archive.money.refundNeedsDesk') : t(`student_detail.archive.money.${a}Hint`)}
                      </span>
                    </span>
                  </label>
                ))}
              </div>
              {fieldError(field, write, t) ? (
                <p role="alert" className={css({ color: 'danger.default', fontSize: 'xs', mt: '1' })}>
                  {fieldError(field, write, t)}
                </p>
              ) : null}
            </fieldset>
          )}
        </form.Field>
        {action === 'refund' ? (
          <>
            <div className={twoColumns}>
              <form.Field name="casher">
                {(field) => (
                  <Select
                    label={t('billing.take.desk')}
                    required
                    placeholder={desks.isPending ? t('billing.loading') : list.length ? t('billing.take.chooseDesk') : t('billing.take.noDesks')}
                    options={list.map((c) => ({ value: c.id, label: c.name }))}
                    value={deskId ?? ''}
                    onChange={(e) => {
                      edit('casher');
                      field.handleChange(e.target.value ? Number(e.target.value) : null);
                    }}
                    error={fieldError(field, write, t)}
                    data-testid="archive-desk"
                  />
                )}
              </form.Field>
              <form.Field name="method">
                {(field) => (
                  <Select
                    label={t('billing.take.method')}
                    required
                    options={PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(t, m) }))}
                    value={field.state.value}
                    onChange={(e) => {
                      edit('method');
                      field.handleChange(e.target.value as PaymentMethod);
                    }}
                    error={fieldError(field, write, t)}
                    data-testid="archive-method"
                  />
                )}
              </form.Field>
            </div>
            {desk ? <p className={hint}>{t('student_detail.archive.money.deskHolds', { amount: formatMoney(desk.balances[method] ?? '0') })}</p> : null}
          </>
        ) : null}
      </div>
      <WriteFooter write={write} onCancel={onClose} submitLabel={t('student_status.archive_form.submit')} tone="danger" />
    </form>
  );
}
