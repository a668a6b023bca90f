// Archiving a student: the reason (required, as the server's archive body); archiving also closes their groups.
// When the student's total balance is above zero the dialog also asks what happens to the money: refund it from a
// cash desk of the student's branch (an expense linked to the student) or keep it as credit. That archiving is a
// money write: it goes through the financeWrite statechart (one Idempotency-Key per action, the desk's 409 shown
// here, where another desk can be chosen) and the page re-syncs the status chart from the refetched card. Without
// money the archive move goes through the studentStatus statechart as before.
import { useStore } from '@tanstack/react-form';
import { useState } from 'react';
import { z } from 'zod';
import { css } from 'styled-system/css';
import { PAYMENT_METHODS } from '../../../../contract/finance';
import { reasonText } from '../../../../contract/lessons';
import { toCents } from '../../../../contract/money';
import { useStudentBalances } from '../../../api/billing';
import { useCashiers } from '../../../api/finance';
import { archiveWithMoney } from '../../../api/studentDetail';
import { useMe, useReadablePages } from '../../../app/hooks';
import { useT } from '../../../i18n';
import { formatMoney } from '../../../lib/money';
import { Dialog } from '../../../ui/Dialog';
import { submitWith, useAppForm } from '../../../ui/form';
import { formBody, twoColumns } from '../../../ui/form/FormAlert';
import { fieldErrorOf } from '../../../ui/form/fieldError';
import { FormFooter } from '../../../ui/form/FormFooter';
import { FormFooter as PlainFooter } from '../../common/formParts';
import { methodLabel } from '../../common/money/financeText';
import { hint } from '../../common/money/formParts';
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

function ReasonOnly({ onClose, onArchive }: Pick<Props, 'onClose' | 'onArchive'>) {
  const { t } = useT();
  const form = useAppForm({
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
        <form.AppField name="reason">{(f) => <f.TextareaField label="student_status.archive_form.reason" required placeholder={t('student_status.archive_form.reason_placeholder')} />}</form.AppField>
      </div>
      {/* The status chart writes: nothing is pending here. */}
      <PlainFooter onCancel={onClose} saving={false} submitLabel={t('student_status.archive_form.submit')} tone="danger" />
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
  const form = useAppForm({
    defaultValues: { reason: '', balance_action: null, casher: null, method: 'cash' } as MoneyValues,
    validators: { onChange: archiveMoneySchema, onSubmit: archiveMoneySchema },
    listeners: write.listeners,
    onSubmit: ({ value, formApi }) => {
      const v = archiveMoneySchema.parse(value);
      const money = v.balance_action === 'refund' ? { balance_action: v.balance_action, casher: v.casher, method: v.method } : { balance_action: v.balance_action };
      write.submit({ is_archived: true, reason: v.reason, ...money, amount: total }, formApi);
    },
  });
  const action = useStore(form.store, (s) => s.values.balance_action);
  const method = useStore(form.store, (s) => s.values.method);
  const deskId = useStore(form.store, (s) => s.values.casher);
  const desk = list.find((c) => c.id === deskId);

  return (
    <form noValidate onSubmit={submitWith(form)} data-testid="archive-form">
      <div className={formBody}>
        <form.AppField name="reason">{(f) => <f.TextareaField label="student_status.archive_form.reason" required placeholder={t('student_status.archive_form.reason_placeholder')} />}</form.AppField>
        <form.AppField name="balance_action">
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
              {fieldErrorOf(field, t) ? (
                <p role="alert" className={css({ color: 'danger.default', fontSize: 'xs', mt: '1' })}>
                  {fieldErrorOf(field, t)}
                </p>
              ) : null}
            </fieldset>
          )}
        </form.AppField>
        {action === 'refund' ? (
          <>
            <div className={twoColumns}>
              <form.AppField name="casher">
                {(f) => (
                  <f.SelectField
                    label="billing.take.desk"
                    required
                    parse={Number}
                    placeholder={desks.isPending ? t('billing.loading') : list.length ? t('billing.take.chooseDesk') : t('billing.take.noDesks')}
                    options={list.map((c) => ({ value: c.id, label: c.name }))}
                    data-testid="archive-desk"
                  />
                )}
              </form.AppField>
              <form.AppField name="method">
                {(f) => (
                  <f.SelectField
                    label="billing.take.method"
                    required
                    options={PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(t, m) }))}
                    data-testid="archive-method"
                  />
                )}
              </form.AppField>
            </div>
            {desk ? <p className={hint}>{t('student_detail.archive.money.deskHolds', { amount: formatMoney(desk.balances[method] ?? '0') })}</p> : null}
          </>
        ) : null}
      </div>
      <FormFooter write={write} onCancel={onClose} submitLabel={t('student_status.archive_form.submit')} tone="danger" />
    </form>
  );
}
